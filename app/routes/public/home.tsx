// Home: ad banner, the latest carousel beside the first featured category pane,
// the video section and the featured-category grid. Rendered on the server with its data; opened
// from a link it is an islands page like an article (app/islands/): only the carousel and the ads
// come alive at once, the header on first use.
import { Suspense, useEffect } from 'react';
import { Await, isRouteErrorResponse, useAsyncError, useRevalidator } from 'react-router';
import type { Route } from './+types/home';
import type { Ad } from '../../../contract/ads.ts';
import { stripTags } from '../../../contract/text.ts';
import { BREAKING_LABEL } from '../../../contract/articles.ts';
import { servicesContext } from '../../lib/context.ts';
import { SITE_NAME, SITE_TAGLINE } from '../../lib/site.ts';
import { AdBanner } from '../../components/public/AdBanner.tsx';
import { LatestCarousel, toLatestSlide } from '../../components/public/LatestCarousel.tsx';
import { Island, type RouteHandle } from '../../islands/Island.tsx';
import { ArticleImage, ImagePlaceholder } from '../../components/public/ArticleImage.tsx';
import { articlePath, loadFailureText, type ListArticle } from '../../components/public/ArticleList.tsx';
import { FeaturedPane, type FeaturedSection } from '../../components/public/FeaturedPane.tsx';
import { MyDistrict } from '../../components/public/MyDistrict.tsx';
import { LazySection } from '../../components/public/LazySection.tsx';
import { Shared } from '../../components/SharedParts.tsx';
import { cacheTags, tag, type CachePolicy } from '../../lib/cache-policy.ts';
import { keepForOffline } from '../../lib/offline.ts';
import { toListArticles } from '../../components/public/paging.ts';
import { coverForSharing, pageMeta } from '../../components/public/meta.ts';
import { MESSAGES } from '../../lib/messages.ts';
import '../../styles/public.css';
import { PageLink } from '../../components/PageLink.tsx';
import { NewsletterSignup } from '../../components/public/NewsletterSignup.tsx';

const HOME_TEXT = MESSAGES.home;

type HomePage = {
  homepage: {
    latestNews: ListArticle[];
    videoArticles: ListArticle[];
    featuredCategorySections: FeaturedSection[];
    breakingNews: { id: number; title: string }[];
  };
  ads: Ad[];
};

// A reader of the home page needs only the carousel and the ads to respond: see app/islands/Island.tsx.
export const handle: RouteHandle = { hydrate: 'islands' };

// Cached by the server (server/http/ssr.ts) until a change that touches the home page.
export const cachePolicy: CachePolicy = { name: 'home', params: [] };

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  cacheTags(context, [tag.home]);
  const [homepage, ads] = await Promise.all([
    services.homepage.get(),
    // A failing ad service leaves the banner empty, never the page.
    services.ads.listPublic().catch((error: unknown) => {
      console.error(HOME_TEXT.adsFailed, error);
      return [] as Ad[];
    }),
  ]);
  const page: HomePage = {
    homepage: {
      latestNews: toListArticles(homepage.latestNews),
      videoArticles: toListArticles(homepage.videoArticles),
      featuredCategorySections: homepage.featuredCategorySections.map((s) => ({
        category: { id: s.category.id, name: s.category.name },
        articles: toListArticles(s.articles),
      })),
      breakingNews: homepage.breakingNews.map((a) => ({ id: a.id, title: a.title })),
    },
    ads,
  };
  return { page: page as HomePage | Promise<HomePage>, publicUrl: services.config.publicUrl };
}

