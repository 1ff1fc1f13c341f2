// Tag page, /tag/{slug}: a topic's approved stories, 5 at a time with 'మరిన్ని'; unknown tag, or one no approved story carries: 404.
import type { Route } from './+types/tag';
import { TagSlugParam } from '../../../contract/tags.schema.ts';
import { tagPath } from '../../../contract/tags.ts';
import { servicesContext } from '../../lib/context.ts';
import { callWithHeaders } from '../../lib/api.ts';
import { TAG_ROUTES } from '../../../contract/tag-routes.ts';
import { SITE_NAME } from '../../lib/site.ts';
import { ListingStories, pageFromApi } from '../../components/public/ListingPage.tsx';
import { listCover, pageMeta } from '../../components/public/meta.ts';
import { keepLoadedPages, PAGE_SIZE, pagesAsked, toListArticle } from '../../components/public/paging.ts';
import { orNotFound, PageError, paramsOrNotFound } from '../../components/public/PageError.tsx';
import { cacheTags, type CachePolicy } from '../../lib/cache-policy.ts';
import '../../styles/public.css';

const T = { notFound: 'ఈ అంశం కనిపించలేదు.', empty: 'ఈ అంశంపై ఇంకా వార్తలు లేవు.', topic: 'అంశం' };

// Cached like the category pages, one entry per `?page=N`; dropped by any article change (a story
// may gain or lose the tag), as search pages are.
export const cachePolicy: CachePolicy = { name: 'tag', params: ['page'] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const pages = pagesAsked(request);
  cacheTags(context, ['search']);
  const { slug } = paramsOrNotFound(TagSlugParam, params);
  const result = await orNotFound(services.tags.bySlug(slug, 0, PAGE_SIZE * pages));
  return {
    tag: result.tag,
    articles: result.articles.map(toListArticle),
    total: result.total,
    pages,
    publicUrl: services.config.publicUrl,
  };
}

export const shouldRevalidate = keepLoadedPages;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${T.notFound} | ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
  const { tag, articles, publicUrl } = loaderData;
  return pageMeta({
    title: tag.name,
    description: `${tag.name} – ${SITE_NAME}: ${tag.name} వార్తలు.`,
    publicUrl,
    path: tagPath(tag.slug),
    image: listCover(articles),
  });
}

const loadTagPage = (slug: string, page: number) =>
  pageFromApi(callWithHeaders(TAG_ROUTES.publicArticles, { params: { slug }, query: { page, size: PAGE_SIZE } }));

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, articles, total, pages } = loaderData;
  return (
    <main className="page list-page">
      <p className="article-kicker">{T.topic}</p>
      <h1 className="section-heading page-heading">#{tag.name}</h1>
      <ListingStories
        listKey={tag.slug}
        articles={articles}
        total={total}
        pages={pages}
        path={tagPath(tag.slug)}
        loadPage={(page) => loadTagPage(tag.slug, page)}
        empty={T.empty}
      />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFound={T.notFound} />;
}
