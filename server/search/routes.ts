// Search of approved articles: GET /api/public/articles/search?query&page=0&size=5 (declared in
// contract/public-articles.ts). Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { setTotalCount } from '../http/openapi.ts';
import { serve } from '../http/contract.ts';
import { cacheTags, tag } from '../cdn/tags.ts';
import { SEARCH_ROUTES } from '../../contract/public-articles.ts';

export async function searchRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, SEARCH_ROUTES.search, async (request, reply) => {
    const { query, page, size } = request.query;
    const result = await services.search.search(query, page, size);
    cacheTags(reply, [tag.search]);
    setTotalCount(reply, result.totalElements);
    return result;
  });
}