// A client-side navigation to / shows 'Loading homepage...' at once instead of waiting on the
// old page; the first load uses the server's HTML and data (no hydrate flag).
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = serverLoader();
  return { page: data.then((d) => d.page), publicUrl: null as string | null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const publicUrl = loaderData?.publicUrl ?? (typeof window === 'undefined' ? '' : window.location.origin);
  const page = loaderData?.page;
  const first = page && !(page instanceof Promise) ? page.homepage.latestNews.find((a) => a.images.length > 0) : undefined;
  return pageMeta({
    title: SITE_NAME,
    description: `${SITE_NAME}: ${SITE_TAGLINE} తాజా తెలుగు వార్తలు, వీడియోలు, ప్రాంతీయ వార్తలు.`,
    publicUrl,
    path: '/',
    image: first ? coverForSharing(first) : null,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  // The home page is kept for offline reading (app/sw/service-worker.ts); opened directly, it is an
  // islands page and app/islands/entry.client.tsx does this instead (data-keep-offline).
  useEffect(() => keepForOffline('/'), []);
  return (
    <main className="page home" data-keep-offline="">
      <h1 className="visually-hidden">{SITE_NAME}</h1>
      {page instanceof Promise ? (
        <Suspense fallback={<p className="page-loading">{HOME_TEXT.loading}</p>}>
          <Await resolve={page} errorElement={<HomeError />}>
            {(loaded) => <HomeContent page={loaded} />}
          </Await>
        </Suspense>
      ) : (
        // Server data is drawn straight away: <Await> would suspend once even on a plain value,
        // and the server would stream a loading text first.
        <HomeContent page={page} />
      )}
      <NewsletterSignup id="home-newsletter" />
    </main>
  );
}

function HomeError() {
  return <HomeFailure message={loadFailureText(useAsyncError())} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : loadFailureText(error);
  return (
    <main className="page home">
      <HomeFailure message={message} />
    </main>
  );
}

/** The page's failure in the product's words, and a way to try again without leaving. */
function HomeFailure({ message }: { message: string }) {
  const { revalidate, state } = useRevalidator();
  return (
    <div className="load-error">
      <p className="form-error" role="alert">
        {HOME_TEXT.error}
        {message}
      </p>
      <button type="button" className="secondary" disabled={state === 'loading'} onClick={() => void revalidate()}>
        {MESSAGES.common.retry}
      </button>
    </div>
  );
}

function HomeContent({ page }: { page: HomePage }) {
  const { latestNews, videoArticles, featuredCategorySections, breakingNews } = page.homepage;
  return (
    <>
      {breakingNews.length > 0 && (
        <section className="breaking-banner" aria-label={BREAKING_LABEL}>
          <span className="breaking-banner-label">{BREAKING_LABEL}</span>
          <ul>
            {breakingNews.map((a) => (
              <li key={a.id}>
                <PageLink to={articlePath(a.id)}>{stripTags(a.title)}</PageLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Island name="ads" component={AdBanner} props={{ ads: page.ads, className: 'home-ads' }} />
      <div className="home-top">
        <div className="home-latest">
          <Island name="latest" component={LatestCarousel} props={{ articles: latestNews.map(toLatestSlide) }} />
        </div>
        <FeaturedPane section={featuredCategorySections[0]} />
      </div>
      <Shared slot="most-read-home" />
      <Island name="my-district" component={MyDistrict} props={{}} />
      {videoArticles.length > 0 && (
        <LazySection label={HOME_TEXT.videos} loadingText={HOME_TEXT.loadingVideos} minHeight={320} className="home-videos">
          <h2 className="section-heading">{HOME_TEXT.videos}</h2>
          <ul className="video-grid">
            {videoArticles.map((article) => (
              <li key={article.id}>
                <PageLink to={articlePath(article.id)} className="video-card">
                  <span className="video-thumb">
                    {article.images[0] ? (
                      <ArticleImage image={article.images[0]} alt="" sizes="(min-width: 1000px) 280px, 50vw" />
                    ) : (
                      <ImagePlaceholder />
                    )}
                    <span className="play-badge" aria-hidden="true">
                      ▶
                    </span>
                  </span>
                  <span className="video-title">{stripTags(article.title)}</span>
                </PageLink>
              </li>
            ))}
          </ul>
        </LazySection>
      )}
      {featuredCategorySections.length > 1 && (
        <LazySection label={HOME_TEXT.featured} loadingText={HOME_TEXT.loadingFeatured} minHeight={480} className="home-featured">
          <div className="featured-grid">
            {featuredCategorySections.slice(1).map((section) => (
              <FeaturedPane key={section.category.id} section={section} />
            ))}
          </div>
        </LazySection>
      )}
    </>
  );
}
