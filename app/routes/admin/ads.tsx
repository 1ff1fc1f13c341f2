// Ad Management: upload up to 5 ads at a time, each with a duration, an optional link and an
// optional start and end (India time); list them, edit one (the same fields), delete with
// confirmation (the upload and its checks: components/admin-site/AdUpload.tsx). Every write posts to the
// route's clientAction; the list reloads after.
import { useEffect, useState } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import type { Route } from './+types/ads';
import { call, formOf } from '../../lib/api.ts';
import { ConfirmDialog, useConfirm } from '../../components/dashboard/ConfirmDialog.tsx';
import { NoticeLine, type Notice } from '../../components/dashboard/notice.tsx';
import { joinReason, withReason } from '../../components/dashboard/failure.ts';
import { outcome, refused, type Outcome } from '../../components/dashboard/outcome.ts';
import {
  AdEditForm,
  adWindowText,
  AD_FIELD_NAMES,
  checkAdDetail,
  type AdTyped,
} from '../../components/admin-site/AdEditForm.tsx';
import { AdUploadForm, useAdUpload } from '../../components/admin-site/AdUpload.tsx';
import { adminLoader, adminMeta } from '../../components/dashboard/screen.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import { Modal } from '../../components/Modal.tsx';
import { AD_MESSAGES, AD_ROUTES, AdDetailsSchema, type Ad } from '../../../contract/ads.ts';
import { PathId } from '../../../contract/http.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import '../../styles/admin-site.css';

export const meta = () => adminMeta('Ad Management');
export const handle: ScreenHandle = { loadingText: 'Loading ads...' };

export const clientLoader = adminLoader(() => call(AD_ROUTES.adminList), AD_MESSAGES.fetchFailed);

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

export default function AdManagement() {
  const { data, error: loadError } = useLoaderData<typeof clientLoader>();
  const ads = data ?? [];
  const uploader = useFetcher<Outcome<{ id?: number }>>();
  const remover = useFetcher<Outcome<{ id?: number }>>();
  const editor = useFetcher<Outcome<{ id?: number }>>();
  const deleting = useConfirm<Ad>();
  const [editing, setEditing] = useState<Ad | null>(null);
  // The last outcome on the page: the browser's own check, else the latest write's answer.
  const [lastWrite, setLastWrite] = useState<'upload' | 'edit' | 'delete' | null>(null);
  const upload = useAdUpload(uploader, (sent) => setLastWrite(sent ? 'upload' : null));

  // An edit or a delete done closes its dialog.
  useEffect(() => {
    if (editor.state === 'idle' && editor.data?.ok) setEditing(null);
  }, [editor.state, editor.data]);
  const closeDelete = deleting.dialog.onCancel;
  useEffect(() => {
    if (remover.state === 'idle' && remover.data) closeDelete();
  }, [remover.state, remover.data, closeDelete]);

  const written = { upload: uploader, edit: editor, delete: remover }[lastWrite ?? 'upload'];
  const notice: Notice =
    upload.notice ??
    (lastWrite && written.state === 'idle' && written.data && (lastWrite !== 'edit' || written.data.ok)
      ? { ok: written.data.ok, text: written.data.text }
      : null);

  return (
    <main className="page">
      <h1>Ad Management</h1>
      <AdUploadForm upload={upload} uploading={uploader.state !== 'idle'} />
      <NoticeLine notice={notice} />

      <section aria-labelledby="ads-heading">
        <h2 id="ads-heading">Current ads</h2>
        {loadError ? (
          <FormError>{loadError}</FormError>
        ) : ads.length === 0 ? (
          <p className="muted">No ads yet.</p>
        ) : (
          <AdList
            ads={ads}
            onEdit={(ad) => {
              setLastWrite('edit');
              setEditing(ad);
            }}
            onDelete={deleting.ask}
          />
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

/** The current ads, each with its duration, link and window, and its Edit and Delete. */
function AdList({ ads, onEdit, onDelete }: { ads: Ad[]; onEdit(ad: Ad): void; onDelete(ad: Ad): void }) {
  return (
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
            <button type="button" className="secondary small" aria-label={`Edit ad ${i + 1}`} onClick={() => onEdit(ad)}>
              Edit
            </button>
            <button type="button" className="danger small" aria-label={`Delete ad ${i + 1}`} onClick={() => onDelete(ad)}>
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
