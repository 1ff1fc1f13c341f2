// SPEC.md §7 Admin user calls: thin adapters over the users service, ADMIN only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { currentUser, requireRole } from '../http/guards.ts';
import { actorOf } from '../audit/service.ts';

/** The signed-in admin and the client address, for the rules and the audit trail. */
const actor = (request: FastifyRequest) => actorOf(request) ?? currentUser(request);

export async function usersRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { users } = services;
  const admin = { preHandler: requireRole('ADMIN') };

  app.get('/admin/users', admin, async (request) => users.list(request.query));

  app.post('/admin/assignRole', admin, async (request) => users.assignRole(actor(request), request.body));

  app.post('/admin/reassign-and-update-role', admin, async (request) =>
    users.reassignAndUpdateRole(actor(request), request.body),
  );

  app.post('/admin/reassign-and-delete-reporter', admin, async (request) =>
    users.reassignAndDeleteReporter(actor(request), request.body),
  );

  app.delete('/admin/users/:id', admin, async (request) => users.deleteUser(actor(request), request.params));
}
