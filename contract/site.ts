// The newsroom's name and tagline: the site shell, feeds, sitemaps and the authenticator app show them.
export const SITE_NAME = 'తెలుగు వార్తలు';
export const SITE_TAGLINE = 'నిజం. నిష్పక్షపాతం. నిరంతరం.';
