// SPEC.md §7 Admin article review: thin adapters over the review service, ADMIN only.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { requireRole } from '../http/guards.ts';

type IdParams = { Params: { id: string } };

export async function reviewRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { review } = services;
  const adminOnly = { preHandler: requireRole('ADMIN') };

  // Static paths win over /admin/articles/:id in Fastify's router, whatever the order here.
  app.get('/admin/articles/pending', adminOnly, async () => review.listPending());
  app.get('/admin/articles/approved', adminOnly, async (request) => review.listApproved(request.query));
  app.get<IdParams>('/admin/articles/:id', adminOnly, async (request) => review.get(request.params.id));
  app.put<IdParams>('/admin/articles/approve/:id', adminOnly, async (request) => review.approve(request.params.id));
  app.put<IdParams>('/admin/articles/reject/:id', adminOnly, async (request) => review.reject(request.params.id, request.body));
  app.delete<IdParams>('/admin/articles/:id', adminOnly, async (request) => review.remove(request.params.id));
}
