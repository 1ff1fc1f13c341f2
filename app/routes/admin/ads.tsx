// Ad Management: upload up to 5 ads at a time with a duration and optional
// link each, list them, delete with confirmation.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../lib/api.ts';
import { Modal } from '../../components/Modal.tsx';
import { useFilePreviews } from '../../components/admin-site/useFilePreviews.ts';
import { NoticeLine } from '../../components/admin-site/NoticeLine.tsx';
import { LeaveGuard } from '../../components/form/LeaveGuard.tsx';
import { serverMessage, type Notice } from '../../components/admin-site/feedback.ts';
import {
  AD_DEFAULT_DURATION,
  AD_IMAGE_TYPES,
  AD_MESSAGES,
  AdDetailSchema,
  MAX_ADS_PER_UPLOAD,
  type Ad,
} from '../../../contract/ads.ts';
import { MAX_IMAGE_BYTES } from '../../../contract/articles.ts';
import '../../styles/admin-site.css';
import { AdListSchema, AdUploadResultSchema } from '../../../contract/ads.ts';

export function meta() {
  return [{ title: 'Ad Management' }, { name: 'robots', content: 'noindex' }];
}

type Pending = { key: string; file: File; preview: string; duration: string; link: string };

let pendingCounter = 0;

export default function AdManagement() {
  const [ads, setAds] = useState<Ad[]>([]);
  const [loading, setLoading] = useState(true);
  const [listError, setListError] = useState<string | null>(null);
  const [pending, updatePending] = useFilePreviews<Pending>();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState<Ad | null>(null);
  const [deleting, setDeleting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let cancelled = false;
    api('/admin/ads', AdListSchema)
      .then((list) => !cancelled && setAds(list))
      .catch(() => !cancelled && setListError(AD_MESSAGES.fetchFailed))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, []);

  function choose(list: FileList | null) {
    const files = Array.from(list ?? []);
    const errors: string[] = [];
    // at most 5 per upload, extras dropped (the server drops them too).
    const kept = files.slice(0, MAX_ADS_PER_UPLOAD);
    if (files.length > kept.length) errors.push(AD_MESSAGES.dropped(files.length - kept.length));
    const valid: Pending[] = [];
    for (const file of kept) {
      if (!(AD_IMAGE_TYPES as readonly string[]).includes(file.type)) errors.push(AD_MESSAGES.notAllowed(file.name));
      else if (file.size > MAX_IMAGE_BYTES) errors.push(AD_MESSAGES.tooLarge(file.name));
      else
        valid.push({
          key: `ad-${++pendingCounter}`,
          file,
          preview: URL.createObjectURL(file),
          duration: String(AD_DEFAULT_DURATION),
          link: '',
        });
    }
    setFileErrors(errors);
    setFieldErrors({});
    setNotice(null);
    updatePending(() => valid);
  }

  // Editing a field clears its message; the next Upload checks again.
  const update = (key: string, patch: Partial<Pending>) => {
    updatePending((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));
    const field = 'duration' in patch ? 'durationInSeconds' : 'link';
    setFieldErrors(({ [`${key}-${field}`]: _cleared, ...rest }) => rest);
  };

  async function upload(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (pending.length === 0) {
      setNotice({ kind: 'error', text: AD_MESSAGES.noneSelected });
      return;
    }
    const errors: Record<string, string> = {};
    const details = pending.map((p) => {
      const parsed = AdDetailSchema.safeParse({
        durationInSeconds: p.duration.trim() === '' ? undefined : p.duration,
        link: p.link,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors[`${p.key}-${String(issue.path[0])}`] ??= issue.message;
        return null;
      }
      return parsed.data;
    });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;

    const form = new FormData();
    for (const p of pending) form.append('images', p.file, p.file.name);
    form.append('adDetails', JSON.stringify(details));
    setUploading(true);
    try {
      const result = await api('/admin/ads', AdUploadResultSchema, { method: 'POST', body: form });
      setAds((list) => [...list, ...result.ads]);
      updatePending(() => []);
      setFileErrors([]);
      if (fileInput.current) fileInput.current.value = '';
      setNotice({ kind: 'success', text: result.notice ? `${AD_MESSAGES.uploaded} ${result.notice}` : AD_MESSAGES.uploaded });
    } catch (error) {
      const detail = serverMessage(error);
      setNotice({ kind: 'error', text: detail ? `${AD_MESSAGES.uploadFailed}: ${detail}` : AD_MESSAGES.uploadFailed });
    } finally {
      setUploading(false);
    }
  }

  async function confirmDelete() {
    if (!confirming) return;
    const ad = confirming;
    setDeleting(true);
    try {
      await api(`/admin/ads/${ad.id}`, { method: 'DELETE' });
      setAds((list) => list.filter((a) => a.id !== ad.id));
      setNotice({ kind: 'success', text: AD_MESSAGES.deleted });
    } catch {
      setNotice({ kind: 'error', text: AD_MESSAGES.deleteFailed });
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  }

  return (
    <main className="page">
      <h1>Ad Management</h1>

      <form onSubmit={(e) => void upload(e)} noValidate aria-labelledby="upload-heading">
        {/* Chosen ads not uploaded yet are asked about before leaving. */}
        <LeaveGuard when={pending.length > 0 && !uploading} />
        <h2 id="upload-heading">Upload ads</h2>
        <div className="field">
          <label htmlFor="ad-images">
            Ad images (up to {MAX_ADS_PER_UPLOAD} at a time; JPEG, PNG, GIF or WEBP, up to 2 MB each)
          </label>
          <input
            ref={fileInput}
            id="ad-images"
            type="file"
            multiple
            accept={AD_IMAGE_TYPES.join(',')}
            onChange={(e) => choose(e.target.files)}
          />
          {fileErrors.length > 0 && (
            <ul className="file-errors form-error" role="alert">
              {fileErrors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
        {pending.length > 0 && (
          <ul className="ad-pending">
            {pending.map((p) => (
              <li key={p.key}>
                <div>
                  <img src={p.preview} alt={`Preview of ${p.file.name}`} />
                  <span className="file-name">{p.file.name}</span>
                </div>
                <div className="field">
                  <label htmlFor={`${p.key}-duration`}>Duration for {p.file.name} (seconds)</label>
                  <input
                    id={`${p.key}-duration`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={p.duration}
                    aria-invalid={fieldErrors[`${p.key}-durationInSeconds`] ? true : undefined}
                    onChange={(e) => update(p.key, { duration: e.target.value })}
                  />
                  {fieldErrors[`${p.key}-durationInSeconds`] && (
                    <p className="field-error">{fieldErrors[`${p.key}-durationInSeconds`]}</p>
                  )}
                </div>
                <div className="field">
                  <label htmlFor={`${p.key}-link`}>Link for {p.file.name} (optional)</label>
                  <input
                    id={`${p.key}-link`}
                    type="url"
                    inputMode="url"
                    placeholder="https://"
                    value={p.link}
                    aria-invalid={fieldErrors[`${p.key}-link`] ? true : undefined}
                    onChange={(e) => update(p.key, { link: e.target.value })}
                  />
                  {fieldErrors[`${p.key}-link`] && <p className="field-error">{fieldErrors[`${p.key}-link`]}</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
        <button type="submit" disabled={uploading}>
          {uploading ? 'Uploading...' : 'Upload'}
        </button>
      </form>
      <NoticeLine notice={notice} />

      <section aria-labelledby="ads-heading">
        <h2 id="ads-heading">Current ads</h2>
        {loading ? (
          <p>Loading ads...</p>
        ) : listError ? (
          <p className="form-error" role="alert">
            {listError}
          </p>
        ) : ads.length === 0 ? (
          <p className="muted">No ads yet.</p>
        ) : (
          <ul className="ad-list">
            {ads.map((ad, i) => (
              <li key={ad.id}>
                <img src={ad.imageUrl} alt={`Ad ${i + 1}`} width={ad.width} height={ad.height} loading="lazy" />
                <p className="ad-meta">Shown for {ad.durationInSeconds} s</p>
                {ad.link ? (
                  <a className="ad-link" href={ad.link} target="_blank" rel="noopener noreferrer nofollow">
                    {ad.link}
                  </a>
                ) : (
                  <p className="ad-meta">No link</p>
                )}
                <button
                  type="button"
                  className="danger small"
                  aria-label={`Delete ad ${i + 1}`}
                  onClick={() => setConfirming(ad)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Modal open={confirming !== null} onClose={() => !deleting && setConfirming(null)} title="Delete ad">
        <h2>Delete ad</h2>
        <p>{AD_MESSAGES.confirmDelete}</p>
        <div className="modal-actions">
          <button type="button" className="danger" disabled={deleting} onClick={() => void confirmDelete()}>
            {deleting ? '...' : 'Confirm'}
          </button>
          <button type="button" className="secondary" disabled={deleting} onClick={() => setConfirming(null)}>
            Cancel
          </button>
        </div>
      </Modal>
    </main>
  );
}
