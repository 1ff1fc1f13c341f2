// Pending / Rejected Articles: REJECTED before PENDING, each with its status and, beside a rejected
// article, the admin's reason. Edit and delete are allowed for both statuses; a scheduled one (accepted,
// not yet public) is listed with its time.
import { Link, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/pending-rejected';
import { ConfirmDialog } from '../../components/dashboard/ConfirmDialog.tsx';
import { DELETE_ARTICLE, useConfirmedDelete } from '../../components/article-form/useConfirmedDelete.ts';
import { outcome, type Outcome } from '../../components/dashboard/outcome.ts';
import { ArticleRow, listFailure } from '../../components/article-form/ArticleRow.tsx';
import { loadingScreen, DeskPage, ReporterCrumbs } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { loaded } from '../../components/dashboard/screen.ts';
import { StatusBadge } from '../../components/article-form/ArticleView.tsx';
import { formatDateTime } from '../../components/public/format.ts';
import { FormError, FormStatus } from '../../components/dashboard/Field.tsx';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import type { Article } from '../../../contract/articles.ts';
import { call } from '../../lib/api.ts';
import { ARTICLE_ROUTES } from '../../../contract/reporter.ts';
import { useEditingMarks } from '../../components/article-form/desk-together.tsx';
import '../../styles/reporter.css';

export const meta = () => [{ title: 'Pending / Rejected Articles' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = () => loaded(call(ARTICLE_ROUTES.pendingRejected), listFailure);

/** Deleting one (the list is read again after it). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<Outcome<{ id: number }>> {
  const id = Number((await request.formData()).get('id'));
  return outcome(
    call(ARTICLE_ROUTES.remove, { params: { id } }),
    'Article deleted successfully.',
    ARTICLE_MESSAGES.deleteFailed,
    {
      id,
    },
  );
}

/** A refused delete changes nothing: the list stays as it is, the question stays open. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as { ok?: boolean } | undefined)?.ok === false ? false : defaultShouldRevalidate;
}

const page = { kind: 'reporter-page', back: <ReporterCrumbs />, title: 'Pending / Rejected Articles' } as const;

export const handle: ScreenHandle = { Loading: loadingScreen(page, 'Loading articles...') };

export default function PendingRejectedScreen({ loaderData }: Route.ComponentProps) {
  const { data: articles, error } = loaderData;
  const editing = useEditingMarks(articles?.map((a) => a.id) ?? []);
  const deleting = useConfirmedDelete<Article>();
  return (
    <DeskPage {...page}>
      <FormStatus status={deleting.done} />
      <FormError>{error}</FormError>
      {articles && articles.length === 0 && <p>No pending or rejected articles.</p>}
      {articles && articles.length > 0 && (
        <ul className="article-list">
          {articles.map((a) => (
            <ArticleRow
              key={a.id}
              article={a}
              editing={editing.has(a.id)}
              meta={
                <>
                  <StatusBadge status={a.approvalStatus} /> {a.approvalStatus === 'SCHEDULED' ? 'Publishes ' : ''}
                  <time dateTime={a.publicationDate}>{formatDateTime(a.publicationDate)}</time>
                </>
              }
            >
              <Link to={`/reporter/view-article/${a.id}`} aria-label={`View ${a.title}`}>
                View
              </Link>
              {a.approvalStatus !== 'SCHEDULED' && (
                <>
                  <Link to={`/reporter-dashboard/article-edit/${a.id}`} aria-label={`Edit ${a.title}`}>
                    Edit
                  </Link>
                  <button type="button" className="danger" aria-label={`Delete ${a.title}`} onClick={() => deleting.ask(a)}>
                    Delete
                  </button>
                </>
              )}
            </ArticleRow>
          ))}
        </ul>
      )}
      <ConfirmDialog {...deleting.dialog} {...DELETE_ARTICLE} busy={deleting.busy} onConfirm={deleting.confirm}>
        <p>Are you sure you want to delete this article?</p>
        <p className="modal-article-title">{deleting.item?.title}</p>
        <FormError>{deleting.failed}</FormError>
      </ConfirmDialog>
    </DeskPage>
  );
}
