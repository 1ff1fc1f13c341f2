// Web Push routes for readers (declared in contract/push.ts): the site's public key, opting in (or
// changing topics) and leaving. No cookie is read or set: the subscription's endpoint is the
// browser's only name here.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { serve } from '../http/contract.ts';
import { PUSH_ROUTES as routes } from '../../contract/push.ts';

export async function pushRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { push } = services;

  serve(app, routes.key, async () => ({ publicKey: await push.publicKey() }));
  serve(app, routes.subscribe, async (request) => push.subscribe(request.body));
  serve(app, routes.unsubscribe, async (request) => {
    await push.unsubscribe(request.body.endpoint);
  });
}
