// Categories: public list and the admin Manage Categories API (SPEC.md §7).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { requireRole } from '../http/guards.ts';
import { actorOf } from '../audit/service.ts';
import { notFound } from '../http/errors.ts';
import { sendPublic } from '../http/cache.ts';
import { CATEGORY_MESSAGES } from '../../contract/categories.ts';

/** Path ids are positive integers; anything else names no category. */
export function idParam(params: unknown, message = 'Not found'): number {
  const raw = (params as { id?: string }).id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw notFound(message);
  return id;
}

export async function categoriesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { categories } = services;
  const admin = { preHandler: requireRole('ADMIN') };

  app.get('/categories', async (request, reply) => {
    const list = await categories.list();
    reply.header('x-total-count', String(list.length));
    reply.header('access-control-expose-headers', 'X-Total-Count');
    return sendPublic(request, reply, list);
  });

  app.get('/admin/categories', admin, async () => categories.list());
  app.post('/admin/categories', admin, async (request, reply) =>
    reply.status(201).send(await categories.create(request.body, actorOf(request))),
  );
  app.put('/admin/categories/:id', admin, async (request) =>
    categories.rename(idParam(request.params, CATEGORY_MESSAGES.notFound), request.body, actorOf(request)),
  );
  app.delete('/admin/categories/:id', admin, async (request, reply) => {
    await categories.remove(idParam(request.params, CATEGORY_MESSAGES.notFound), actorOf(request));
    return reply.status(204).send();
  });
}
