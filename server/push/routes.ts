// Web Push routes for readers (declared in contract/push.ts): the site's public key, opting in (or
// changing topics) and leaving. No cookie is read or set: the subscription's endpoint is the
// browser's only name here, its auth secret the proof. Opting in and leaving are limited per client
// address (@fastify/rate-limit, as the sign-in routes), each route on its own.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { serve } from '../http/contract.ts';
import { PUSH_ROUTES as routes } from '../../contract/push.ts';
import type { ApiRoute } from '../../contract/route.ts';

export async function pushRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { push, config } = services;
  const limited = new Set<ApiRoute>([routes.subscribe, routes.unsubscribe]);
  const rateLimit = { max: config.push.rateLimit, timeWindow: '1 minute' };
  app.addHook('onRoute', (options) => {
    const route = options.config?.apiRoute;
    if (!route || !limited.has(route)) return;
    const hooks = options.onRequest ? [options.onRequest].flat() : [];
    options.onRequest = [app.rateLimit(rateLimit), ...hooks];
  });

  serve(app, routes.key, async () => ({ publicKey: await push.publicKey() }));
  serve(app, routes.subscribe, async (request) => push.subscribe(request.body));
  serve(app, routes.unsubscribe, async (request) => {
    await push.unsubscribe(request.body.endpoint, request.body.auth);
  });
}
