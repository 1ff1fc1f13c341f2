// District editions under /api/public/districts: the list and each district's stories, cacheable by a CDN.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { publicRead, setTotalCount, typed } from '../http/openapi.ts';
import { PublicPageQuery } from '../articles/public-service.ts';
import { ArticleListSchema } from '../../contract/articles.schema.ts';

const tags = ['districts (public)'];

export const DistrictSchema = z
  .object({
    slug: z.string(),
    te: z.string().meta({ description: 'Telugu name' }),
    en: z.string().meta({ description: 'English name' }),
    state: z.enum(['AP', 'TG']).meta({ description: 'AP: Andhra Pradesh, TG: Telangana' }),
    url: z.string(),
    feedUrl: z.string(),
  })
  .meta({ id: 'District' });

export async function districtsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { districts } = services;
  const api = typed(app);

  publicRead(
    api,
    '/public/districts',
    { tags, summary: 'The 26 districts of Andhra Pradesh and the 33 of Telangana', response: z.array(DistrictSchema) },
    async () => districts.list(),
  );

  publicRead(
    api,
    '/public/districts/:slug/articles',
    {
      tags,
      summary: "A district's approved stories, newest first (X-Total-Count: how many); unknown district: 404",
      params: z.object({ slug: z.string().max(100) }),
      querystring: PublicPageQuery,
      response: ArticleListSchema,
    },
    async (request, reply) => {
      const { page, size } = request.query;
      const result = await districts.articles(request.params.slug, page, size);
      setTotalCount(reply, result.total);
      return result.articles;
    },
  );
}
