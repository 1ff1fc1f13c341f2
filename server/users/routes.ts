// The admin's user management: list, role changes, reassignment and deletion, declared in
// contract/users.ts. Rules in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { actorOf } from '../audit/service.ts';
import { serve } from '../http/contract.ts';
import { USER_ROUTES as routes } from '../../contract/users.ts';

/** The signed-in admin and the client address, for the rules and the audit trail. */
const actor = (request: FastifyRequest) => actorOf(request) ?? currentUser(request);

export async function usersRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { users } = services;
  serve(app, routes.list, async (request) => users.list(request.query));
  serve(app, routes.assignRole, async (request) => users.assignRole(actor(request), request.body));
  serve(app, routes.reassignAndUpdateRole, async (request) => users.reassignAndUpdateRole(actor(request), request.body));
  serve(app, routes.reassignAndDelete, async (request) => users.reassignAndDeleteReporter(actor(request), request.body));
  serve(app, routes.remove, async (request) => users.deleteUser(actor(request), request.params.id));
}
