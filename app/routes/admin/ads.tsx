// Ad Management: upload up to 5 ads at a time, each with a duration, an optional link and an
// optional start and end (India time); list them, edit one (the same fields), delete with
// confirmation. Every write posts to the route's clientAction; the list reloads after.
import { useEffect, useState, type FormEvent } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import type { Route } from './+types/ads';
import { call, formOf } from '../../lib/api.ts';
import { requireRole } from '../../lib/guard.ts';
import { ConfirmDialog, useConfirm } from '../../components/dashboard/ConfirmDialog.tsx';
import { NoticeLine, type Notice } from '../../components/dashboard/notice.tsx';
import { joinReason, withReason } from '../../components/dashboard/failure.ts';
import { outcome, refused, type Outcome } from '../../components/dashboard/outcome.ts';
import { checkFiles, FilePickField } from '../../components/admin-site/FilePickField.tsx';
import { useFilePreviews } from '../../components/admin-site/useFilePreviews.ts';
import {
  AD_FIELD_NAMES,
  AD_WINDOW_HINT,
  AdDetailField,
  AdEditForm,
  adWindowText,
  checkAdDetail,
  NEW_AD_TYPED,
  type AdFieldName,
  type AdTyped,
} from '../../components/admin-site/AdEditForm.tsx';
import { LeaveGuard } from '../../components/dashboard/LeaveGuard.tsx';
import { adminMeta, loaded } from '../../components/dashboard/screen.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import { Modal } from '../../components/Modal.tsx';
import { AD_IMAGE_TYPES, AD_MESSAGES, AD_ROUTES, AdDetailsSchema, MAX_ADS_PER_UPLOAD, type Ad } from '../../../contract/ads.ts';
import { PathId } from '../../../contract/http.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import '../../styles/admin-site.css';

export const meta = () => adminMeta('Ad Management');
export const handle: ScreenHandle = { loadingText: 'Loading ads...' };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ['ADMIN']);
  return loaded(call(AD_ROUTES.adminList), AD_MESSAGES.fetchFailed);
}

/**
 * `intent=upload` (the `images` and their `adDetails`, JSON in the same order), `intent=update`
 * (`id`, `durationInSeconds`, `link`, `startsAt`, `endsAt`) or `intent=delete` (`id`). The outcome carries an edit's field messages and the ad it was about.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<Outcome<{ id?: number }>> {
  const form = await request.formData();
  const intent = form.get('intent');
  const id = PathId.parse(String(form.get('id') ?? ''));
  if (intent === 'delete') {
    return outcome(call(AD_ROUTES.remove, { params: { id } }), AD_MESSAGES.deleted, AD_MESSAGES.deleteFailed);
  }
  if (intent === 'update') {
    const typed = Object.fromEntries(AD_FIELD_NAMES.map((name) => [name, String(form.get(name) ?? '')])) as AdTyped;
    const checked = checkAdDetail(typed);
    if (!checked.ok) return refused(AD_MESSAGES.updateFailed, checked.fieldErrors as Record<string, string>, { id });
    return outcome(
      call(AD_ROUTES.update, { params: { id }, body: checked.detail }),
      AD_MESSAGES.updated,
      (error) => withReason(AD_MESSAGES.updateFailed, error),
      { id },
    );
  }
  const images = form.getAll('images').filter((f): f is File => f instanceof File);
  if (images.length === 0) return refused(AD_MESSAGES.noneSelected);
  const details = AdDetailsSchema.safeParse(JSON.parse(String(form.get('adDetails') ?? '[]')));
  if (!details.success) return refused(details.error.issues[0]?.message ?? AD_MESSAGES.badDetails);
  const upload = formOf(AD_ROUTES.upload, { adDetails: details.data }, { images });
  return outcome(
    call(AD_ROUTES.upload, { form: upload }),
    (result) => joinReason(AD_MESSAGES.uploaded, result.notice),
    (error) => withReason(AD_MESSAGES.uploadFailed, error),
  );
}

/** A chosen picture not uploaded yet, and its fields as typed. */
type Pending = { key: string; file: File; preview: string; typed: AdTyped };

let pendingCounter = 0;

