// Web Push routes for readers: the site's public key, opting in (or changing topics) and leaving.
// No cookie is read or set: the subscription's endpoint is the browser's only name here.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { publicRead, typed } from '../http/openapi.ts';
import { PushKeySchema, PushSubscribeSchema, PushSubscribedSchema, PushUnsubscribeSchema } from '../../contract/push.ts';

const tags = ['push'];

export async function pushRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { push } = services;
  const api = typed(app);

  publicRead(
    api,
    '/public/push/key',
    { tags, summary: 'The VAPID public key for PushManager.subscribe (applicationServerKey)', response: PushKeySchema },
    async () => ({ publicKey: await push.publicKey() }),
  );

  api.post(
    '/public/push/subscriptions',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Opt in to pushes: breaking news, categories, districts (again: replaces the topics)',
        description:
          'Topics: `breaking`, `category:<id>`, `district:<slug>`. The endpoint must be on a push service ' +
          'the site sends to (PUSH_ENDPOINT_HOSTS, docs/configuration.md); otherwise 400 and nothing is stored.',
        body: PushSubscribeSchema,
        response: { 201: PushSubscribedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await push.subscribe(request.body)),
  );

  api.delete(
    '/public/push/subscriptions',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Leave: no more pushes to this endpoint (204 whether or not it was subscribed)',
        body: PushUnsubscribeSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}
