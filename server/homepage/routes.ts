// The home page's data in one answer, cacheable by a CDN (declared in contract/public-articles.ts).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { serve } from '../http/contract.ts';
import { cacheTags, tag } from '../cdn/tags.ts';
import { HOMEPAGE_ROUTES } from '../../contract/public-articles.ts';

export async function homepageRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, HOMEPAGE_ROUTES.homepage, async (_request, reply) => {
    cacheTags(reply, [tag.home]);
    return services.homepage.get();
  });
}
