// About Us Management: rich-text content and up to 4 images, and the text's history (restore an
// earlier one: intent 'restore' of the clientAction).
// Saved with POST when none exists, otherwise PUT; PUT sends `keepImageUrls` (the current images
// still shown, in order) so single images can be removed while new ones are added after them.
import { lazy, Suspense, useState } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import type { Route } from './+types/about';
import { call, formOf } from '../../lib/api.ts';
import { useFilePreviews } from '../../components/admin-site/useFilePreviews.ts';
import { NoticeLine } from '../../components/dashboard/notice.tsx';
import { outcome, refused, type Outcome } from '../../components/dashboard/outcome.ts';
import { failureStatus, serverMessage } from '../../components/dashboard/failure.ts';
import { LeaveGuard } from '../../components/dashboard/LeaveGuard.tsx';
import { checkFiles, FilePickField } from '../../components/admin-site/FilePickField.tsx';
import { adminLoader, adminMeta } from '../../components/dashboard/screen.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import { TeluguTypingToggle } from '../../components/TeluguTypingToggle.tsx';
import {
  ABOUT_IMAGE_TYPES,
  ABOUT_MESSAGES,
  ABOUT_ROUTES,
  AboutFieldsSchema,
  MAX_ABOUT_IMAGES,
  type AboutUs,
} from '../../../contract/about.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { AboutHistory } from '../../components/admin-site/AboutHistory.tsx';
import '../../styles/reporter.css';
import '../../styles/admin-site.css';

const RichTextEditor = lazy(() => import('../../components/editor/RichTextEditor.tsx'));

export const meta = () => adminMeta('About Us Management');
export const handle: ScreenHandle = { loadingText: 'Loading About Us content...' };

export const clientLoader = adminLoader(() => call(ABOUT_ROUTES.adminRead), ABOUT_MESSAGES.loadFailed);

/**
 * The save: `content`, `keepImageUrls` (JSON; only when the page exists, so the save is an update)
 * and the new `images`. The page reloads after, so the form starts again from what was stored.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<Outcome> {
  const form = await request.formData();
  if (form.get('intent') === 'restore') {
    const revId = Number(form.get('revId'));
    return outcome(call(ABOUT_ROUTES.restore, { params: { revId } }), (r) => r.message, {
      preferServer: true,
      failed: ABOUT_MESSAGES.saveFailed,
      errored: ABOUT_MESSAGES.saveFailed,
    });
  }
  const keep = form.get('keepImageUrls');
  const images = form.getAll('images').filter((f): f is File => f instanceof File);
  if ((keep ? (JSON.parse(String(keep)) as string[]).length : 0) + images.length > MAX_ABOUT_IMAGES)
    return refused(ABOUT_MESSAGES.tooManyImages);
  const fields = AboutFieldsSchema.parse({
    content: String(form.get('content') ?? ''),
    keepImageUrls: keep ? JSON.parse(String(keep)) : undefined,
  });
  const route = keep === null ? ABOUT_ROUTES.create : ABOUT_ROUTES.update;
  return outcome(call(route, { form: formOf(route, fields, { images }) }), ABOUT_MESSAGES.saved, (error) =>
    // a 400 on save shows the server's words (e.g. the entry already exists).
    failureStatus(error) === 400 && serverMessage(error)
      ? serverMessage(error)!
      : `${ABOUT_MESSAGES.saveFailed}${serverMessage(error) ?? (error instanceof Error ? error.message : String(error))}`,
  );
}

export default function AboutUsManagement() {
  const { data, error } = useLoaderData<typeof clientLoader>();
  const save = useFetcher<Outcome>();
  return (
    <main className="page">
      <h1>About Us Management</h1>
      {error ? (
        <FormError>{error}</FormError>
      ) : (
        <>
          {/* Keyed by what is stored: after a save the form starts again from the page as saved (sanitised). */}
          <AboutForm key={JSON.stringify(data)} saved={data} save={save} />
          <NoticeLine notice={save.state === 'idle' ? (save.data ?? null) : null} />
          {data && <AboutHistory key={JSON.stringify(data)} act={save} />}
        </>
      )}
    </main>
  );
}

type NewImage = { file: File; preview: string };

/** `saved`: the page as stored (null: none yet, so the first save creates it). */
function AboutForm({ saved, save }: { saved: AboutUs | null; save: ReturnType<typeof useFetcher<Outcome>> }) {
  const [content, setContent] = useState(saved?.content ?? '');
  const [kept, setKept] = useState<string[]>(saved?.imageUrls ?? []);
  const [added, updateAdded] = useFilePreviews<NewImage>();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const saving = save.state !== 'idle';

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

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const form = new FormData();
    form.append('content', content);
    if (saved) form.append('keepImageUrls', JSON.stringify(kept));
    for (const a of added) form.append('images', a.file, a.file.name);
    void save.submit(form, { method: 'post', encType: 'multipart/form-data' });
  }

  return (
    <form onSubmit={submit} noValidate>
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
          <RichTextEditor initialContent={saved?.content ?? ''} onChange={setContent} label="About Us content" />
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
    </form>
  );
}
