// Admin review (view-article/{id}), for a story under review (pending or rejected): read the article
// (its text first, then its pictures as thumbnails that open large), then approve, reject with an
// optional reason, schedule, or edit (several categories, the pictures too) and approve or schedule
// in one save (the form submits to this route's clientAction). 'Preview' shows the story as readers
// will see it, as it is or as edited. After approving or rejecting the screen offers the next
// pending story. A published or scheduled story's address leads to its own screen
// (view-approved-article), which has its history.
import { useState } from 'react';
import { Link, redirect, useFetcher, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/view-article';
import { ArticleView } from '../../components/article-form/ArticleView.tsx';
import { previewOfArticle, ReaderPreview } from '../../components/article-form/ReaderPreview.tsx';
import { RejectModal } from '../../components/admin-review/RejectModal.tsx';
import { ReviewEditor } from '../../components/admin-review/ReviewEditor.tsx';
import {
  isPublishedOrScheduled,
  loadAdminArticle,
  loadCategories,
  loadRevisions,
  publishedAddress,
  reviewAct,
  reviewAddress,
  reviewSave,
  type ActResult,
} from '../../components/admin-review/data.ts';
import type { Outcome } from '../../components/dashboard/outcome.ts';
import { isArticleSave } from '../../components/article-form/save.ts';
import { useNavigateLater } from '../../components/admin-review/feedback.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import { ADMIN_PENDING, BackTo, DeskPage, loadingScreen } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { call } from '../../lib/api.ts';
import { REVISION_ROUTES } from '../../../contract/revisions.ts';
import type { Article } from '../../../contract/articles.ts';
import type { Category } from '../../../contract/categories.ts';
import type { ChangesSinceRejection as Changes, RevisionSummary } from '../../../contract/drafts.ts';
import { SchedulePanel } from '../../components/admin-review/SchedulePanel.tsx';
import { ChangesSinceRejection, RevisionHistory } from '../../components/admin-review/Revisions.tsx';
import { EditingBanner, useEditingPresence } from '../../components/article-form/desk-together.tsx';
import '../../styles/reporter.css';
import '../../styles/admin-review.css';
import { NotesThread } from '../../components/notes/NotesThread.tsx';

export const meta = () => [{ title: 'Review article' }, { name: 'robots', content: 'noindex' }];

const PENDING_LIST = ADMIN_PENDING.to;

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const article = await loadAdminArticle(params.id);
  // Under review only: a published or scheduled story is worked on its own screen.
  if (article.data && isPublishedOrScheduled(article.data)) throw redirect(publishedAddress(article.data.id));
  if (!article.data) return { article, categories: null, revisions: [], changes: null };
  const id = article.data.id;
  const [categories, revisions, changes] = await Promise.all([
    loadCategories(),
    loadRevisions(id),
    call(REVISION_ROUTES.sinceRejection, { params: { id } }).then(
      (r) => r.changes,
      () => null,
    ),
  ]);
  return { article, categories, revisions, changes };
}

/** The review acts by their `intent` (reviewAct), and Edit & Approve's save (reviewSave). */
export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<Outcome<ActResult>> {
  const form = await request.formData();
  return isArticleSave(form) ? reviewSave(Number(params.id), form) : reviewAct(Number(params.id), form);
}

/**
 * After approving, rejecting, scheduling or Edit & Approve the screen keeps its story and says what
 * happened (a reload would lead away: it is no longer under review); after a restore it reads the
 * story again.
 */
