// Category listing: 5 per page with the 'మరిన్ని' load-more; unknown category is 404.
import { data } from 'react-router';
import type { Route } from './+types/category';
import { stripTags } from '../../../contract/text.ts';
import { servicesContext } from '../../lib/context.ts';
import { callWithHeaders } from '../../lib/api.ts';
import { IdParam } from '../../../contract/http.ts';
import { PUBLIC_ARTICLE_ROUTES } from '../../../contract/public-articles.ts';
import { FEED_PATHS, SITE_NAME } from '../../lib/site.ts';
import { ListingPage, listingMeta, loadListing, pageFromApi } from '../../components/public/ListingPage.tsx';
import { keepLoadedPages, PAGE_SIZE } from '../../components/public/paging.ts';
import { orNotFound, PageError } from '../../components/public/PageError.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import { cacheTags, tag, type CachePolicy } from '../../lib/cache-policy.ts';
import '../../styles/public.css';

const T = MESSAGES.category;

const categoryPath = (id: number) => `/public/articles/category/${id}`;

// Cached by the server (server/http/ssr.ts), one entry per `?page=N`, until a change in the category.
export const cachePolicy: CachePolicy = { name: 'category', params: ['page'] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  // A malformed id names no category (contract/http.ts's PathId makes it 0).
  const { id } = IdParam.parse(params);
  if (!id) throw data(null, { status: 404 });
  cacheTags(context, [tag.category(id)]);
  return loadListing(request, context, async (size) => {
    const { category, articles, total } = await orNotFound(services.publicArticles.byCategory(id, 0, size));
    return { category: { id: category.id, name: category.name }, articles, total };
  });
}

export const shouldRevalidate = keepLoadedPages;

export const meta = ({ loaderData }: Route.MetaArgs) =>
  listingMeta(loaderData, T.notFound, ({ category }) => {
    const name = stripTags(category.name);
    return {
      title: name,
      description: `${name} – ${SITE_NAME}: తాజా ${name} వార్తలు.`,
      path: categoryPath(category.id),
      feed: FEED_PATHS.category(category.id),
    };
  });

const loadCategoryPage = (id: number) => (page: number) =>
  pageFromApi(callWithHeaders(PUBLIC_ARTICLE_ROUTES.byCategory, { params: { id }, query: { page, size: PAGE_SIZE } }));

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  return (
    <ListingPage list={loaderData} path={categoryPath(category.id)} loadPage={loadCategoryPage(category.id)} empty={T.empty}>
      <h1 className="section-heading page-heading">{stripTags(category.name)}</h1>
    </ListingPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFound={T.notFound} />;
}
