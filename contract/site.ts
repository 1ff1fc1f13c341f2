// The newsroom's name and tagline: the site shell, feeds, sitemaps and the authenticator app show them.
export const SITE_NAME = 'తెలుగు వార్తలు';
export const SITE_TAGLINE = 'నిజం. నిష్పక్షపాతం. నిరంతరం.';

/** The RSS feeds: the site's, and one per category. Every page names the site's; a category page also its own. */
export const FEED_PATHS = {
  site: '/rss.xml',
  category: (id: number) => `/rss/category/${id}.xml`,
  district: (slug: string) => `/rss/district/${slug}.xml`,
  author: (username: string) => `/rss/author/${encodeURIComponent(username)}.xml`,
};

/**
 * A reporter's public page (docs/product.md, author pages). Usernames are found without regard to
 * case, so the page's one address is lower-case (server/http/canonical.ts sends others there).
 */
export const authorPath = (username: string) => `/author/${encodeURIComponent(username.toLowerCase())}`;

/** The most pages a no-JavaScript ?page=N link asks for in one response. */
export const MAX_LINKED_PAGES = 20;

/** ?page=N (zero-based, the next page to show) → how many pages a listing renders at once. */
export function listPages(raw: string | null): number {
  const n = raw && /^\d{1,3}$/.test(raw) ? Number(raw) : 0;
  return Math.min(n, MAX_LINKED_PAGES - 1) + 1;
}

/**
 * The search page for a query (and `?page=N`), written as a form writes it (`+` for a space), as
 * React Router writes its data requests: the page's one address (server/http/canonical.ts).
 */
export function searchPath(query: string, page = 0): string {
  const params = new URLSearchParams();
  if (query.trim()) params.set('query', query.trim());
  if (page > 0) params.set('page', String(page));
  const text = params.toString();
  return text ? `/search?${text}` : '/search';
}

/** The query parameter that carries a signed-out visitor's page to the sign-in on the home page. */
export const NEXT_PARAM = 'next';
