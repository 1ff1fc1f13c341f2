// Share and discovery tags for public pages: title, description, canonical URL from PUBLIC_URL,
// Open Graph and Twitter card (with the cover image), JSON-LD when given.
import type { MetaDescriptor } from 'react-router';
import type { Article } from '../../../contract/articles.ts';
import type { LiveUpdateList } from '../../../contract/live.ts';
import { districtBySlug, STATE_NAMES } from '../../../contract/districts.ts';
import { stripTags } from '../../../contract/text.ts';
import { SITE_NAME, SITE_TAGLINE } from '../../lib/site.ts';
import { authorPath } from '../../../contract/site.ts';
import { absoluteUrl, shareImage } from './format.ts';

export type PageMeta = {
  title: string;
  description: string;
  publicUrl: string;
  path: string;
  type?: 'website' | 'article';
  image?: { url: string; width: number; height: number; alt: string } | null;
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
};

export function pageMeta({
  title,
  description,
  publicUrl,
  path,
  type = 'website',
  image,
  jsonLd,
  noindex,
}: PageMeta): MetaDescriptor[] {
  const url = absoluteUrl(publicUrl, path);
  const fullTitle = title === SITE_NAME ? `${SITE_NAME} – ${SITE_TAGLINE}` : `${title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'te_IN' },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (image) {
    const src = absoluteUrl(publicUrl, image.url);
    tags.push(
      { property: 'og:image', content: src },
      { property: 'og:image:type', content: 'image/jpeg' },
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
      { property: 'og:image:alt', content: image.alt },
      { name: 'twitter:image', content: src },
      { name: 'twitter:image:alt', content: image.alt },
    );
  }
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  if (jsonLd) tags.push({ 'script:ld+json': jsonLd });
  return tags;
}

/** The cover in the size link previews use, or null when the article has no picture. */
export function coverForSharing(article: Pick<Article, 'images' | 'title'>) {
  const cover = article.images[0];
  return cover ? { ...shareImage(cover), alt: article.title } : null;
}

/** A story's share picture with its headline (server/share-cards/): 1200 by 630, a JPEG. */
export const shareCardImage = (url: string, title: string) => ({ url, width: 1200, height: 630, alt: title });

/** JSON-LD whose image list starts with the share picture (the story's own pictures follow). */
export function withShareCard<T extends { image: string[] }>(jsonLd: T, cardUrl: string | null | undefined): T {
  return cardUrl ? { ...jsonLd, image: [cardUrl, ...jsonLd.image] } : jsonLd;
}

/** A listing's picture for link previews: the first story's cover that has one. */
export function listCover(articles: readonly Pick<Article, 'images' | 'title'>[]) {
  const cover = articles.find((a) => a.images.length > 0);
  return cover ? coverForSharing(cover) : null;
}

/** A page's own RSS feed, announced beside the site's (root.tsx). */
export const feedLink = (title: string, href: string) =>
  ({ tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title, href }) as const;

/** schema.org NewsArticle for an article page. */
/**
 * `bylineIsReporter`: the story's Author text is its reporter's display name, so the byline's person
 * is the one of the author page. Otherwise (a wire story, a guest) the Person has no url: the page
 * must not say they are the same person.
 */
export function newsArticleJsonLd(
  article: Article,
  publicUrl: string,
  path: string,
  description: string,
  bylineIsReporter = true,
) {
  const url = absoluteUrl(publicUrl, path);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: article.title,
    description,
    inLanguage: 'te',
    image: article.images.map((image) => absoluteUrl(publicUrl, shareImage(image).url)),
    datePublished: article.publicationDate,
    dateModified: [
      article.publicationDate,
      article.updatedAt ?? '',
      ...(article.corrections ?? []).map((c) => c.createdAt),
    ].reduce((a, b) => (b > a ? b : a)),
    // The corrections readers see under the story ('సవరణ').
    ...(article.corrections?.length
      ? {
          correction: article.corrections.map((c) => ({
            '@type': 'CorrectionComment',
            text: c.text,
            datePublished: c.createdAt,
          })),
        }
      : {}),
    // The byline's reporter has a page (/author/{username}).
    author: [
      {
        '@type': 'Person',
        name: article.author,
        ...(bylineIsReporter ? { url: absoluteUrl(publicUrl, authorPath(article.reporterName)) } : {}),
      },
    ],
    ...(article.tags?.length ? { keywords: article.tags.map((t) => t.name).join(', ') } : {}),
    articleSection: article.categories.map((c) => c.name),
    ...contentLocation(article),
    publisher: {
      '@type': 'NewsMediaOrganization',
      name: SITE_NAME,
      url: absoluteUrl(publicUrl, '/'),
      // Google takes a raster logo only (not SVG), at least 112 px wide.
      logo: { '@type': 'ImageObject', url: absoluteUrl(publicUrl, '/icons/icon-512.png'), width: 512, height: 512 },
    },
  };
}

/** Where the story happened: its district (with its state) when it has one, else its free-text region. */
function contentLocation(article: Article) {
  const district = article.district ? districtBySlug(article.district) : undefined;
  if (district)
    return {
      contentLocation: {
        '@type': 'AdministrativeArea',
        name: `${district.en} district`,
        alternateName: district.te,
        containedInPlace: { '@type': 'State', name: STATE_NAMES[district.state].en },
      },
    };
  return article.region ? { contentLocation: { '@type': 'Place', name: article.region } } : {};
}

/** A story covered live: schema.org LiveBlogPosting (a NewsArticle too) with its newest updates as liveBlogUpdate. */
export function liveBlogJsonLd(
  article: Article,
  live: LiveUpdateList,
  publicUrl: string,
  path: string,
  description: string,
  bylineIsReporter = true,
) {
  const url = absoluteUrl(publicUrl, path);
  return {
    ...newsArticleJsonLd(article, publicUrl, path, description, bylineIsReporter),
    '@type': 'LiveBlogPosting',
    ...(live.liveSince ? { coverageStartTime: live.liveSince } : {}),
    ...(live.liveEndedAt ? { coverageEndTime: live.liveEndedAt } : {}),
    ...(live.updates[0] ? { dateModified: live.updates.map((u) => u.updatedAt).reduce((a, b) => (a > b ? a : b)) } : {}),
    // The newest page only, as on the page (contract/live.ts's LIVE_PAGE_SIZE).
    liveBlogUpdate: live.updates.map((u) => ({
      '@type': 'BlogPosting',
      '@id': `${url}#update-${u.id}`,
      headline: stripTags(u.content).trim().slice(0, 110),
      articleBody: stripTags(u.content).trim(),
      datePublished: u.createdAt,
      dateModified: u.updatedAt,
      author: { '@type': 'Person', name: u.authorName },
    })),
  };
}
