// Article page, at /article/{id} and /public/articles/{id}: title, region, date,
// share, image carousel, sanitised content, video, related and latest by the first category, ads.
import { useEffect } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/article';
import type { Ad } from '../../../contract/ads.ts';
import type { PublicCorrection } from '../../../contract/articles.ts';
import { stripTags } from '../../../contract/text.ts';
import { servicesContext } from '../../lib/context.ts';
import { AdBanner } from '../../components/public/AdBanner.tsx';
import { ArticleCard, type ListArticle } from '../../components/public/ArticleList.tsx';
import { ArticleGallery } from '../../components/public/ArticleGallery.tsx';
import { PushOptIn } from '../../components/public/PushOptIn.tsx';
import { ShareButton } from '../../components/public/ShareButton.tsx';
import { SaveButton } from '../../components/public/SaveButton.tsx';
import { authorPath } from '../../../contract/site.ts';
import { Island, type RouteHandle } from '../../islands/Island.tsx';
import { Shared } from '../../components/SharedParts.tsx';
import { cacheTags, tagsOfArticle, type CachePolicy } from '../../lib/cache-policy.ts';
import { keepForOffline } from '../../lib/offline.ts';
import { countView } from '../../lib/readership.ts';
import { YouTubeEmbed } from '../../components/public/YouTubeEmbed.tsx';
import { absoluteUrl, formatDateTime } from '../../components/public/format.ts';
import { toListArticle, toListArticles } from '../../components/public/paging.ts';
import {
  coverForSharing,
  liveBlogJsonLd,
  newsArticleJsonLd,
  pageMeta,
  shareCardImage,
  withShareCard,
} from '../../components/public/meta.ts';
import { LiveUpdates } from '../../components/public/LiveUpdates.tsx';
import { districtBySlug, districtPath } from '../../../contract/districts.ts';
import { IdParam } from '../../../contract/http.ts';
import { LIVE_LABEL } from '../../../contract/articles.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { NewsletterSignup } from '../../components/public/NewsletterSignup.tsx';
import '../../styles/public.css';
import { PageLink } from '../../components/PageLink.tsx';

const ARTICLE_TEXT = MESSAGES.article;

// A reader of an article needs only a few parts of it to respond: see app/islands/Island.tsx.
export const handle: RouteHandle = { hydrate: 'islands' };

