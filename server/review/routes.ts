// SPEC.md §7 Admin article review, plus scheduling and breaking news: thin adapters over the
// review service, ADMIN only. Each act passes the caller and the client address to the audit trail.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { requireRole } from '../http/guards.ts';
import { actorOf } from '../audit/service.ts';

type IdParams = { Params: { id: string } };

export async function reviewRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { review } = services;
  const adminOnly = { preHandler: requireRole('ADMIN') };

  // Static paths win over /admin/articles/:id in Fastify's router, whatever the order here.
  app.get('/admin/articles/pending', adminOnly, async () => review.listPending());
  app.get('/admin/articles/approved', adminOnly, async (request) => review.listApproved(request.query));
  app.get('/admin/articles/scheduled', adminOnly, async () => review.listScheduled());
  app.get<IdParams>('/admin/articles/:id', adminOnly, async (request) => review.get(request.params.id));
  app.put<IdParams & { Querystring: { publishAt?: string } }>('/admin/articles/approve/:id', adminOnly, async (request) =>
    review.approve(request.params.id, { publishAt: request.query.publishAt }, actorOf(request)),
  );
  app.put<IdParams>('/admin/articles/unschedule/:id', adminOnly, async (request) =>
    review.unschedule(request.params.id, actorOf(request)),
  );
  app.put<IdParams>('/admin/articles/reject/:id', adminOnly, async (request) =>
    review.reject(request.params.id, request.body, actorOf(request)),
  );
  app.put<IdParams>('/admin/articles/breaking/:id', adminOnly, async (request) =>
    review.markBreaking(request.params.id, request.body, actorOf(request)),
  );
  app.delete<IdParams>('/admin/articles/breaking/:id', adminOnly, async (request) =>
    review.clearBreaking(request.params.id, actorOf(request)),
  );
  app.delete<IdParams>('/admin/articles/:id', adminOnly, async (request) => review.remove(request.params.id, actorOf(request)));
}
