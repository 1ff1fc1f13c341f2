// Categories: the public list and the admin's Manage Categories API (declared in contract/categories.ts).
// Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { setTotalCount } from '../http/openapi.ts';
import { serve } from '../http/contract.ts';
import { cacheTags, tag } from '../cdn/tags.ts';
import { CATEGORY_ROUTES as routes } from '../../contract/categories.ts';

export async function categoriesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { categories } = services;

  serve(app, routes.list, async (_request, reply) => {
    const list = await categories.list();
    cacheTags(reply, [tag.categories]);
    setTotalCount(reply, list.length);
    return list;
  });
  serve(app, routes.adminList, async () => categories.list());
  serve(app, routes.create, async (request) => categories.create(request.body, actorOf(request)));
  serve(app, routes.rename, async (request) => categories.rename(request.params.id, request.body, actorOf(request)));
  serve(app, routes.usage, async (request) => categories.usage(request.params.id));
  serve(app, routes.remove, async (request) => categories.remove(request.params.id, actorOf(request)));
}
