// SPEC.md §7 Admin user calls: thin adapters over the users service, ADMIN only.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { currentUser, requireRole } from '../http/guards.ts';

export async function usersRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { users } = services;
  const admin = { preHandler: requireRole('ADMIN') };

  app.get('/admin/users', admin, async (request) => users.list(request.query));

  app.post('/admin/assignRole', admin, async (request) => users.assignRole(currentUser(request), request.body));

  app.post('/admin/reassign-and-update-role', admin, async (request) =>
    users.reassignAndUpdateRole(currentUser(request), request.body),
  );

  app.post('/admin/reassign-and-delete-reporter', admin, async (request) =>
    users.reassignAndDeleteReporter(currentUser(request), request.body),
  );

  app.delete('/admin/users/:id', admin, async (request) => users.deleteUser(currentUser(request), request.params));
}
