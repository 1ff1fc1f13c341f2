// The reporter's desk: three links, and the reporter's drafts (open, delete). Open to
// REPORTER and ADMIN (the layout guards it); the screens behind the links and the drafts are
// REPORTER only.
import type { ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import type { Route } from './+types/home';
import { api } from '../../lib/api.ts';
import { requireRole } from '../../lib/guard.ts';
import { clearLocalDraft, loadLocalDraftOwner, readLocalDraft } from '../../components/article-form/draft-autosave.ts';
import { formatDate } from '../../components/article-form/ArticleView.tsx';
import { DeskPage } from '../../components/article-form/DeskPage.tsx';
import { ConfirmModal, useConfirm } from '../../components/form/ConfirmModal.tsx';
import { FormError } from '../../components/form/Field.tsx';
import type { Draft } from '../../../contract/drafts.ts';
import '../../styles/reporter.css';
import { DraftListSchema } from '../../../contract/articles.schema.ts';

const DELETE_DRAFT = { title: 'Delete draft', confirm: 'Delete', busy: 'Deleting...' };

export const meta = () => [{ title: 'Reporter Dashboard' }, { name: 'robots', content: 'noindex' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // The layout has checked the role for this navigation already: this reads its answer.
  if ((await requireRole(request, ['REPORTER', 'ADMIN'])) !== 'REPORTER') return { drafts: null, error: null };
  return api('/reporter/articles/drafts', DraftListSchema).then(
    (drafts) => ({ drafts, error: null }),
    () => ({ drafts: [], error: 'Failed to load drafts.' }),
  );
}

/** Deleting a draft (and this browser's copy of it). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const id = Number((await request.formData()).get('id'));
  try {
    await api(`/reporter/articles/drafts/${id}`, { method: 'DELETE' });
    await loadLocalDraftOwner();
    if (readLocalDraft()?.draftId === id) clearLocalDraft();
    return { id, error: null };
  } catch {
    return { id, error: 'Failed to delete draft. Please try again.' };
  }
}

// While the role is checked the desk's links show already (drawn by the layout's fallback).
export const handle: ScreenHandle = { Loading: DeskLinks };

function DeskLinks({ children }: { children?: ReactNode }) {
  return (
    <DeskPage kind="reporter-page" title="Reporter Dashboard">
      <ul className="dashboard-links">
        <li>
          <Link to="/reporter-dashboard/article-create">Write New Article</Link>
        </li>
        <li>
          <Link to="/reporter-dashboard/my-articles">My Approved Articles</Link>
        </li>
        <li>
          <Link to="/reporter-dashboard/pending-rejected-articles">Pending / Rejected Articles</Link>
        </li>
      </ul>
      {children}
    </DeskPage>
  );
}

export default function ReporterHome({ loaderData }: Route.ComponentProps) {
  return <DeskLinks>{loaderData.drafts && <Drafts drafts={loaderData.drafts} error={loaderData.error} />}</DeskLinks>;
}

function Drafts({ drafts, error }: { drafts: Draft[]; error: string | null }) {
  const fetcher = useFetcher<typeof clientAction>();
  const deleting = useConfirm<Draft>();
  const busy = fetcher.state !== 'idle';
  const remove = (draft: Draft | null) => {
    if (draft) void fetcher.submit({ id: draft.id }, { method: 'post' });
    deleting.modal.onCancel();
  };
  const failed = !busy && fetcher.data?.error ? fetcher.data.error : null;
  return (
    <section className="drafts" aria-labelledby="drafts-heading">
      <h2 id="drafts-heading">Drafts</h2>
      <FormError>{error ?? failed}</FormError>
      {drafts.length === 0 && <p>No drafts.</p>}
      {drafts.length > 0 && (
        <ul className="draft-list">
          {drafts.map((d) => (
            <li key={d.id}>
              <Link to={`/reporter-dashboard/write-article?draft=${d.id}`} lang="te">
                {d.title.trim() || 'Untitled draft'}
              </Link>{' '}
              <span className="draft-saved">saved {formatDate(d.updatedAt)}</span>{' '}
              <button
                type="button"
                className="secondary"
                onClick={() => deleting.ask(d)}
                aria-label={`Delete draft ${d.title || d.id}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal {...deleting.modal} words={DELETE_DRAFT} busy={busy} onConfirm={() => remove(deleting.item)}>
        <p>Are you sure you want to delete this draft?</p>
        <p className="modal-article-title" lang="te">
          {deleting.item?.title.trim() || 'Untitled draft'}
        </p>
      </ConfirmModal>
    </section>
  );
}