export default function AdManagement() {
  const { data, error: loadError } = useLoaderData<typeof clientLoader>();
  const ads = data ?? [];
  const [pending, updatePending] = useFilePreviews<Pending>();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [checkNotice, setCheckNotice] = useState<Notice>(null);
  const uploader = useFetcher<Outcome<{ id?: number }>>();
  const remover = useFetcher<Outcome<{ id?: number }>>();
  const editor = useFetcher<Outcome<{ id?: number }>>();
  const deleting = useConfirm<Ad>();
  const [editing, setEditing] = useState<Ad | null>(null);
  const uploading = uploader.state !== 'idle';

  // An upload done empties the chosen files; an edit or a delete done closes its dialog.
  useEffect(() => {
    if (uploader.state === 'idle' && uploader.data?.ok) {
      updatePending(() => []);
      setFileErrors([]);
    }
  }, [uploader.state, uploader.data, updatePending]);
  useEffect(() => {
    if (editor.state === 'idle' && editor.data?.ok) setEditing(null);
  }, [editor.state, editor.data]);
  const closeDelete = deleting.dialog.onCancel;
  useEffect(() => {
    if (remover.state === 'idle' && remover.data) closeDelete();
  }, [remover.state, remover.data, closeDelete]);

  // The last outcome on the page: the browser's own check, else the latest write's answer.
  const [lastWrite, setLastWrite] = useState<'upload' | 'edit' | 'delete' | null>(null);
  const written = { upload: uploader, edit: editor, delete: remover }[lastWrite ?? 'upload'];
  const notice: Notice =
    checkNotice ??
    (lastWrite && written.state === 'idle' && written.data && (lastWrite !== 'edit' || written.data.ok)
      ? { ok: written.data.ok, text: written.data.text }
      : null);

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
    setCheckNotice(null);
    setLastWrite(null);
    updatePending(() =>
      accepted.map((file) => ({
        key: `ad-${++pendingCounter}`,
        file,
        preview: URL.createObjectURL(file),
        typed: NEW_AD_TYPED,
      })),
    );
  }

  // Editing a field clears its message; the next Upload checks again.
  const update = (key: string, field: AdFieldName, value: string) => {
    updatePending((list) => list.map((p) => (p.key === key ? { ...p, typed: { ...p.typed, [field]: value } } : p)));
    setFieldErrors(({ [`${key}-${field}`]: _cleared, ...rest }) => rest);
  };

  function upload(event: FormEvent) {
    event.preventDefault();
    setCheckNotice(null);
    setLastWrite(null);
    if (pending.length === 0) {
      setCheckNotice({ ok: false, text: AD_MESSAGES.noneSelected });
      return;
    }
    const errors: Record<string, string> = {};
    const details = pending.map((p) => {
      const checked = checkAdDetail(p.typed);
      if (checked.ok) return checked.detail;
      for (const [field, message] of Object.entries(checked.fieldErrors)) if (message) errors[`${p.key}-${field}`] = message;
      return null;
    });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;

    const form = new FormData();
    form.append('intent', 'upload');
    for (const p of pending) form.append('images', p.file, p.file.name);
    form.append('adDetails', JSON.stringify(details));
    setLastWrite('upload');
    void uploader.submit(form, { method: 'post', encType: 'multipart/form-data' });
  }

  return (
    <main className="page">
      <h1>Ad Management</h1>

      <form onSubmit={upload} noValidate aria-labelledby="upload-heading">
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
                {AD_FIELD_NAMES.map((field) => (
                  <AdDetailField
                    key={field}
                    id={`${p.key}-${field}`}
                    field={field}
                    file={p.file.name}
                    value={p.typed[field]}
                    onChange={(e) => update(p.key, field, e.target.value)}
                    error={fieldErrors[`${p.key}-${field}`]}
                  />
                ))}
              </li>
            ))}
          </ul>
        )}
        {pending.length > 0 && <p className="muted">{AD_WINDOW_HINT}</p>}
        <button type="submit" disabled={uploading}>
          {uploading ? 'Uploading...' : 'Upload'}
        </button>
      </form>
      <NoticeLine notice={notice} />

      <section aria-labelledby="ads-heading">
        <h2 id="ads-heading">Current ads</h2>
        {loadError ? (
          <FormError>{loadError}</FormError>
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
                <p className="ad-meta ad-window">{adWindowText(ad)}</p>
                <div className="ad-actions">
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`Edit ad ${i + 1}`}
                    onClick={() => {
                      setLastWrite('edit');
                      setEditing(ad);
                    }}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="danger small"
                    aria-label={`Delete ad ${i + 1}`}
                    onClick={() => deleting.ask(ad)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Modal open={editing !== null} onClose={() => setEditing(null)} title="Edit ad">
        {editing && (
          <AdEditForm
            key={editing.id}
            ad={editing}
            number={ads.findIndex((a) => a.id === editing.id) + 1}
            fetcher={editor}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmDialog
        {...deleting.dialog}
        title="Delete ad"
        confirmLabel="Confirm"
        danger
        busy={remover.state !== 'idle'}
        onConfirm={() => {
          setLastWrite('delete');
          void remover.submit({ intent: 'delete', id: deleting.item!.id }, { method: 'post' });
        }}
      >
        <p>{AD_MESSAGES.confirmDelete}</p>
      </ConfirmDialog>
    </main>
  );
}
