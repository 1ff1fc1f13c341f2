// What crawlers and feed readers get: robots.txt, sitemaps (site and Google News) and RSS 2.0.
// Approved articles only; every address is absolute, built from PUBLIC_URL.
import { and, asc, between, count, desc, eq, gte, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { Services } from '../services.ts';
import { articleCorrections, articles, categories } from '../db/schema.ts';
import { isApproved, listApproved, listInCategory } from '../articles/public-service.ts';
import { notFound } from '../http/errors.ts';
import { authorPath, FEED_PATHS, SITE_NAME, SITE_TAGLINE } from '../../contract/site.ts';
import type { Article } from '../../contract/articles.ts';
import { districtBySlug, districtPath } from '../../contract/districts.ts';
import { mediaNameOf } from '../media/urls.ts';

export const RSS_ITEMS = 30;
export const NEWS_SITEMAP_HOURS = 48;
/** Google's limits: 50,000 addresses per sitemap, 1,000 per news sitemap. */
export const SITEMAP_MAX_URLS = 50_000;
export const NEWS_SITEMAP_MAX_URLS = 1_000;

/** The canonical address of each page (the article page's own canonical link uses the same). */
export const paths = {
  home: '/',
  about: '/about-us',
  article: (id: number) => `/article/${id}`,
  category: (id: number) => `/public/articles/category/${id}`,
  rss: FEED_PATHS.site,
  categoryRss: FEED_PATHS.category,
  district: districtPath,
  districtRss: FEED_PATHS.district,
  author: authorPath,
  authorRss: FEED_PATHS.author,
};

// Characters XML 1.0 does not allow at all (control characters other than tab, newline, return).
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or attribute value safe inside XML. */
export const xml = (value: string | number) =>
  String(value)
    // A lone surrogate is no character at all: U+FFFD in its place keeps the feed well-formed.
    .toWellFormed()
    .replace(INVALID_XML, '')
    .replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * Above `maxUrls` approved articles /sitemap.xml is a sitemap index: /sitemaps/pages.xml (home,
 * About Us, categories) and one /sitemaps/articles-<n>.xml per block of `maxUrls` article ids
 * (ids are never reused, so a block's address and content stay put as the archive grows).
 */
export function createSeoService(services: Services, limits: { maxUrls: number } = { maxUrls: SITEMAP_MAX_URLS }) {
  const { db, config } = services;
  const abs = (path: string) => `${config.publicUrl}${path}`;

  /**
   * The cover as an RSS enclosure: the link-preview JPEG (feed readers handle JPEG everywhere, WebP
   * not) with its byte length as /media serves it. None when the file is not stored.
   */
  async function enclosure(a: Article) {
    const cover = a.images[0]?.shareUrl;
    const name = cover ? mediaNameOf(cover) : undefined;
    // A bucket out of reach costs the feed its enclosures, not the feed.
    const length = name ? await services.storage.size(name).catch(() => undefined) : undefined;
    // With MEDIA_PUBLIC_URL the link is already absolute (the CDN's).
    const url = cover && /^https?:\/\//.test(cover) ? cover : abs(cover ?? '');
    return cover && length !== undefined ? `<enclosure url="${xml(url)}" length="${length}" type="image/jpeg"/>` : '';
  }

  /** The feed of one author, category or district: titled by its name, described by the site and what it is. */
  function subjectRss(name: string, about: string, selfPath: string, pagePath: string, items: Article[]) {
    return rss(`${name} – ${SITE_NAME}`, `${SITE_NAME}: ${about}`, selfPath, pagePath, items);
  }

  /** Each item's date: its publication, or its latest correction after it (a corrected story is news again to a feed reader). */
  async function itemDates(items: Article[]): Promise<Date[]> {
    const ids = items.map((a) => a.id);
    const corrected = ids.length
      ? await db
          .select({ id: articleCorrections.articleId, at: max(articleCorrections.createdAt) })
          .from(articleCorrections)
          .where(inArray(articleCorrections.articleId, ids))
          .groupBy(articleCorrections.articleId)
      : [];
    const correctedAt = new Map(corrected.map((r) => [r.id, r.at]));
    return items.map((a) => {
      const published = new Date(a.publicationDate);
      const at = correctedAt.get(a.id);
      return at && at > published ? at : published;
    });
  }

  async function rss(title: string, description: string, selfPath: string, pagePath: string, items: Article[]) {
    const [enclosures, dates] = await Promise.all([Promise.all(items.map(enclosure)), itemDates(items)]);
    const lastBuild = dates.reduce((a, b) => (b > a ? b : a), new Date(0));
    const entries = items.map((a, i) =>
      [
        '<item>',
        `<title>${xml(a.title)}</title>`,
        `<link>${xml(abs(paths.article(a.id)))}</link>`,
        `<guid isPermaLink="true">${xml(abs(paths.article(a.id)))}</guid>`,
        `<pubDate>${dates[i].toUTCString()}</pubDate>`,
        `<description>${xml(a.shortDescription)}</description>`,
        `<dc:creator>${xml(a.author)}</dc:creator>`,
        ...a.categories.map((c) => `<category>${xml(c.name)}</category>`),
        enclosures[i],
        '</item>',
      ].join(''),
    );
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
      '<channel>',
      `<title>${xml(title)}</title>`,
      `<link>${xml(abs(pagePath))}</link>`,
      `<description>${xml(description)}</description>`,
      '<language>te</language>',
      `<lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
      `<atom:link href="${xml(abs(selfPath))}" rel="self" type="application/rss+xml"/>`,
      ...entries,
      '</channel>',
      '</rss>',
    ].join('\n');
  }

  return {
    robots() {
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /admin-dashboard',
        'Disallow: /reporter-dashboard',
        'Disallow: /reporter/',
        'Disallow: /user-dashboard',
        '',
        `Sitemap: ${abs('/sitemap.xml')}`,
        `Sitemap: ${abs('/news-sitemap.xml')}`,
        '',
      ].join('\n');
    },

    /**
     * Up to `maxUrls` approved articles: home, About Us, every category and every approved article
     * (newest first, with lastmod). Above that, a sitemap index (see createSeoService).
     */
    async sitemap() {
      // Counting stops at maxUrls + 1: the decision costs the same with a million articles.
      const [{ n }] = await db.select({ n: count() }).from(
        db
          .select({ one: sql`1` })
          .from(articles)
          .where(isApproved)
          .limit(limits.maxUrls + 1)
          .as('a'),
      );
      if (n > limits.maxUrls) {
        const [last] = await db
          .select({ id: max(articles.id) })
          .from(articles)
          .where(isApproved);
        const blocks = Math.floor(((last?.id ?? 1) - 1) / limits.maxUrls) + 1;
        return [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          `<sitemap><loc>${xml(abs('/sitemaps/pages.xml'))}</loc></sitemap>`,
          ...Array.from({ length: blocks }, (_, b) => `<sitemap><loc>${xml(abs(`/sitemaps/articles-${b}.xml`))}</loc></sitemap>`),
          '</sitemapindex>',
        ].join('\n');
      }
      return this.sitemapPart('all');
    },

    /** A child of the sitemap index: 'pages', a block number of article ids, or 'all' (no index). */
    async sitemapPart(part: 'all' | 'pages' | number) {
      if (typeof part === 'number' && !(Number.isInteger(part) && part >= 0)) throw notFound('Not found.');
      const block = typeof part === 'number' ? part : undefined;
      const [cats, districts, rows] = await Promise.all([
        block !== undefined ? [] : db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)),
        // The district pages that have stories, with their newest story's date (one range of the
        // district index each).
        block !== undefined
          ? []
          : db
              .select({ slug: articles.district, latest: max(articles.publicationDate) })
              .from(articles)
              .where(and(isApproved, isNotNull(articles.district)))
              .groupBy(articles.district)
              .orderBy(asc(articles.district)),
        part === 'pages'
          ? []
          : db
              .select({ id: articles.id, publicationDate: articles.publicationDate, updatedAt: articles.updatedAt })
              .from(articles)
              .where(
                block === undefined
                  ? isApproved
                  : and(isApproved, between(articles.id, block * limits.maxUrls + 1, (block + 1) * limits.maxUrls)),
              )
              .orderBy(desc(articles.publicationDate), desc(articles.id))
              .limit(block === undefined ? limits.maxUrls - 2 : limits.maxUrls),
      ]);
      const url = (path: string, lastmod?: Date) =>
        `<url><loc>${xml(abs(path))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
      const lastChange = (r: { publicationDate: Date; updatedAt: Date }) =>
        r.updatedAt > r.publicationDate ? r.updatedAt : r.publicationDate;
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...(block === undefined ? [url(paths.home, rows[0] ? lastChange(rows[0]) : undefined), url(paths.about)] : []),
        ...[
          ...cats.map((c) => url(paths.category(c.id))),
          ...districts.flatMap((d) =>
            d.slug && districtBySlug(d.slug) ? [url(paths.district(d.slug), d.latest ?? undefined)] : [],
          ),
        ].slice(0, Math.max(0, SITEMAP_MAX_URLS - 2 - rows.length)),
        ...rows.map((r) => url(paths.article(r.id), lastChange(r))),
        '</urlset>',
      ].join('\n');
    },

    /** Google News sitemap: articles approved in the last 48 hours, language te. */
    async newsSitemap(now = new Date()) {
      const since = new Date(now.getTime() - NEWS_SITEMAP_HOURS * 3_600_000);
      const rows = await db
        .select({ id: articles.id, title: articles.title, publicationDate: articles.publicationDate })
        .from(articles)
        .where(and(isApproved, gte(articles.publicationDate, since)))
        .orderBy(desc(articles.publicationDate), desc(articles.id))
        .limit(NEWS_SITEMAP_MAX_URLS);
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
        ...rows.map((r) =>
          [
            '<url>',
            `<loc>${xml(abs(paths.article(r.id)))}</loc>`,
            '<news:news>',
            `<news:publication><news:name>${xml(SITE_NAME)}</news:name><news:language>te</news:language></news:publication>`,
            `<news:publication_date>${r.publicationDate.toISOString()}</news:publication_date>`,
            `<news:title>${xml(r.title)}</news:title>`,
            '</news:news>',
            '</url>',
          ].join(''),
        ),
        '</urlset>',
      ].join('\n');
    },

    /** The site feed: the 30 newest approved articles. */
    async siteRss() {
      const items = await listApproved(db, undefined, RSS_ITEMS);
      return rss(SITE_NAME, SITE_TAGLINE, paths.rss, paths.home, items);
    },

    /** One reporter's feed (their 30 newest approved stories); unknown or not a reporter: 404. */
    async authorRss(username: string) {
      const author = await services.authors.feedSubject(username);
      if (!author) throw notFound('Author not found.');
      const items = await listApproved(db, eq(articles.reporterId, author.id), RSS_ITEMS);
      const { displayName, username: name } = author;
      return subjectRss(displayName, displayName, paths.authorRss(name), paths.author(name), items);
    },

    /** One category's feed; unknown category: 404. */
    async categoryRss(categoryId: number) {
      const [category] =
        Number.isSafeInteger(categoryId) && categoryId > 0 && categoryId <= 2_147_483_647
          ? await db.select().from(categories).where(eq(categories.id, categoryId))
          : [];
      if (!category) throw notFound('Category not found');
      const items = await listInCategory(db, category.id, RSS_ITEMS);
      return subjectRss(category.name, category.name, paths.categoryRss(category.id), paths.category(category.id), items);
    },

    /** One district's feed; unknown district: 404. */
    async districtRss(slug: string) {
      const { district, articles: items } = await services.districts.articles(slug, 0, RSS_ITEMS);
      const about = `${district.te} (${district.en})`;
      return subjectRss(district.te, about, paths.districtRss(district.slug), paths.district(district.slug), items);
    },
  };
}
