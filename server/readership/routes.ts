// Readership routes: the view beacon (public, no cookie read or set), the most-read list, and
// the admin's views per reporter. Views per article ride on the admin approved list.
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import type { Services } from '../services.ts';
import { requireRole } from '../http/guards.ts';
import { sendPublic } from '../http/cache.ts';
import { withoutBody } from '../articles/public-service.ts';

export async function readershipRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { readership } = services;

  // Sent by navigator.sendBeacon after the page has loaded. Always 204, counted or not: a bot
  // learns nothing, and the reader's page never waits on it.
  app.post<{ Params: { id: string } }>('/public/articles/:id/view', async (request, reply) => {
    const agent = request.headers['user-agent'];
    // Speculative loads (prefetch, prerender) are not reads; a request without a browser's
    // user agent is a script, and isbot knows the crawlers, previewers and headless browsers.
    const speculative = /prefetch|prerender/i.test(String(request.headers['sec-purpose'] ?? request.headers.purpose ?? ''));
    if (agent && !isbot(agent) && !speculative && /^\d{1,10}$/.test(request.params.id)) {
      readership.record(Number(request.params.id));
    }
    return reply.status(204).header('cache-control', 'no-store').send();
  });

  app.get('/public/articles/most-read', async (request, reply) =>
    sendPublic(request, reply, withoutBody(await readership.mostRead())),
  );

  app.get('/admin/readership/reporters', { preHandler: requireRole('ADMIN') }, async () => readership.byReporter());
}