export function shouldRevalidate({ formData, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent');
  const final = intent === 'approve' || intent === 'reject' || intent === 'schedule' || (!!formData && isArticleSave(formData));
  if (final && (actionResult as { ok?: boolean } | undefined)?.ok) return false;
  // A save refused for a newer version: the form keeps the conflict and the typed text as they are.
  if (formData && isArticleSave(formData) && (actionResult as { conflict?: unknown } | undefined)?.conflict) return false;
  return defaultShouldRevalidate;
}

const page = { kind: 'review-page', narrow: true, back: <BackTo {...ADMIN_PENDING} /> } as const;

export const handle: ScreenHandle = { Loading: loadingScreen({ ...page, title: 'Review article' }, 'Loading article...') };

export default function ReviewArticle({ loaderData }: Route.ComponentProps) {
  const { article, categories, revisions, changes } = loaderData;
  return (
    <DeskPage {...page} title={article.data ? undefined : 'Review article'}>
      {article.data ? (
        <Review
          // The next pending story is a fresh screen: no outcome of the one before.
          key={article.data.id}
          article={article.data}
          categories={categories}
          revisions={revisions}
          changes={changes}
        />
      ) : (
        <FormError>{article.error}</FormError>
      )}
    </DeskPage>
  );
}

/**
 * What the screen says after an act (the live region holds the outcome alone), then the next story
 * waiting, or that none is left.
 */
export function ActNotice({ outcome }: { outcome: Outcome<ActResult> }) {
  return (
    <>
      {outcome.ok ? (
        <p className="form-success" role="status">
          {outcome.text}
        </p>
      ) : (
        <div className="form-error" role="alert">
          <p>{outcome.text}</p>
          {outcome.detail && outcome.detail !== outcome.text && <p className="review-detail">{outcome.detail}</p>}
        </div>
      )}
      {outcome.next !== undefined && (
        <p className="review-next">
          {outcome.next ? (
            <Link className="review-button" to={reviewAddress(outcome.next.id)}>
              Next pending: <span lang="te">{outcome.next.title}</span>
            </Link>
          ) : (
            <>No more pending articles.</>
          )}{' '}
          <Link to={PENDING_LIST}>Back to Pending Articles</Link>
        </p>
      )}
    </>
  );
}

function Review({
  article: loaded,
  categories,
  revisions,
  changes,
}: {
  article: Article;
  categories: { data: Category[] | null; error: string | null } | null;
  revisions: RevisionSummary[];
  changes: Changes | null;
}) {
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  // Scheduled from the panel: the story is no longer under review.
  const [scheduled, setScheduled] = useState(false);
  const fetcher = useFetcher<Outcome<ActResult>>();
  const navigate = useNavigate();
  const navigateLater = useNavigateLater();
  const busy = fetcher.state !== 'idle';
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  const done = outcome?.ok === true;
  // The screen keeps its story after a final act (shouldRevalidate): shown as the act left it.
  const article = outcome?.article ?? loaded;
  // Who else has the story open: the review is read-only until taken over.
  const presence = useEditingPresence(loaded.id, loaded.version);
  const closed = busy || done || scheduled || presence.locked;
  return (
    <>
      <h1>{editing ? 'Edit & Approve' : 'Review article'}</h1>
      <EditingBanner presence={presence} />
      {outcome && <ActNotice outcome={outcome} />}
      {editing ? (
        categories?.data ? (
          <ReviewEditor
            article={article}
            categories={categories.data}
            approve
            locked={presence.locked}
            afterSuccess={(scheduled) => (scheduled ? navigate(publishedAddress(article.id)) : navigateLater(PENDING_LIST))}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <FormError>{categories?.error}</FormError>
        )
      ) : (
        <>
          <div className="review-toolbar">
            <button
              type="button"
              className="approve"
              onClick={() => void fetcher.submit({ intent: 'approve' }, { method: 'post' })}
              disabled={closed}
            >
              <span aria-hidden="true">✓ </span>Approve
            </button>
            <button type="button" className="reject" onClick={() => setRejecting(true)} disabled={closed}>
              <span aria-hidden="true">✕ </span>Reject
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(true)} disabled={closed}>
              Edit &amp; Approve
            </button>
            <button type="button" className="secondary" onClick={() => setPreviewing(true)}>
              Preview
            </button>
          </div>
          <ReaderPreview open={previewing} onClose={() => setPreviewing(false)} {...previewOfArticle(article)} />
          <SchedulePanel
            article={article}
            disabled={busy || done}
            onDone={() => {
              setScheduled(true);
              navigateLater(publishedAddress(article.id));
            }}
          />
          <ChangesSinceRejection changes={changes} />
          <ArticleView article={article} showStatus headingLevel={2} />
          <RevisionHistory articleId={article.id} revisions={revisions} version={article.version} />
        </>
      )}
      {/* Beside the story and its edit alike: the thread with its reporter, read again after a
          rejection (its reason is the thread's new note). */}
      <NotesThread key={`${article.approvalStatus}:${article.rejectionReason ?? ''}`} articleId={article.id} />
      <RejectModal
        open={rejecting}
        busy={busy}
        onCancel={() => setRejecting(false)}
        onConfirm={(reason) => {
          void fetcher.submit({ intent: 'reject', reason }, { method: 'post' }).then(() => setRejecting(false));
        }}
      />
    </>
  );
}
