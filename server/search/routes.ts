// GET /api/public/articles/search?query&page=0&size=5 (SPEC.md §7, DESIGN.md Lists and search).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { sendPublic } from '../http/cache.ts';
import { parsePaging } from '../articles/public-service.ts';

export async function searchRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get<{ Querystring: Record<string, string | string[]> }>('/public/articles/search', async (request, reply) => {
    const { page, size } = parsePaging(request.query);
    const raw = request.query.query;
    const query = Array.isArray(raw) ? raw.join(' ') : (raw ?? '');
    const result = await services.search.search(query, page, size);
    reply.header('x-total-count', String(result.totalElements)).header('access-control-expose-headers', 'X-Total-Count');
    return sendPublic(request, reply, result);
  });
}
