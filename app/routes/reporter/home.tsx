// The reporter's desk: its tiles (write; the drafts, pending and rejected, and published stories,
// each with how many there are), and the reporter's drafts (open, delete). Open to REPORTER and
// ADMIN (the layout guards it); the screens behind the tiles and the drafts are REPORTER only, so an
// admin sees the tiles without counts.
import type { ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import type { Route } from './+types/home';
import { call } from '../../lib/api.ts';
import { requireRole } from '../../lib/guard.ts';
import { clearLocalDraft, loadLocalDraftOwner, readLocalDraft } from '../../components/article-form/draft-storage.ts';
import { DeskPage } from '../../components/article-form/DeskPage.tsx';
import { ConfirmDialog, useConfirm } from '../../components/dashboard/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/public/format.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import type { Draft } from '../../../contract/drafts.ts';
import { ARTICLE_ROUTES, DRAFT_ROUTES, type ReporterCounts } from '../../../contract/reporter.ts';
import '../../styles/reporter.css';

export const meta = () => [{ title: 'Reporter Dashboard' }, { name: 'robots', content: 'noindex' }];

export const DESK_TEXT = {
  draftsFailed: 'Failed to load drafts.',
  deleteFailed: 'Failed to delete draft. Please try again.',
} as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // The layout has checked the role for this navigation already: this reads its answer.
  if ((await requireRole(request, ['REPORTER', 'ADMIN'])) !== 'REPORTER') return { drafts: null, counts: null, error: null };
  const [drafts, counts] = await Promise.all([
    call(DRAFT_ROUTES.list).catch(() => null),
    // Without counts the tiles still lead to their lists.
    call(ARTICLE_ROUTES.counts).catch(() => null),
  ]);
  return drafts ? { drafts, counts, error: null } : { drafts: [], counts, error: DESK_TEXT.draftsFailed };
}

/** Deleting a draft (and this browser's copy of it); the drafts and the counts are read again after it. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const id = Number((await request.formData()).get('id'));
  try {
    await call(DRAFT_ROUTES.remove, { params: { id } });
    await loadLocalDraftOwner();
    if (readLocalDraft()?.draftId === id) clearLocalDraft();
    return { id, error: null };
  } catch {
    return { id, error: DESK_TEXT.deleteFailed };
  }
}

// While the role is checked the desk's tiles show already (drawn by the layout's fallback).
export const handle: ScreenHandle = { Loading: () => <DeskTiles counts={null} /> };

/** One number of a tile: '3 pending', '1 draft'. */
function Count({ n, label, one = label }: { n: number; label: string; one?: string }) {
  return (
    <span className="tile-count" data-count={label}>
      <strong>{n}</strong> {n === 1 ? one : label}
    </span>
  );
}

function Tile({ to, label, children }: { to: string; label: string; children?: ReactNode }) {
  return (
    <li>
      <Link to={to}>
        <span className="tile-label">{label}</span>
        {children && <span className="tile-counts">{children}</span>}
      </Link>
    </li>
  );
}

export function DeskTiles({ counts, children }: { counts: ReporterCounts | null; children?: ReactNode }) {
  return (
    <DeskPage kind="reporter-page" title="Reporter Dashboard">
      <ul className="dashboard-links dashboard-tiles">
        <Tile to="/reporter-dashboard/article-create" label="Write New Article" />
        {counts && (
          <Tile to="/reporter-dashboard#drafts-heading" label="Drafts">
            <Count n={counts.drafts} label="drafts" one="draft" />
          </Tile>
        )}
        <Tile to="/reporter-dashboard/pending-rejected-articles" label="Pending / Rejected Articles">
          {counts && (
            <>
              <Count n={counts.pending + counts.scheduled} label="pending" />
              <Count n={counts.rejected} label="rejected" />
            </>
          )}
        </Tile>
        <Tile to="/reporter-dashboard/my-articles" label="My Approved Articles">
          {counts && <Count n={counts.published} label="published" />}
        </Tile>
      </ul>
      {children}
    </DeskPage>
  );
}

export default function ReporterHome({ loaderData }: Route.ComponentProps) {
  return (
    <DeskTiles counts={loaderData.counts}>
      {loaderData.drafts && <Drafts drafts={loaderData.drafts} error={loaderData.error} />}
    </DeskTiles>
  );
}

function Drafts({ drafts, error }: { drafts: Draft[]; error: string | null }) {
  const fetcher = useFetcher<typeof clientAction>();
  const deleting = useConfirm<Draft>();
  const busy = fetcher.state !== 'idle';
  const remove = (draft: Draft | null) => {
    if (draft) void fetcher.submit({ id: draft.id }, { method: 'post' });
    deleting.dialog.onCancel();
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
              <span className="draft-saved">
                saved <time dateTime={d.updatedAt}>{formatDateTime(d.updatedAt)}</time>
              </span>{' '}
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
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete draft"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        danger
        busy={busy}
        onConfirm={() => remove(deleting.item)}
      >
        <p>Are you sure you want to delete this draft?</p>
        <p className="modal-article-title" lang="te">
          {deleting.item?.title.trim() || 'Untitled draft'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
