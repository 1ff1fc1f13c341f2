// District editions under /api/public/districts (declared in contract/districts.schema.ts): the list
// and each district's stories, cacheable by a CDN.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { setTotalCount } from '../http/openapi.ts';
import { serve } from '../http/contract.ts';
import { cacheTags, tag } from '../cdn/tags.ts';
import { DISTRICT_ROUTES as routes } from '../../contract/districts.schema.ts';

export async function districtsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { districts } = services;

  serve(app, routes.list, async (_request, reply) => {
    cacheTags(reply, [tag.districts]);
    return districts.list();
  });
  serve(app, routes.articles, async (request, reply) => {
    const { page, size } = request.query;
    const result = await districts.articles(request.params.slug, page, size);
    cacheTags(reply, [tag.districts]);
    setTotalCount(reply, result.total);
    return result.articles;
  });
}
