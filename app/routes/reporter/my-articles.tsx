// My Approved Articles: own APPROVED articles, 15 per page, filtered by title. The page and the
// filter are in the address (?page=&title=).
import { Form, Link } from 'react-router';
import type { Route } from './+types/my-articles';
import { ArticleRow, listFailure } from '../../components/article-form/ArticleRow.tsx';
import { loadingScreen, DeskPage, ReporterCrumbs } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { loaded } from '../../components/dashboard/screen.ts';
import { formatDateTime } from '../../components/public/format.ts';
import { pageParam, useListPaging } from '../../components/article-form/useListPaging.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import { REPORTER_PAGE_SIZE } from '../../../contract/article-form.ts';
import { ARTICLE_ROUTES } from '../../../contract/reporter.ts';
import { call } from '../../lib/api.ts';
import { useEditingMarks } from '../../components/article-form/desk-together.tsx';
import '../../styles/reporter.css';
import { Pagination } from '../../components/Pagination.tsx';

export const meta = () => [{ title: 'My Approved Articles' }, { name: 'robots', content: 'noindex' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const title = url.searchParams.get('title')?.trim() ?? '';
  const page = pageParam(url);
  const query = { page, pageSize: REPORTER_PAGE_SIZE, title: title || undefined };
  return { title, page, ...(await loaded(call(ARTICLE_ROUTES.approved, { query }), listFailure)) };
}

const page = { kind: 'reporter-page', back: <ReporterCrumbs />, title: 'My Approved Articles' } as const;

export const handle: ScreenHandle = { Loading: loadingScreen(page, 'Loading articles...') };

export default function MyArticlesScreen({ loaderData }: Route.ComponentProps) {
  const { title, data, error } = loaderData;
  const editing = useEditingMarks(data?.articles.map((a) => a.id) ?? []);
  const { listRef, goToPage } = useListPaging<HTMLUListElement>(data);
  const totalPages = data?.totalPages ?? 0;
  return (
    <DeskPage {...page}>
      {/* A new filter starts again at the first page (the form sends the title only). */}
      <Form className="filter-row" role="search" method="get" key={title}>
        <label htmlFor="approved-title" className="visually-hidden">
          Filter by title
        </label>
        <input id="approved-title" name="title" type="search" placeholder="Filter by title" defaultValue={title} />
        <button type="submit">Search</button>
      </Form>
      <FormError>{error}</FormError>
      {data && data.articles.length === 0 && (
        <p>{title ? 'No approved articles match this title.' : 'No approved articles yet.'}</p>
      )}
      {data && data.articles.length > 0 && (
        <ul className="article-list" ref={listRef}>
          {data.articles.map((a) => (
            <ArticleRow
              key={a.id}
              article={a}
              editing={editing.has(a.id)}
              meta={<time dateTime={a.publicationDate}>{formatDateTime(a.publicationDate)}</time>}
            >
              <Link to={`/reporter/view-article/${a.id}`}>View</Link>
              <Link to={`/article/${a.id}`}>Public page</Link>
            </ArticleRow>
          ))}
        </ul>
      )}
      {totalPages > 1 && <Pagination page={loaderData.page} totalPages={totalPages} onPage={goToPage} />}
    </DeskPage>
  );
}
