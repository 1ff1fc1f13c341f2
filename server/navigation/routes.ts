// The navigation bar: the public list, and the admin's read and replace (declared in
// contract/navigation.ts). Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { serve } from '../http/contract.ts';
import { cacheTags, tag } from '../cdn/tags.ts';
import { NAVIGATION_ROUTES as routes } from '../../contract/navigation.ts';

export async function navigationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { navigation } = services;
  serve(app, routes.publicList, async (_request, reply) => {
    cacheTags(reply, [tag.navigation]);
    return navigation.listPublic();
  });
  serve(app, routes.list, async () => navigation.list());
  serve(app, routes.replace, async (request) => navigation.replace(request.body, actorOf(request)));
}
