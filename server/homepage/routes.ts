// Homepage: GET /api/public/articles/homepage (SPEC.md §7), cacheable by a CDN.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { sendPublic } from '../http/cache.ts';

export async function homepageRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/public/articles/homepage', async (request, reply) => sendPublic(request, reply, await services.homepage.get()));
}
