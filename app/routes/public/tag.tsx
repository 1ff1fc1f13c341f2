// Tag page, /tag/{slug}: a topic's approved stories, 5 at a time with 'మరిన్ని'; unknown tag, or one no approved story carries: 404;
// a renamed or merged tag's old address: 301 to its tag.
import { redirect } from 'react-router';
import type { Route } from './+types/tag';
import { TagSlugParam } from '../../../contract/tags.schema.ts';
import { tagPath } from '../../../contract/tags.ts';
import { servicesContext } from '../../lib/context.ts';
import { callWithHeaders } from '../../lib/api.ts';
import { TAG_ROUTES } from '../../../contract/tag-routes.ts';
import { SITE_NAME } from '../../lib/site.ts';
import { ListingPage, listingMeta, loadListing, pageFromApi } from '../../components/public/ListingPage.tsx';
import { keepLoadedPages, PAGE_SIZE } from '../../components/public/paging.ts';
import { orNotFound, PageError, paramsOrNotFound } from '../../components/public/PageError.tsx';
import { cacheTags, tag as cacheTag, type CachePolicy } from '../../lib/cache-policy.ts';
import '../../styles/public.css';

const T = { notFound: 'ఈ అంశం కనిపించలేదు.', empty: 'ఈ అంశంపై ఇంకా వార్తలు లేవు.', topic: 'అంశం' };

// Cached like the category pages, one entry per `?page=N`; dropped by any article change (a story
// may gain or lose the tag), as search pages are.
export const cachePolicy: CachePolicy = { name: 'tag', params: ['page'] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  cacheTags(context, [cacheTag.anyArticle]);
  const { slug } = paramsOrNotFound(TagSlugParam, params);
  return loadListing(request, context, (size) =>
    orNotFound(
      services.tags.bySlug(slug, 0, size).catch(async (error: unknown) => {
        // A renamed or merged tag's old address leads to the tag that holds its stories now.
        const moved = (error as { status?: number }).status === 404 ? await services.tags.movedTo(slug) : null;
        if (moved) throw redirect(tagPath(moved) + new URL(request.url).search, 301);
        throw error;
      }),
    ),
  );
}

export const shouldRevalidate = keepLoadedPages;

export const meta = ({ loaderData }: Route.MetaArgs) =>
  listingMeta(loaderData, T.notFound, ({ tag }) => ({
    title: tag.name,
    description: `${tag.name} – ${SITE_NAME}: ${tag.name} వార్తలు.`,
    path: tagPath(tag.slug),
  }));

const loadTagPage = (slug: string) => (page: number) =>
  pageFromApi(callWithHeaders(TAG_ROUTES.publicArticles, { params: { slug }, query: { page, size: PAGE_SIZE } }));

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag } = loaderData;
  return (
    <ListingPage list={loaderData} path={tagPath(tag.slug)} loadPage={loadTagPage(tag.slug)} empty={T.empty}>
      <p className="article-kicker">{T.topic}</p>
      <h1 className="section-heading page-heading">#{tag.name}</h1>
    </ListingPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFound={T.notFound} />;
}
