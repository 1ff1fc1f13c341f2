// An article's revision history over HTTP (declared in contract/revisions.ts): the reporter's and
// the admin's list and revisions, the changes since a rejection, and the admin's restore. Rules in
// ../articles/revisions.ts.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { serve } from '../http/contract.ts';
import { REVISION_ROUTES as routes } from '../../contract/revisions.ts';

export async function revisionsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { revisions } = services;

  serve(app, routes.list, async (request) => revisions.list(currentUser(request), request.params.id));
  serve(app, routes.get, async (request) => revisions.get(currentUser(request), request.params.id, request.params.revId));
  serve(app, routes.sinceRejection, async (request) => ({
    changes: await revisions.sinceRejection(currentUser(request), request.params.id),
  }));
  serve(app, routes.restore, async (request) =>
    revisions.restore(currentUser(request), request.params.id, request.params.revId, request.ip, request.body.version),
  );
}
