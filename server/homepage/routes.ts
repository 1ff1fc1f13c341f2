// The home page's data in one answer, cacheable by a CDN.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { publicRead, typed } from '../http/openapi.ts';
import { ArticleListSchema, CategoryRefSchema } from '../../contract/articles.schema.ts';

const HomepageSchema = z.object({
  latestNews: ArticleListSchema,
  videoArticles: ArticleListSchema,
  featuredCategorySections: z.array(z.object({ category: CategoryRefSchema, articles: ArticleListSchema })),
  breakingNews: ArticleListSchema,
});

export async function homepageRoutes(app: FastifyInstance, { services }: { services: Services }) {
  publicRead(
    typed(app),
    '/public/articles/homepage',
    {
      tags: ['homepage'],
      summary: 'Latest news, video articles, featured category sections and breaking news',
      response: HomepageSchema,
    },
    () => services.homepage.get(),
  );
}
