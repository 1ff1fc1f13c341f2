// Search results: how many matched, 5 per page, every query word highlighted in titles and
// summaries, load-more.
import { Form } from 'react-router';
import type { Route } from './+types/search';
import { stripTags } from '../../../contract/text.ts';
import { searchPath } from '../../../contract/site.ts';
import { servicesContext } from '../../lib/context.ts';
import { cacheTags, tag, type CachePolicy } from '../../lib/cache-policy.ts';
import { call, ApiRequestError } from '../../lib/api.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { SEARCH_ROUTES, type SearchPage } from '../../../contract/public-articles.ts';
import type { Article } from '../../../contract/articles.ts';
import { loadFailureText, LoadMoreList } from '../../components/public/ArticleList.tsx';
import { Highlight } from '../../components/public/Highlight.tsx';
import { pageMeta } from '../../components/public/meta.ts';
import { keepLoadedPages, PAGE_SIZE, toListArticle } from '../../components/public/paging.ts';
import { loadListing } from '../../components/public/ListingPage.tsx';
import '../../styles/public.css';

const T = MESSAGES.search;

// Cached by the server (server/http/ssr.ts) per query and page, until any article changes.
export const cachePolicy: CachePolicy = { name: 'search', params: ['query', 'page'] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  cacheTags(context, [tag.search]);
  const query = (new URL(request.url).searchParams.get('query') ?? '').trim();
  type Found = { query: string; articles: readonly Article[]; total: number; error: string | null };
  return loadListing(request, context, async (size): Promise<Found> => {
    if (!query) return { query, articles: [], total: 0, error: null };
    try {
      const result: SearchPage = await services.search.search(query, 0, size);
      return { query, articles: result.content, total: result.totalElements, error: null };
    } catch (error) {
      const status = (error as { status?: number }).status ?? 500;
      if (status >= 500) console.error('search failed', error);
      return { query, articles: [], total: 0, error: T.failed(status) };
    }
  });
}

export const shouldRevalidate = keepLoadedPages;

export function meta({ loaderData }: Route.MetaArgs) {
  const query = loaderData?.query ?? '';
  return pageMeta({
    title: query ? `${query} – ${T.heading}` : T.heading,
    description: query ? `“${query}” గురించి వార్తలు` : T.prompt,
    publicUrl: loaderData?.publicUrl ?? '',
    path: searchPath(query),
    // Result pages change by the minute; the articles themselves are what should be indexed.
    noindex: true,
  });
}

async function loadSearchPage(query: string, page: number) {
  try {
    const result = await call(SEARCH_ROUTES.search, { query: { query, page, size: PAGE_SIZE } });
    return { articles: result.content.map(toListArticle), total: result.totalElements };
  } catch (error) {
    throw error instanceof ApiRequestError ? new Error(T.failed(error.status)) : error;
  }
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, articles, total, pages, error } = loaderData;
  return (
    <main className="page list-page">
      <h1 className="section-heading page-heading">
        {T.heading}
        {query && <span className="search-query">: {query}</span>}
      </h1>
      <Form method="get" action="/search" role="search" className="search-form">
        <label htmlFor="search-page-query" className="visually-hidden">
          {MESSAGES.header.searchLabel}
        </label>
        <input
          id="search-page-query"
          name="query"
          type="search"
          enterKeyHint="search"
          defaultValue={query}
          key={query}
          placeholder={MESSAGES.header.searchPlaceholder}
          required
        />
        <button type="submit">{T.button}</button>
      </Form>
      {error ? (
        <p className="form-error" role="alert">
          {T.error}
          {error}
        </p>
      ) : !query ? (
        <p className="empty-text">{T.prompt}</p>
      ) : articles.length === 0 ? (
        <p className="empty-text">
          {T.empty} <span lang="en">{T.emptyEnglish}</span>
        </p>
      ) : (
        <>
          <p className="search-count" role="status">
            {T.count(total)}
          </p>
          <LoadMoreList
            key={query}
            initial={articles}
            total={total}
            initialPages={pages}
            loadPage={(page) => loadSearchPage(query, page)}
            moreHref={(page) => searchPath(query, page)}
            renderTitle={(article) => <Highlight text={stripTags(article.title)} query={query} />}
            renderSummary={(article) => <Highlight text={stripTags(article.shortDescription)} query={query} />}
            errorText={(e) => `${T.error}${loadFailureText(e)}`}
          />
        </>
      )}
    </main>
  );
}
