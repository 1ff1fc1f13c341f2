// The cache tags: what a cached page or public answer shows, named so that a content change drops
// only what it can affect. Loaders (app/lib/cache-policy.ts) and API handlers (server/cdn/tags.ts)
// name what they show with these builders; the page cache (server/http/page-cache/) drops by
// `tagsOfChange`, and caches in front are purged by `purgeTagsOf` (server/cdn/). A tag is never
// written as free text: a name that no change drops would keep a page stale until a site-wide change.

/** A route's cache declaration, exported beside a public page's loader as `cachePolicy`. */
export type CachePolicy = {
  /** For metrics: which page this is. */
  name: string;
  /** Query parameters the loader reads; any other parameter does not change the page. */
  params: readonly string[];
};

/** What an article change names (server/db/changes.ts `ContentChange`). */
export type ChangedContent = { readonly articles: readonly number[]; readonly categories: readonly number[] };

export const tag = {
  /** Dropped by any change: the tag of a page or answer that names nothing narrower (a feed, a sitemap). */
  any: 'any-change',
  /**
   * Dropped by any article change: listings that any story can join or leave and that no change
   * names by itself (a reporter's page, a tag's page).
   */
  anyArticle: 'any-article',
  /** The home page's lists. */
  home: 'home',
  /** Search pages: any story may now match. */
  search: 'search',
  /** District pages: any story may have joined or left a district. */
  districts: 'districts',
  /** One article's page (and what shows it alone: its live updates). */
  article: (id: number) => `article:${id}`,
  /** A category's listing (and the article pages that list its related news). */
  category: (id: number) => `category:${id}`,
  /** The shared parts (ticker, breaking labels, most read): on their fragments and on pages that hold them inline. */
  shared: 'shared',
  /** On every tagged answer: a change that is not targeted (navigation, ads, breaking...) purges it. */
  site: 'all',
  /**
   * What only a site-wide change of the same name changes (server/db/changes.ts `SITE_CHANGES`);
   * no targeted change drops it: it goes with `site`.
   */
  about: 'about',
  ads: 'ads',
  categories: 'categories',
  navigation: 'navigation',
} as const;

/** An article page's tags: the article and the categories it is in. */
export const tagsOfArticle = (article: { id: number; categories: readonly { id: number }[] }) => [
  tag.article(article.id),
  ...article.categories.map((c) => tag.category(c.id)),
];

/** The tags a targeted change drops: every listing any story can move, and the articles and categories it names. */
export function tagsOfChange(change: ChangedContent): Set<string> {
  return new Set([
    tag.any,
    tag.home,
    tag.search,
    tag.districts,
    tag.anyArticle,
    ...change.articles.map(tag.article),
    ...change.categories.map(tag.category),
  ]);
}

/**
 * What caches in front must drop after a change: the tags it drops in the page cache plus the
 * shared parts (the ticker lists the latest stories); anything may have changed (`undefined`): everything.
 */
export function purgeTagsOf(change: ChangedContent | undefined): string[] {
  if (!change) return [tag.site];
  return [...tagsOfChange(change), tag.shared];
}
