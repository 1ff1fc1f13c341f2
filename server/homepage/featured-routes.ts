// The admin's featured categories: which category sections the home page shows, in order.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { typed } from '../http/openapi.ts';
import { CategorySchema, FEATURED_MESSAGES, FeaturedSelectionSchema } from '../../contract/categories.ts';

const tags = ['homepage'];
const FeaturedList = z.array(CategorySchema);

export async function featuredRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { featured } = services;
  const api = typed(app);

  api.get(
    '/admin/homepage/featured-categories',
    {
      config: { access: ['ADMIN'] },
      schema: { tags, summary: 'Featured categories in display order', response: { 200: FeaturedList } },
    },
    async () => featured.list(),
  );

  api.post(
    '/admin/homepage/featured-categories',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags,
        summary: 'Replace the featured categories (array of category ids, in display order)',
        body: FeaturedSelectionSchema,
        response: { 200: z.object({ message: z.string(), categories: FeaturedList }) },
      },
    },
    async (request) => {
      const categories = await featured.replace(request.body, actorOf(request));
      return { message: FEATURED_MESSAGES.saved, categories };
    },
  );
}
