// Readership routes (declared in contract/readership.ts): the view beacon (public, no cookie read
// or set), the most-read list, and the admin's views per reporter. Views per article ride on the
// admin approved list.
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import type { Services } from '../services.ts';
import { serve } from '../http/contract.ts';
import { cacheTags, tag } from '../cdn/tags.ts';
import { withoutBody } from '../articles/public-service.ts';
import { READERSHIP_ROUTES as routes } from '../../contract/readership.ts';

export async function readershipRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { readership } = services;

  // Sent by navigator.sendBeacon after the page has loaded. Always 204, counted or not: a bot
  // learns nothing, and the reader's page never waits on it.
  serve(app, routes.view, async (request, reply) => {
    const agent = request.headers['user-agent'];
    // Speculative loads (prefetch, prerender) are not reads; a request without a browser's
    // user agent is a script, and isbot knows the crawlers, previewers and headless browsers.
    const speculative = /prefetch|prerender/i.test(String(request.headers['sec-purpose'] ?? request.headers.purpose ?? ''));
    if (agent && !isbot(agent) && !speculative && request.params.id > 0)
      readership.record(request.params.id, { address: request.ip, agent });
    reply.header('cache-control', 'no-store');
  });

  // The list the pages' shared most-read part shows: purged with it, on a new ranking and on any change.
  serve(app, routes.mostRead, async (_request, reply) => {
    cacheTags(reply, [tag.shared]);
    return withoutBody(await readership.mostRead());
  });

  serve(app, routes.byReporter, async () => readership.byReporter());
}
