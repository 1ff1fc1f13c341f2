// Readership routes: the view beacon (public, no cookie read or set), the most-read list, and
// the admin's views per reporter. Views per article ride on the admin approved list.
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { publicRead, typed } from '../http/openapi.ts';
import { withoutBody } from '../articles/public-service.ts';
import { IdParam } from '../../contract/http.ts';
import { ArticleListSchema, ReporterViewsListSchema } from '../../contract/articles.schema.ts';

const tags = ['readership'];

export async function readershipRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { readership } = services;
  const api = typed(app);

  // Sent by navigator.sendBeacon after the page has loaded. Always 204, counted or not: a bot
  // learns nothing, and the reader's page never waits on it.
  api.post(
    '/public/articles/:id/view',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Count a read of an article (always 204)', params: IdParam, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const agent = request.headers['user-agent'];
      // Speculative loads (prefetch, prerender) are not reads; a request without a browser's
      // user agent is a script, and isbot knows the crawlers, previewers and headless browsers.
      const speculative = /prefetch|prerender/i.test(String(request.headers['sec-purpose'] ?? request.headers.purpose ?? ''));
      if (agent && !isbot(agent) && !speculative && request.params.id > 0)
        readership.record(request.params.id, { address: request.ip, agent });
      return reply.status(204).header('cache-control', 'no-store').send(null);
    },
  );

  publicRead(
    api,
    '/public/articles/most-read',
    { tags, summary: 'The most-read articles (no bodies)', response: ArticleListSchema },
    async () => withoutBody(await readership.mostRead()),
  );

  api.get(
    '/admin/readership/reporters',
    {
      config: { access: ['ADMIN'] },
      schema: { tags, summary: 'Views per reporter', response: { 200: ReporterViewsListSchema } },
    },
    async () => readership.byReporter(),
  );
}
