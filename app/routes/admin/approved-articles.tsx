// approved articles, 15 per page, newest first, filter by title; view, edit, delete.
// Each shows its readers' views; the list sorts by views, and a table sums them per reporter.
// The page, the filter and the order are in the address (?page=&title=&sort=views).
import { Form, Link, redirect, useNavigate, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/approved-articles';
import { ArticleSummary } from '../../components/admin-review/ArticleSummary.tsx';
import { DELETE_ARTICLE, useConfirmedDelete } from '../../components/article-form/useConfirmedDelete.ts';
import { outcome, type Outcome } from '../../components/dashboard/outcome.ts';
import { failureText } from '../../components/dashboard/failure.ts';
import { ConfirmDialog } from '../../components/dashboard/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/public/format.ts';
import { pageParam, useListPaging } from '../../components/article-form/useListPaging.ts';
import { loadingScreen, DeskPage } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { FormError, FormStatus } from '../../components/dashboard/Field.tsx';
import { call } from '../../lib/api.ts';
import type { Article } from '../../../contract/articles.ts';
import { APPROVED_PAGE_SIZE, BREAKING_LABEL, REVIEW_ERRORS, REVIEW_MESSAGES, REVIEW_ROUTES } from '../../../contract/review.ts';
import { ReporterViews } from '../../components/admin-review/ReporterViews.tsx';
import { useEditingMarks } from '../../components/article-form/desk-together.tsx';
import '../../styles/admin-review.css';
import { Pagination } from '../../components/Pagination.tsx';

export const meta = () => [{ title: 'Approved Articles' }, { name: 'robots', content: 'noindex' }];

const SORTS = [
  ['newest', 'Newest'],
  ['views', 'Most views'],
] as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const title = url.searchParams.get('title')?.trim() ?? '';
  const sort = url.searchParams.get('sort') === 'views' ? 'views' : 'newest';
  const page = pageParam(url);
  try {
    const data = await call(REVIEW_ROUTES.approved, {
      query: { page, pageSize: APPROVED_PAGE_SIZE, title: title || undefined, sort: sort === 'newest' ? undefined : sort },
    });
    // A delete can empty the last page: step back to the new last page.
    if (data.content.length === 0 && page > 0 && data.totalPages > 0) {
      url.searchParams.set('page', String(data.totalPages - 1));
      throw redirect(`${url.pathname}?${url.searchParams}`);
    }
    return { title, sort, page, data, error: null };
  } catch (e) {
    if (e instanceof Response) throw e;
    return { title, sort, page, data: null, error: REVIEW_ERRORS.fetchApproved + failureText(e) };
  }
}

/** Deleting one (the page is read again after it). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<Outcome<{ id: number }>> {
  const id = Number((await request.formData()).get('id'));
  return outcome(
    call(REVIEW_ROUTES.remove, { params: { id } }),
    REVIEW_MESSAGES.deleted,
    (e) => REVIEW_ERRORS.delete + failureText(e),
    {
      id,
    },
  );
}

export const handle: ScreenHandle = {
  Loading: loadingScreen({ kind: 'review-page', title: 'Approved Articles' }, 'Loading approved articles...'),
};

export default function ApprovedArticles({ loaderData }: Route.ComponentProps) {
  const { title, sort, page, data, error } = loaderData;
  const editing = useEditingMarks(data?.content.map((a) => a.id) ?? []);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loading = useNavigation().state === 'loading';
  const deleting = useConfirmedDelete<Article>();
  const { listRef, goToPage } = useListPaging<HTMLUListElement>(data);
  const sortLink = (value: string) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (value === 'newest') next.delete('sort');
    else next.set('sort', value);
    return `?${next}`;
  };

  const totalPages = data?.totalPages ?? 0;
  return (
    <DeskPage kind="review-page" title="Approved Articles">
      {/* A new filter starts again at the first page, in the same order. */}
      <Form className="review-filter" role="search" method="get" key={title}>
        <label htmlFor="approved-filter" className="visually-hidden">
          Filter by title
        </label>
        <input id="approved-filter" name="title" type="search" placeholder="Filter by title" defaultValue={title} />
        {sort !== 'newest' && <input type="hidden" name="sort" value={sort} />}
        <button type="submit">Filter</button>
      </Form>
      <div className="review-sort" role="group" aria-label="Sort approved articles">
        <span>Sort by</span>
        {SORTS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="review-button secondary"
            aria-pressed={sort === value}
            onClick={() => void navigate(sortLink(value))}
          >
            {label}
          </button>
        ))}
      </div>
      <FormStatus status={deleting.done} />
      {!data ? (
        <FormError>{error}</FormError>
      ) : data.content.length === 0 ? (
        <p>{title ? `No approved articles match "${title}".` : 'No approved articles yet.'}</p>
      ) : (
        <ul className="review-list" ref={listRef} aria-busy={loading}>
          {data.content.map((article) => (
            <ArticleSummary
              key={article.id}
              article={article}
              dateLabel="Published"
              views={article.views}
              editing={editing.has(article.id)}
            >
              {article.breakingUntil && new Date(article.breakingUntil).getTime() > Date.now() && (
                <span className="breaking-label" title={`Breaking news until ${formatDateTime(article.breakingUntil)}`}>
                  {BREAKING_LABEL}
                </span>
              )}
              <Link
                className="review-button secondary"
                to={`/admin-dashboard/view-approved-article/${article.id}`}
                aria-label={`View: ${article.title}`}
              >
                View
              </Link>
              <Link
                className="review-button secondary"
                to={`/admin-dashboard/edit-approved-article/${article.id}`}
                aria-label={`Edit: ${article.title}`}
              >
                Edit
              </Link>
              <button
                type="button"
                className="danger"
                aria-label={`Delete: ${article.title}`}
                onClick={() => deleting.ask(article)}
              >
                Delete
              </button>
            </ArticleSummary>
          ))}
        </ul>
      )}
      {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onPage={goToPage} disabled={loading} />}
      <ConfirmDialog {...deleting.dialog} {...DELETE_ARTICLE} busy={deleting.busy} onConfirm={deleting.confirm}>
        <p>{REVIEW_MESSAGES.confirmDelete}</p>
        <p className="review-quote">{deleting.item?.title}</p>
        <FormError>{deleting.failed}</FormError>
      </ConfirmDialog>
      <ReporterViews />
    </DeskPage>
  );
}
