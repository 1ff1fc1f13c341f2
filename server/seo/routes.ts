// Sitemaps, RSS and robots.txt at the site root, cacheable by a CDN.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { PUBLIC_FEED_CACHE, sendPublic } from '../http/cache.ts';
import { createSeoService } from './service.ts';

const XML = 'application/xml; charset=utf-8';

export async function seoRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const seo = createSeoService(services);
  const opts = (contentType: string) => ({ contentType, cacheControl: PUBLIC_FEED_CACHE });

  app.get('/robots.txt', async (request, reply) => sendPublic(request, reply, seo.robots(), opts('text/plain; charset=utf-8')));
  app.get('/sitemap.xml', async (request, reply) => sendPublic(request, reply, await seo.sitemap(), opts(XML)));
  app.get('/sitemaps/pages.xml', async (request, reply) => sendPublic(request, reply, await seo.sitemapPart('pages'), opts(XML)));
  app.get<{ Params: { n: string } }>('/sitemaps/articles-:n.xml', async (request, reply) => {
    const n = /^\d{1,6}$/.test(request.params.n) ? Number(request.params.n) : NaN;
    return sendPublic(request, reply, await seo.sitemapPart(n), opts(XML));
  });
  app.get('/news-sitemap.xml', async (request, reply) => sendPublic(request, reply, await seo.newsSitemap(), opts(XML)));
  app.get('/rss.xml', async (request, reply) =>
    sendPublic(request, reply, await seo.siteRss(), opts('application/rss+xml; charset=utf-8')),
  );
  app.get<{ Params: { username: string } }>('/rss/author/:username.xml', async (request, reply) =>
    sendPublic(request, reply, await seo.authorRss(request.params.username), opts('application/rss+xml; charset=utf-8')),
  );
  app.get<{ Params: { id: string } }>('/rss/category/:id.xml', async (request, reply) => {
    const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : NaN;
    return sendPublic(request, reply, await seo.categoryRss(id), opts('application/rss+xml; charset=utf-8'));
  });
  app.get<{ Params: { slug: string } }>('/rss/district/:slug.xml', async (request, reply) =>
    sendPublic(request, reply, await seo.districtRss(request.params.slug), opts('application/rss+xml; charset=utf-8')),
  );
}
