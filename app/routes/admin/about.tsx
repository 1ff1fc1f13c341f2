// About Us Management: rich-text content and up to 4 images.
// Saved with POST when none exists, otherwise PUT; PUT sends `keepImageUrls` (the current images
// still shown, in order) so single images can be removed while new ones are added after them.
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/about';
import { api, ApiRequestError } from '../../lib/api.ts';
import { requireRole } from '../../lib/guard.ts';
import { useFilePreviews } from '../../components/admin-site/useFilePreviews.ts';
import { NoticeLine } from '../../components/admin-site/NoticeLine.tsx';
import { LeaveGuard } from '../../components/form/LeaveGuard.tsx';
import { checkFiles, FilePickField } from '../../components/admin-site/FilePickField.tsx';
import { serverMessage, type Notice } from '../../components/admin-site/feedback.ts';
import { adminMeta, loaded } from '../../components/admin-site/screen.ts';
import { FormError } from '../../components/form/Field.tsx';
import { TeluguTypingToggle } from '../../components/TeluguTypingToggle.tsx';
import {
  ABOUT_IMAGE_TYPES,
  ABOUT_MESSAGES,
  AboutSavedSchema,
  AboutUsSchema,
  MAX_ABOUT_IMAGES,
  type AboutUs,
} from '../../../contract/about.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import '../../styles/reporter.css';
import '../../styles/admin-site.css';

const RichTextEditor = lazy(() => import('../../components/editor/RichTextEditor.tsx'));

export const meta = () => adminMeta('About Us Management');
export const handle: ScreenHandle = { loadingText: 'Loading About Us content...' };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ['ADMIN']);
  // no-store: the public answer may be cached, and the admin must see what was just saved.
  return loaded(api('/public/about', AboutUsSchema.nullable(), { cache: 'no-store' }), ABOUT_MESSAGES.loadFailed);
}

export default function AboutUsManagement() {
  const first = useLoaderData<typeof clientLoader>();
  return (
    <main className="page">
      <h1>About Us Management</h1>
      {first.error ? <FormError>{first.error}</FormError> : <AboutForm saved={first.data} />}
    </main>
  );
}

type NewImage = { file: File; preview: string };

/** `saved`: the page as stored (null: none yet, so the first save is a POST). */
function AboutForm({ saved: initial }: { saved: AboutUs | null }) {
  const [saved, setSaved] = useState(initial);
  const [content, setContent] = useState(initial?.content ?? '');
  const [kept, setKept] = useState<string[]>(initial?.imageUrls ?? []);
  const [added, updateAdded] = useFilePreviews<NewImage>();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);

  const dropAdded = (keep: (a: NewImage) => boolean) => updateAdded((list) => list.filter(keep));
  const total = kept.length + added.length;

  function addFiles(files: File[]) {
    const { accepted, errors } = checkFiles(files, ABOUT_IMAGE_TYPES, ABOUT_MESSAGES);
    const room = MAX_ABOUT_IMAGES - total;
    if (accepted.length > room) errors.push(ABOUT_MESSAGES.tooManyImages);
    setFileErrors(errors);
    const taken = accepted.slice(0, Math.max(room, 0)).map((file) => ({ file, preview: URL.createObjectURL(file) }));
    if (taken.length) updateAdded((a) => [...a, ...taken]);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (total > MAX_ABOUT_IMAGES) {
      setNotice({ ok: false, text: ABOUT_MESSAGES.tooManyImages });
      return;
    }
    const form = new FormData();
    form.append('content', content);
    if (saved) form.append('keepImageUrls', JSON.stringify(kept));
    for (const a of added) form.append('images', a.file, a.file.name);
    setSaving(true);
    try {
      const page = await api('/admin/about', AboutSavedSchema, { method: saved ? 'PUT' : 'POST', body: form });
      dropAdded(() => false);
      setFileErrors([]);
      setSaved(page);
      // As stored (sanitised): what the leave guard compares the text with.
      setContent(page.content);
      setKept(page.imageUrls);
      setNotice({ ok: true, text: ABOUT_MESSAGES.saved });
    } catch (error) {
      // a 400 on save shows the server's words (e.g. the entry already exists).
      const text =
        error instanceof ApiRequestError && error.status === 400 && error.serverMessage
          ? error.serverMessage
          : `${ABOUT_MESSAGES.saveFailed}${serverMessage(error) ?? (error instanceof Error ? error.message : String(error))}`;
      setNotice({ ok: false, text });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      {/* Text or pictures changed and not saved yet are asked about before leaving. */}
      <LeaveGuard
        when={
          !saving &&
          (content !== (saved?.content ?? '') || added.length > 0 || kept.join('\n') !== (saved?.imageUrls ?? []).join('\n'))
        }
      />
      <TeluguTypingToggle />
      <div className="field">
        <span className="label" id="about-content-label">
          Content
        </span>
        <Suspense fallback={<div className="editor-loading">Loading editor...</div>}>
          <RichTextEditor initialContent={initial?.content ?? ''} onChange={setContent} label="About Us content" />
        </Suspense>
      </div>

      <section aria-labelledby="about-images-heading">
        <h2 id="about-images-heading">
          Images ({total} of {MAX_ABOUT_IMAGES})
        </h2>
        {total > 0 && (
          <ul className="about-images">
            {kept.map((url, i) => (
              <li key={url}>
                <img src={url} alt={`About Us image ${i + 1}`} loading="lazy" />
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`Remove image ${i + 1}`}
                  onClick={() => setKept((k) => k.filter((u) => u !== url))}
                >
                  Remove
                </button>
              </li>
            ))}
            {added.map((a) => (
              <li key={a.preview}>
                <img src={a.preview} alt={`New image: ${a.file.name}`} />
                <span className="file-name">{a.file.name}</span>
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`Remove ${a.file.name}`}
                  onClick={() => dropAdded((b) => b !== a)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <FilePickField
          id="about-images"
          label={`Add images (up to ${MAX_ABOUT_IMAGES} in all; JPG, PNG or WEBP, up to 2 MB each)`}
          types={ABOUT_IMAGE_TYPES}
          disabled={total >= MAX_ABOUT_IMAGES}
          errors={fileErrors}
          onFiles={addFiles}
        />
      </section>

      <div className="save-row">
        <button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
      <NoticeLine notice={notice} />
    </form>
  );
}
