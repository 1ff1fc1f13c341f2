// Ad Management: upload up to 5 ads at a time with a duration and optional
// link each, list them, delete with confirmation.
import { useState, type FormEvent } from 'react';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/ads';
import { api } from '../../lib/api.ts';
import { requireRole } from '../../lib/guard.ts';
import { ConfirmModal } from '../../components/admin-site/ConfirmModal.tsx';
import { checkFiles, FilePickField } from '../../components/admin-site/FilePickField.tsx';
import { useFilePreviews } from '../../components/admin-site/useFilePreviews.ts';
import { NoticeLine } from '../../components/admin-site/NoticeLine.tsx';
import { LeaveGuard } from '../../components/form/LeaveGuard.tsx';
import { serverMessage, type Notice } from '../../components/admin-site/feedback.ts';
import { adminMeta, loaded } from '../../components/admin-site/screen.ts';
import { Field, fieldProps, FormError } from '../../components/form/Field.tsx';
import {
  AD_DEFAULT_DURATION,
  AD_IMAGE_TYPES,
  AD_MESSAGES,
  AdDetailSchema,
  AdListSchema,
  AdUploadResultSchema,
  MAX_ADS_PER_UPLOAD,
  type Ad,
} from '../../../contract/ads.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import '../../styles/admin-site.css';

export const meta = () => adminMeta('Ad Management');
export const handle: ScreenHandle = { loadingText: 'Loading ads...' };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ['ADMIN']);
  return loaded(api('/admin/ads', AdListSchema), AD_MESSAGES.fetchFailed);
}

type Pending = { key: string; file: File; preview: string; duration: string; link: string };
type PendingField = 'durationInSeconds' | 'link';

let pendingCounter = 0;

export default function AdManagement() {
  const first = useLoaderData<typeof clientLoader>();
  const [ads, setAds] = useState<Ad[]>(first.data ?? []);
  const [pending, updatePending] = useFilePreviews<Pending>();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState<Ad | null>(null);
  const [deleting, setDeleting] = useState(false);

  function choose(files: File[]) {
    // at most 5 per upload, extras dropped (the server drops them too).
    const kept = files.slice(0, MAX_ADS_PER_UPLOAD);
    const { accepted, errors } = checkFiles(kept, AD_IMAGE_TYPES, {
      unsupported: AD_MESSAGES.notAllowed,
      tooLarge: AD_MESSAGES.tooLarge,
    });
    if (files.length > kept.length) errors.unshift(AD_MESSAGES.dropped(files.length - kept.length));
    setFileErrors(errors);
    setFieldErrors({});
    setNotice(null);
    updatePending(() =>
      accepted.map((file) => ({
        key: `ad-${++pendingCounter}`,
        file,
        preview: URL.createObjectURL(file),
        duration: String(AD_DEFAULT_DURATION),
        link: '',
      })),
    );
  }

  // Editing a field clears its message; the next Upload checks again.
  const update = (key: string, field: PendingField, value: string) => {
    updatePending((list) => list.map((p) => (p.key === key ? { ...p, [field === 'link' ? 'link' : 'duration']: value } : p)));
    setFieldErrors(({ [`${key}-${field}`]: _cleared, ...rest }) => rest);
  };

  async function upload(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (pending.length === 0) {
      setNotice({ ok: false, text: AD_MESSAGES.noneSelected });
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
      setNotice({ ok: true, text: result.notice ? `${AD_MESSAGES.uploaded} ${result.notice}` : AD_MESSAGES.uploaded });
    } catch (error) {
      const detail = serverMessage(error);
      setNotice({ ok: false, text: detail ? `${AD_MESSAGES.uploadFailed}: ${detail}` : AD_MESSAGES.uploadFailed });
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
      setNotice({ ok: true, text: AD_MESSAGES.deleted });
    } catch {
      setNotice({ ok: false, text: AD_MESSAGES.deleteFailed });
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  }

  /** One of a pending ad's fields, with its message. */
  const pendingField = (p: Pending, field: PendingField, label: string, input: object) => {
    const id = `${p.key}-${field}`;
    return (
      <Field id={id} label={label} error={fieldErrors[id]}>
        <input
          {...fieldProps(id, fieldErrors[id])}
          {...input}
          value={field === 'link' ? p.link : p.duration}
          onChange={(e) => update(p.key, field, e.target.value)}
        />
      </Field>
    );
  };

  return (
    <main className="page">
      <h1>Ad Management</h1>

      <form onSubmit={(e) => void upload(e)} noValidate aria-labelledby="upload-heading">
        {/* Chosen ads not uploaded yet are asked about before leaving. */}
        <LeaveGuard when={pending.length > 0 && !uploading} />
        <h2 id="upload-heading">Upload ads</h2>
        <FilePickField
          id="ad-images"
          label={`Ad images (up to ${MAX_ADS_PER_UPLOAD} at a time; JPEG, PNG, GIF or WEBP, up to 2 MB each)`}
          types={AD_IMAGE_TYPES}
          errors={fileErrors}
          onFiles={choose}
        />
        {pending.length > 0 && (
          <ul className="ad-pending">
            {pending.map((p) => (
              <li key={p.key}>
                <div>
                  <img src={p.preview} alt={`Preview of ${p.file.name}`} />
                  <span className="file-name">{p.file.name}</span>
                </div>
                {pendingField(p, 'durationInSeconds', `Duration for ${p.file.name} (seconds)`, {
                  type: 'number',
                  inputMode: 'numeric',
                  min: 1,
                  step: 1,
                })}
                {pendingField(p, 'link', `Link for ${p.file.name} (optional)`, {
                  type: 'url',
                  inputMode: 'url',
                  placeholder: 'https://',
                })}
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
        {first.error ? (
          <FormError>{first.error}</FormError>
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

      <ConfirmModal
        open={confirming !== null}
        title="Delete ad"
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      >
        <p>{AD_MESSAGES.confirmDelete}</p>
      </ConfirmModal>
    </main>
  );
}
