// About Us Management: rich-text content and up to 4 images.
// Saved with POST when none exists, otherwise PUT; PUT sends `keepImageUrls` (the current images
// still shown, in order) so single images can be removed while new ones are added after them.
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { api, ApiRequestError } from '../../lib/api.ts';
import { useFilePreviews } from '../../components/admin-site/useFilePreviews.ts';
import { NoticeLine } from '../../components/admin-site/NoticeLine.tsx';
import { LeaveGuard } from '../../components/form/LeaveGuard.tsx';
import { TeluguTypingToggle } from '../../components/TeluguTypingToggle.tsx';
import { serverMessage, type Notice } from '../../components/admin-site/feedback.ts';
import { ABOUT_IMAGE_TYPES, ABOUT_MESSAGES, MAX_ABOUT_IMAGES, type AboutUs } from '../../../contract/about.ts';
import { MAX_IMAGE_BYTES } from '../../../contract/articles.ts';
import '../../styles/reporter.css';
import '../../styles/admin-site.css';
import { AboutSavedSchema, AboutUsSchema } from '../../../contract/about.ts';

const RichTextEditor = lazy(() => import('../../components/editor/RichTextEditor.tsx'));

export function meta() {
  return [{ title: 'About Us Management' }, { name: 'robots', content: 'noindex' }];
}

type NewImage = { file: File; preview: string };

export default function AboutUsManagement() {
  const [loaded, setLoaded] = useState<AboutUs | null>(null);
  const [exists, setExists] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [content, setContent] = useState('');
  // Remounts the editor with the saved content after a load (the editor ignores later prop changes).
  const [editorKey, setEditorKey] = useState(0);
  const [kept, setKept] = useState<string[]>([]);
  const [added, updateAdded] = useFilePreviews<NewImage>();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);

  function show(page: AboutUs | null) {
    setLoaded(page);
    setExists(page !== null);
    setContent(page?.content ?? '');
    setKept(page?.imageUrls ?? []);
    setEditorKey((k) => k + 1);
  }

  useEffect(() => {
    let cancelled = false;
    // no-store: the public answer may be cached, and the admin must see what was just saved.
    api('/public/about', AboutUsSchema.nullable(), { cache: 'no-store' })
      .then((page) => !cancelled && show(page))
      .catch(() => !cancelled && setLoadError(ABOUT_MESSAGES.loadFailed))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, []);

  const dropAdded = (keep: (a: NewImage) => boolean) => updateAdded((list) => list.filter(keep));
  const total = kept.length + added.length;

  function addFiles(list: FileList | null) {
    const files = Array.from(list ?? []);
    const errors: string[] = [];
    const accepted: NewImage[] = [];
    for (const file of files) {
      // The server decides by the bytes; this is the fast, friendly first check.
      if (!(ABOUT_IMAGE_TYPES as readonly string[]).includes(file.type)) errors.push(ABOUT_MESSAGES.unsupported(file.name));
      else if (file.size > MAX_IMAGE_BYTES) errors.push(ABOUT_MESSAGES.tooLarge(file.name));
      else accepted.push({ file, preview: URL.createObjectURL(file) });
    }
    const room = MAX_ABOUT_IMAGES - total;
    if (accepted.length > room) {
      errors.push(ABOUT_MESSAGES.tooManyImages);
      accepted.splice(room).forEach((a) => URL.revokeObjectURL(a.preview));
    }
    setFileErrors(errors);
    if (accepted.length) updateAdded((a) => [...a, ...accepted]);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (total > MAX_ABOUT_IMAGES) {
      setNotice({ kind: 'error', text: ABOUT_MESSAGES.tooManyImages });
      return;
    }
    const form = new FormData();
    form.append('content', content);
    if (exists) form.append('keepImageUrls', JSON.stringify(kept));
    for (const a of added) form.append('images', a.file, a.file.name);
    setSaving(true);
    try {
      const saved = await api('/admin/about', AboutSavedSchema, { method: exists ? 'PUT' : 'POST', body: form });
      dropAdded(() => false);
      setFileErrors([]);
      setLoaded(saved);
      // As stored (sanitised): what the leave guard compares the text with.
      setContent(saved.content);
      setExists(true);
      setKept(saved.imageUrls);
      setNotice({ kind: 'success', text: ABOUT_MESSAGES.saved });
    } catch (error) {
      // a 400 on save shows the server's words (e.g. the entry already exists).
      const text =
        error instanceof ApiRequestError && error.status === 400 && error.serverMessage
          ? error.serverMessage
          : `${ABOUT_MESSAGES.saveFailed}${serverMessage(error) ?? (error instanceof Error ? error.message : String(error))}`;
      setNotice({ kind: 'error', text });
    } finally {
      setSaving(false);
    }
  }

  return (
    <main className="page">
      <h1>About Us Management</h1>
      {loading ? (
        <p>Loading About Us content...</p>
      ) : loadError ? (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      ) : (
        <form onSubmit={(e) => void save(e)} noValidate>
          {/* Text or pictures changed and not saved yet are asked about before leaving. */}
          <LeaveGuard
            when={
              !saving &&
              (content !== (loaded?.content ?? '') ||
                added.length > 0 ||
                kept.join('\n') !== (loaded?.imageUrls ?? []).join('\n'))
            }
          />
          <TeluguTypingToggle />
          <div className="field">
            <span className="label" id="about-content-label">
              Content
            </span>
            <Suspense fallback={<div className="editor-loading">Loading editor...</div>}>
              <RichTextEditor
                key={editorKey}
                initialContent={loaded?.content ?? ''}
                onChange={setContent}
                label="About Us content"
              />
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
            <div className="field">
              <label htmlFor="about-images">
                Add images (up to {MAX_ABOUT_IMAGES} in all; JPG, PNG or WEBP, up to 2 MB each)
              </label>
              <input
                id="about-images"
                type="file"
                multiple
                accept={ABOUT_IMAGE_TYPES.join(',')}
                disabled={total >= MAX_ABOUT_IMAGES}
                onChange={(e) => {
                  addFiles(e.target.files);
                  e.target.value = '';
                }}
              />
              {fileErrors.length > 0 && (
                <ul className="file-errors form-error" role="alert">
                  {fileErrors.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
            </div>
          </section>

          <div className="save-row">
            <button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </button>
          </div>
          <NoticeLine notice={notice} />
        </form>
      )}
    </main>
  );
}
