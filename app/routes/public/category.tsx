// Category listing: 5 per page with the 'మరిన్ని' load-more; unknown category is 404.
import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/category';
import { stripTags } from '../../../contract/text.ts';
import { servicesContext } from '../../lib/context.ts';
import { callWithHeaders } from '../../lib/api.ts';
import { IdParam } from '../../../contract/http.ts';
import { PUBLIC_ARTICLE_ROUTES } from '../../../contract/public-articles.ts';
import { FEED_PATHS, SITE_NAME } from '../../lib/site.ts';
import { loadFailureText, LoadMoreList } from '../../components/public/ArticleList.tsx';
import { coverForSharing, pageMeta } from '../../components/public/meta.ts';
import { listPages, loadedMore, PAGE_SIZE, toListArticle } from '../../components/public/paging.ts';
import { orNotFound, PageError } from '../../components/public/PageError.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import { cacheTags, type CachePolicy } from '../../lib/cache-policy.ts';
import '../../styles/public.css';

const T = MESSAGES.category;

// Cached by the server (server/http/ssr.ts), one entry per `?page=N`, until a change in the category.
export const cachePolicy: CachePolicy = { name: 'category', params: ['page'] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  // A malformed id names no category (contract/http.ts's PathId makes it 0).
  const { id } = IdParam.parse(params);
  if (!id) throw data(null, { status: 404 });
  cacheTags(context, [`category:${id}`]);
  // ?page=N is where the load-more link leads without JavaScript: pages 0..N in one list.
  const pages = listPages(new URL(request.url).searchParams.get('page'));
  const result = await orNotFound(services.publicArticles.byCategory(id, 0, PAGE_SIZE * pages));
  return {
    category: { id: result.category.id, name: result.category.name },
    articles: result.articles.map(toListArticle),
    total: result.total,
    pages,
    publicUrl: services.config.publicUrl,
  };
}

// A load-more only adds pages to the list on screen: nothing to load again (see LoadMoreList).
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return loadedMore(args) ? false : args.defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${T.notFound} | ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
  const { category, articles, publicUrl } = loaderData;
  const name = stripTags(category.name);
  const cover = articles.find((a) => a.images.length > 0);
  return [
    ...pageMeta({
      title: name,
      description: `${name} – ${SITE_NAME}: తాజా ${name} వార్తలు.`,
      publicUrl,
      path: `/public/articles/category/${category.id}`,
      image: cover ? coverForSharing(cover) : null,
    }),
    // The category's own feed, beside the site's (root.tsx).
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `${name} – ${SITE_NAME}`,
      href: FEED_PATHS.category(category.id),
    },
  ];
}

async function loadCategoryPage(categoryId: number, page: number) {
  const { data: articles, headers } = await callWithHeaders(PUBLIC_ARTICLE_ROUTES.byCategory, {
    params: { id: categoryId },
    query: { page, size: PAGE_SIZE },
  });
  return { articles: articles.map(toListArticle), total: Number(headers.get('x-total-count') ?? 0) };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, articles, total, pages } = loaderData;
  return (
    <main className="page list-page">
      <h1 className="section-heading page-heading">{stripTags(category.name)}</h1>
      {articles.length === 0 ? (
        <p className="empty-text">{T.empty}</p>
      ) : (
        <LoadMoreList
          // A new category starts a new list.
          key={category.id}
          initial={articles}
          total={total}
          initialPages={pages}
          loadPage={(page) => loadCategoryPage(category.id, page)}
          moreHref={(page) => `/public/articles/category/${category.id}?page=${page}`}
          errorText={loadFailureText}
        />
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFound={T.notFound} />;
}
