// Categories: the public list and the admin's Manage Categories API. Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { publicRead, setTotalCount, typed } from '../http/openapi.ts';
import { IdParam } from '../../contract/http.ts';
import { CategoryInputSchema, CategorySchema, CategoryUsageSchema } from '../../contract/categories.ts';
import { ErrorBody } from '../../contract/http.ts';

const tags = ['categories'];
const CategoryList = z.array(CategorySchema);

export async function categoriesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { categories } = services;
  const api = typed(app);

  publicRead(
    api,
    '/categories',
    { tags, summary: 'Every category, by name (X-Total-Count: how many)', response: CategoryList },
    async (_request, reply) => {
      const list = await categories.list();
      setTotalCount(reply, list.length);
      return list;
    },
  );

  api.get(
    '/admin/categories',
    {
      config: { access: ['ADMIN'] },
      schema: { tags, summary: 'Every category, for the admin', response: { 200: CategoryList } },
    },
    async () => categories.list(),
  );

  api.post(
    '/admin/categories',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags,
        summary: 'Create a category',
        body: CategoryInputSchema,
        response: { 201: CategorySchema, 409: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await categories.create(request.body, actorOf(request))),
  );

  api.put(
    '/admin/categories/:id',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags,
        summary: 'Rename a category',
        params: IdParam,
        body: CategoryInputSchema,
        response: { 200: CategorySchema, 409: ErrorBody },
      },
    },
    async (request) => categories.rename(request.params.id, request.body, actorOf(request)),
  );

  api.get(
    '/admin/categories/:id/usage',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags,
        summary:
          'What deleting a category would touch: its articles (all, published, with no other category), navigation, featured',
        params: IdParam,
        response: { 200: CategoryUsageSchema },
      },
    },
    async (request) => categories.usage(request.params.id),
  );

  api.delete(
    '/admin/categories/:id',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags,
        summary: 'Delete a category (refused while it is in the navigation bar)',
        params: IdParam,
        response: { 204: z.null(), 409: ErrorBody },
      },
    },
    async (request, reply) => {
      await categories.remove(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );
}
