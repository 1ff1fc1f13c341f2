// Category listing: 5 per page with the 'మరిన్ని' load-more; unknown category is 404.
import { data } from 'react-router';
import type { Route } from './+types/category';
import { stripTags } from '../../../contract/text.ts';
import { servicesContext } from '../../lib/context.ts';
import { callWithHeaders } from '../../lib/api.ts';
import { IdParam } from '../../../contract/http.ts';
import { PUBLIC_ARTICLE_ROUTES } from '../../../contract/public-articles.ts';
import { FEED_PATHS, SITE_NAME } from '../../lib/site.ts';
import { ListingStories, pageFromApi } from '../../components/public/ListingPage.tsx';
import { feedLink, listCover, pageMeta } from '../../components/public/meta.ts';
import { keepLoadedPages, PAGE_SIZE, pagesAsked, toListArticle } from '../../components/public/paging.ts';
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
  const pages = pagesAsked(request);
  const result = await orNotFound(services.publicArticles.byCategory(id, 0, PAGE_SIZE * pages));
  return {
    category: { id: result.category.id, name: result.category.name },
    articles: result.articles.map(toListArticle),
    total: result.total,
    pages,
    publicUrl: services.config.publicUrl,
  };
}

export const shouldRevalidate = keepLoadedPages;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${T.notFound} | ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
  const { category, articles, publicUrl } = loaderData;
  const name = stripTags(category.name);
  return [
    ...pageMeta({
      title: name,
      description: `${name} – ${SITE_NAME}: తాజా ${name} వార్తలు.`,
      publicUrl,
      path: `/public/articles/category/${category.id}`,
      image: listCover(articles),
    }),
    feedLink(`${name} – ${SITE_NAME}`, FEED_PATHS.category(category.id)),
  ];
}

const loadCategoryPage = (id: number, page: number) =>
  pageFromApi(callWithHeaders(PUBLIC_ARTICLE_ROUTES.byCategory, { params: { id }, query: { page, size: PAGE_SIZE } }));

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, articles, total, pages } = loaderData;
  return (
    <main className="page list-page">
      <h1 className="section-heading page-heading">{stripTags(category.name)}</h1>
      <ListingStories
        listKey={category.id}
        articles={articles}
        total={total}
        pages={pages}
        path={`/public/articles/category/${category.id}`}
        loadPage={(page) => loadCategoryPage(category.id, page)}
        empty={T.empty}
      />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFound={T.notFound} />;
}