// Cached by the server (server/http/ssr.ts) until a change to the article or its categories.
export const cachePolicy: CachePolicy = { name: 'article', params: [] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const publicUrl = services.config.publicUrl;
  // A malformed id names no article (contract/http.ts's PathId makes it 0): the page is a 404.
  const { id } = IdParam.parse(params);
  // The article is the page's one query; the lists beside it are kept in memory between changes.
  const [page, ads] = await Promise.all([
    id > 0 ? services.articlePage.get(id) : null,
    services.ads.listPublic().catch((error: unknown) => {
      console.error(MESSAGES.home.adsFailed, error);
      return [] as Ad[];
    }),
  ]);
  if (!page) {
    return data(
      { article: null, related: [], latest: [], ads: [] as Ad[], publicUrl, live: null, byline: false, card: null },
      { status: 404 },
    );
  }
  const { article, related, latest } = page;
  // Live coverage (now or ended): its newest updates (older ones are paged in by the island), kept
  // in memory until the story changes (server/live/).
  const [live, reporterName] = await Promise.all([
    article.liveSince ? services.live.publicList(article.id) : null,
    services.authors.displayNameOf(article.reporterName),
  ]);
  // Its related and latest lists come from its categories.
  cacheTags(context, tagsOfArticle(article));
  return {
    article,
    // Related is this article's own cut of its category's list (itself left out), made per page.
    related: related.map(toListArticle),
    latest: toListArticles(latest),
    ads,
    publicUrl,
    live,
    // The byline names the reporter of the author page only when it is their display name.
    byline: !!reporterName && article.author.trim() === reporterName,
    // The share pictures with the headline (server/share-cards/), made when first asked for.
    card: services.shareCards.links(article),
  };
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  const publicUrl = loaderData?.publicUrl ?? '';
  const article = loaderData?.article;
  if (!article) {
    return pageMeta({
      title: ARTICLE_TEXT.notFound,
      description: ARTICLE_TEXT.notFound,
      publicUrl,
      path: `/article/${params.id}`,
      noindex: true,
    });
  }
  // One canonical address for both routes of an article.
  const path = `/article/${article.id}`;
  const title = stripTags(article.title);
  const description = stripTags(article.shortDescription) || title;
  return [
    ...pageMeta({
      title,
      description,
      publicUrl,
      path,
      type: 'article',
      image: loaderData.card ? shareCardImage(loaderData.card.url, title) : coverForSharing(article),
      jsonLd: withShareCard(
        loaderData.live
          ? liveBlogJsonLd(article, loaderData.live, publicUrl, path, description, loaderData.byline)
          : newsArticleJsonLd(article, publicUrl, path, description, loaderData.byline),
        loaderData.card && absoluteUrl(publicUrl, loaderData.card.url),
      ),
    }),
    { name: 'robots', content: 'max-image-preview:large' },
    { property: 'article:published_time', content: article.publicationDate },
    ...(article.updatedAt && article.updatedAt > article.publicationDate
      ? [{ property: 'article:modified_time', content: article.updatedAt }]
      : []),
    ...article.categories.map((c) => ({ property: 'article:section', content: c.name })),
  ];
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related, latest, ads, publicUrl, live, byline, card } = loaderData;
  // Reached by a link inside the site (the full client): count the view and keep the page offline.
  // Opened directly, the page is islands and app/islands/entry.client.tsx does both instead.
  const articleId = article?.id;
  useEffect(() => {
    if (!articleId) return;
    countView(articleId);
    keepForOffline();
  }, [articleId]);
  if (!article) {
    return (
      <main className="page narrow">
        <h1 className="not-found">{ARTICLE_TEXT.notFound}</h1>
        <p>
          <PageLink to="/">{MESSAGES.common.homeLink}</PageLink>
        </p>
      </main>
    );
  }
  const title = stripTags(article.title);
  const shareUrl = absoluteUrl(publicUrl, `/article/${article.id}`);
  const firstCategory = article.categories[0];
  const district = article.district ? districtBySlug(article.district) : undefined;
  return (
    // Keyed by article: moving from one article to another starts its carousel and share state afresh.
    <main className="page article-page" key={article.id} data-read-article={article.id}>
      <div className="article-layout">
        <article className="article">
          {firstCategory && (
            <p className="article-kicker">
              <PageLink to={`/public/articles/category/${firstCategory.id}`}>{firstCategory.name}</PageLink>
            </p>
          )}
          <h1 className="article-title">
            {live?.live && <span className="live-badge">{LIVE_LABEL}</span>}
            {title}
          </h1>
          <div className="article-meta">
            <p>
              {/* A region that is the district's own name is said once, as the district's link. */}
              {article.region && article.region.trim() !== district?.te && (
                <span className="article-region">{article.region}</span>
              )}
              {district && (
                <PageLink to={districtPath(district.slug)} className="article-district">
                  {district.te}
                </PageLink>
              )}
              <ArticleDates published={article.publicationDate} updated={article.updatedAt} />
              {article.author &&
                (byline ? (
                  <a className="article-author" href={authorPath(article.reporterName)} rel="author">
                    {article.author}
                  </a>
                ) : (
                  <span className="article-author">{article.author}</span>
                ))}
            </p>
            <Island name="share" component={ShareButton} props={{ url: shareUrl, title, pictureUrl: card?.squareUrl }} />
            <Island name="save" component={SaveButton} props={{ articleId: article.id }} />
          </div>
          {/* One picture needs no script; several make a carousel that must come alive. */}
          {article.images.length > 1 ? (
            <Island name="gallery" component={ArticleGallery} props={{ title, images: article.images }} />
          ) : (
            <ArticleGallery title={title} images={article.images} />
          )}
          {live ? (
            <Island
              name="live"
              component={LiveUpdates}
              props={{ articleId: article.id, live: live.live, updates: live.updates, more: live.more }}
            />
          ) : (
            // Where the live section comes if the story goes live while the page is open (app/islands/live-watch.ts).
            <div data-live-watch={article.id} data-published={article.publicationDate} hidden />
          )}
          {/* Sanitised by the server when it was written (sanitizeArticleHtml). */}
          <div className="article-content" dangerouslySetInnerHTML={{ __html: article.content }} />
          <YouTubeEmbed videoId={article.youtubeVideoId} title={title} />
          <Corrections corrections={article.corrections} />
          {article.tags && article.tags.length > 0 && (
            <ul className="article-tags" aria-label="అంశాలు">
              {article.tags.map((t) => (
                <li key={t.slug}>
                  <a href={t.url}>#{t.name}</a>
                </li>
              ))}
            </ul>
          )}
          {/* Breaking news on the phone: asks for nothing until the reader taps it. */}
          <Island
            name="push"
            component={PushOptIn}
            props={{ categories: article.categories.map((c) => ({ id: c.id, name: c.name })) }}
          />
          <NewsletterSignup id="article-newsletter" />
        </article>
        <aside className="article-aside">
          <Island name="ads" component={AdBanner} props={{ ads, className: 'article-ads' }} />
          <Shared slot="most-read" />
          <ArticleSection heading={ARTICLE_TEXT.related} articles={related} id="related" />
          <ArticleSection heading={ARTICLE_TEXT.latest} articles={latest} id="latest" />
        </aside>
      </div>
    </main>
  );
}

/** 'ప్రచురణ' with the date and time of publication and, when it was changed later, 'నవీకరణ'. */
function ArticleDates({ published, updated }: { published: string; updated?: string }) {
  const publishedText = formatDateTime(published);
  const updatedText = updated && updated > published ? formatDateTime(updated) : '';
  return (
    <span className="article-dates">
      <span>
        {MESSAGES.reader.published}: <time dateTime={published}>{publishedText}</time>
      </span>
      {/* Within the same minute is no update a reader could tell apart. */}
      {updatedText && updatedText !== publishedText && (
        <span>
          {MESSAGES.reader.updated}: <time dateTime={updated}>{updatedText}</time>
        </span>
      )}
    </span>
  );
}

/** 'సవరణ': what was corrected and when (India time, to the minute), oldest first; nothing when none. */
function Corrections({ corrections }: { corrections?: PublicCorrection[] }) {
  if (!corrections?.length) return null;
  return (
    <section className="article-corrections" aria-labelledby="corrections-heading">
      <h2 id="corrections-heading">{ARTICLE_TEXT.corrections}</h2>
      <ul>
        {corrections.map((c) => (
          <li key={`${c.createdAt}-${c.text}`}>
            <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>: {c.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ArticleSection({ heading, articles, id }: { heading: string; articles: ListArticle[]; id: string }) {
  if (articles.length === 0) return null;
  return (
    <section className="side-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-heading">
        {heading}
      </h2>
      <ul className="article-list compact">
        {articles.map((a) => (
          <li key={a.id}>
            <ArticleCard article={a} compact />
          </li>
        ))}
      </ul>
    </section>
  );
}
