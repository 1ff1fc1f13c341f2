// Saved stories of the signed-in reader (any role), declared in contract/saved.ts. Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { serve } from '../http/contract.ts';
import { SAVED_ROUTES as routes } from '../../contract/saved.ts';

export async function savedRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { saved } = services;

  serve(app, routes.list, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return saved.list(currentUser(request), request.query.page, request.query.size);
  });

  serve(app, routes.state, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return saved.state(currentUser(request), request.params.articleId);
  });

  serve(app, routes.save, async (request, reply) => {
    const { created, state } = await saved.save(currentUser(request), request.params.articleId);
    // Saved already: the same answer with 200.
    return created ? state : reply.status(200).send(state);
  });

  serve(app, routes.unsave, async (request) => {
    await saved.unsave(currentUser(request), request.params.articleId);
  });
}
