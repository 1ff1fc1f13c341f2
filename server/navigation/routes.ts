// SPEC.md §7: public navigation list; admin read and replace.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { requireRole } from '../http/guards.ts';
import { actorOf } from '../audit/service.ts';
import { sendPublic } from '../http/cache.ts';

export async function navigationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { navigation } = services;
  app.get('/navigation-categories/public', async (request, reply) => sendPublic(request, reply, await navigation.listPublic()));
  app.get('/navigation-categories', { preHandler: requireRole('ADMIN') }, async () => navigation.list());
  app.put('/navigation-categories', { preHandler: requireRole('ADMIN') }, async (request) =>
    navigation.replace(request.body, actorOf(request)),
  );
}
