// Tag page, /tag/{slug}: a topic's approved stories, 5 at a time with 'మరిన్ని'; unknown tag: 404.
import { type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/tag';
import { TagSlugParam } from '../../../contract/tags.schema.ts';
import { tagPath } from '../../../contract/tags.ts';
import { servicesContext } from '../../lib/context.ts';
import { callWithHeaders } from '../../lib/api.ts';
import { TAG_ROUTES } from '../../../contract/tag-routes.ts';
import { SITE_NAME } from '../../lib/site.ts';
import { loadFailureText, LoadMoreList } from '../../components/public/ArticleList.tsx';
import { coverForSharing, pageMeta } from '../../components/public/meta.ts';
import { listPages, loadedMore, PAGE_SIZE, toListArticle } from '../../components/public/paging.ts';
import { orNotFound, PageError, paramsOrNotFound } from '../../components/public/PageError.tsx';
import { cacheTags, type CachePolicy } from '../../lib/cache-policy.ts';
import '../../styles/public.css';

const T = { notFound: 'ఈ అంశం కనిపించలేదు.', empty: 'ఈ అంశంపై ఇంకా వార్తలు లేవు.', topic: 'అంశం' };

// Cached like the category pages, one entry per `?page=N`; dropped by any article change (a story
// may gain or lose the tag), as search pages are.
export const cachePolicy: CachePolicy = { name: 'tag', params: ['page'] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const pages = listPages(new URL(request.url).searchParams.get('page'));
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

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return loadedMore(args) ? false : args.defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${T.notFound} | ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
  const { tag, articles, publicUrl } = loaderData;
  const cover = articles.find((a) => a.images.length > 0);
  return pageMeta({
    title: tag.name,
    description: `${tag.name} – ${SITE_NAME}: ${tag.name} వార్తలు.`,
    publicUrl,
    path: tagPath(tag.slug),
    image: cover ? coverForSharing(cover) : null,
  });
}

async function loadTagPage(slug: string, page: number) {
  const { data: articles, headers } = await callWithHeaders(TAG_ROUTES.publicArticles, {
    params: { slug },
    query: { page, size: PAGE_SIZE },
  });
  return { articles: articles.map(toListArticle), total: Number(headers.get('x-total-count') ?? 0) };
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, articles, total, pages } = loaderData;
  return (
    <main className="page list-page">
      <p className="article-kicker">{T.topic}</p>
      <h1 className="section-heading page-heading">#{tag.name}</h1>
      {articles.length === 0 ? (
        <p className="empty-text">{T.empty}</p>
      ) : (
        <LoadMoreList
          key={tag.slug}
          initial={articles}
          total={total}
          initialPages={pages}
          loadPage={(page) => loadTagPage(tag.slug, page)}
          moreHref={(page) => `${tagPath(tag.slug)}?page=${page}`}
          errorText={loadFailureText}
        />
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFound={T.notFound} />;
}
