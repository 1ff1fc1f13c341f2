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

/** A reporter's public page (docs/product.md, author pages). */
export const authorPath = (username: string) => `/author/${encodeURIComponent(username)}`;
