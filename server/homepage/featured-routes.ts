// The admin's featured categories: which category sections the home page shows, in order
// (declared in contract/featured.ts).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { serve } from '../http/contract.ts';
import { FEATURED_MESSAGES } from '../../contract/categories.ts';
import { FEATURED_ROUTES as routes } from '../../contract/featured.ts';

export async function featuredRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { featured } = services;
  serve(app, routes.list, async () => featured.list());
  serve(app, routes.replace, async (request) => ({
    message: FEATURED_MESSAGES.saved,
    categories: await featured.replace(request.body, actorOf(request)),
  }));
}
