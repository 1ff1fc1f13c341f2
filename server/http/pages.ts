// The public reading pages: their HTML is the same for every reader (signed-in state is filled in
// by the browser's check-auth call), so one cached render serves anonymous and signed-in readers.
// Each page names the query parameters its loader reads (the cache key keeps only those) and the
// tags a content change drops it by (server/http/cache.ts).

export type PublicPage = {
  /** For metrics: which page this is. */
  name: string;
  /** Query parameters the page's loader reads; any other parameter does not change the HTML. */
  params: readonly string[];
  tags: string[];
  /** Article pages also carry their categories' tags (their related and latest lists). */
  articleId?: number;
};

const routes: [RegExp, (match: RegExpExecArray) => PublicPage][] = [
  [/^\/(?:_root\.data)?$/, () => ({ name: 'home', params: [], tags: ['home'] })],
  [
    /^\/(?:article|public\/articles)\/(\d{1,9})(?:\.data)?$/,
    (m) => ({ name: 'article', params: [], tags: [`article:${Number(m[1])}`], articleId: Number(m[1]) }),
  ],
  [
    /^\/public\/articles\/category\/(\d{1,9})(?:\.data)?$/,
    (m) => ({
      name: 'category',
      params: ['page'],
      tags: [`category:${Number(m[1])}`],
    }),
  ],
  [/^\/search(?:\.data)?$/, () => ({ name: 'search', params: ['query', 'page'], tags: ['search'] })],
  [/^\/about-us(?:\.data)?$/, () => ({ name: 'about', params: [], tags: ['about'] })],
];

export function publicPage(pathname: string): PublicPage | undefined {
  for (const [pattern, page] of routes) {
    const match = pattern.exec(pathname);
    if (match) return page(match);
  }
  return undefined;
}

/**
 * The URL a public page is rendered and cached under: its path and only the parameters it reads,
 * in a fixed order (`_routes` too on `.data` requests, which selects the loaders to run).
 * `/?x=1`, `/?x=2`... are all `/`: one render, one entry.
 */
export function canonicalPageUrl(url: URL, page: PublicPage): string {
  const names = url.pathname.endsWith('.data') ? [...page.params, '_routes'] : page.params;
  const kept = new URLSearchParams();
  for (const name of names) for (const value of url.searchParams.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
