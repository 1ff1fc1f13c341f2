// Admin featured-categories routes (SPEC.md §7 Admin).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { requireRole } from '../http/guards.ts';
import { actorOf } from '../audit/service.ts';
import { FEATURED_MESSAGES } from '../../contract/categories.ts';

export async function featuredRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { featured } = services;
  const admin = { preHandler: requireRole('ADMIN') };
  app.get('/admin/homepage/featured-categories', admin, async () => featured.list());
  app.post('/admin/homepage/featured-categories', admin, async (request) => {
    const categories = await featured.replace(request.body, actorOf(request));
    return { message: FEATURED_MESSAGES.saved, categories };
  });
}
