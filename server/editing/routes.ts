// Who is editing a story, over HTTP (declared in contract/editing.ts). Answers are staff-only and
// never cached (the API's default no-store). Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { serve } from '../http/contract.ts';
import { EDITING_ROUTES as routes } from '../../contract/editing.ts';

export async function editingRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { editing } = services;
  serve(app, routes.marks, async (request) => editing.marks(currentUser(request), request.query.ids));
  serve(app, routes.get, async (request) => editing.list(currentUser(request), request.params.id));
  serve(app, routes.beat, async (request) => editing.beat(currentUser(request), request.params.id, request.body.version));
  serve(app, routes.takeover, async (request) => editing.takeover(currentUser(request), request.params.id));
  serve(app, routes.leave, async (request) => {
    await editing.leave(currentUser(request), request.params.id);
  });
}
