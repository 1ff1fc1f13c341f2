// The navigation bar: the public list, and the admin's read and replace. Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { publicRead, typed } from '../http/openapi.ts';
import { NavigationEntrySchema, NavigationSelectionSchema, PublicNavigationEntrySchema } from '../../contract/navigation.ts';

const tags = ['navigation'];

export async function navigationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { navigation } = services;
  const api = typed(app);

  publicRead(
    api,
    '/navigation-categories/public',
    { tags, summary: 'Categories in the navigation bar, in display order', response: z.array(PublicNavigationEntrySchema) },
    () => navigation.listPublic(),
  );

  api.get(
    '/navigation-categories',
    {
      config: { access: ['ADMIN'] },
      schema: { tags, summary: 'The navigation selection with its order', response: { 200: z.array(NavigationEntrySchema) } },
    },
    async () => navigation.list(),
  );

  api.put(
    '/navigation-categories',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags,
        summary: 'Replace the navigation selection (orders renumbered 1..n)',
        body: NavigationSelectionSchema,
        response: { 200: z.array(NavigationEntrySchema) },
      },
    },
    async (request) => navigation.replace(request.body, actorOf(request)),
  );
}
