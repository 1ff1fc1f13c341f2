// A district edition: the district's stories, 5 per page with the 'మరిన్ని' load-more, and its feed;
// an unknown district is 404.
import { data } from 'react-router';
import type { Route } from './+types/district';
import { districtBySlug, districtPath, STATE_NAMES } from '../../../contract/districts.ts';
import { servicesContext } from '../../lib/context.ts';
import { callWithHeaders } from '../../lib/api.ts';
import { DISTRICT_ROUTES, DistrictSlugParam } from '../../../contract/districts.schema.ts';
import { FEED_PATHS, SITE_NAME } from '../../lib/site.ts';
import { ListingPage, listingMeta, loadListing, pageFromApi } from '../../components/public/ListingPage.tsx';
import { keepLoadedPages, PAGE_SIZE } from '../../components/public/paging.ts';
import { PageError, paramsOrNotFound } from '../../components/public/PageError.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import { cacheTags, tag, type CachePolicy } from '../../lib/cache-policy.ts';
import '../../styles/public.css';

const T = MESSAGES.district;

// Cached by the server (server/http/ssr.ts), one entry per `?page=N`, until a story changes.
export const cachePolicy: CachePolicy = { name: 'district', params: ['page'] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const district = districtBySlug(paramsOrNotFound(DistrictSlugParam, params).slug);
  if (!district) throw data(null, { status: 404 });
  // Any story may join or leave a district: every change of a story drops district pages.
  cacheTags(context, [tag.districts]);
  return loadListing(request, context, async (size) => {
    const { articles, total } = await services.districts.articles(district.slug, 0, size);
    return { district, articles, total };
  });
}

export const shouldRevalidate = keepLoadedPages;

export const meta = ({ loaderData }: Route.MetaArgs) =>
  listingMeta(loaderData, T.notFound, ({ district }) => ({
    title: T.news(district.te),
    description: `${SITE_NAME}: ${district.te} (${district.en}), ${STATE_NAMES[district.state].te} – తాజా వార్తలు.`,
    path: districtPath(district.slug),
    feed: FEED_PATHS.district(district.slug),
  }));

const loadDistrictPage = (slug: string) => (page: number) =>
  pageFromApi(callWithHeaders(DISTRICT_ROUTES.articles, { params: { slug }, query: { page, size: PAGE_SIZE } }));

export default function DistrictPage({ loaderData }: Route.ComponentProps) {
  const { district } = loaderData;
  return (
    <ListingPage list={loaderData} path={districtPath(district.slug)} loadPage={loadDistrictPage(district.slug)} empty={T.empty}>
      <h1 className="section-heading page-heading">
        {T.news(district.te)} <span className="district-state">{STATE_NAMES[district.state].te}</span>
      </h1>
    </ListingPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFound={T.notFound} />;
}
