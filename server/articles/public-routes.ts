// Public article routes under /api/public/articles: approved articles only, cacheable by a CDN.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { sendPublic } from '../http/cache.ts';
import { notFound } from '../http/errors.ts';
import { typed } from '../http/openapi.ts';
import { PublicPageQuery } from './public-service.ts';
import { IdParam, toId } from '../../contract/http.ts';
import { ArticleListSchema, ArticleSchema } from '../../contract/articles.schema.ts';

const tags = ['articles (public)'];
const anyId = z.string().transform(toId);

export async function publicArticlesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { publicArticles } = services;
  const api = typed(app);

  api.get(
    '/public/articles/category/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A category's approved articles, newest first (X-Total-Count: how many)",
        params: IdParam,
        querystring: PublicPageQuery,
        response: { 200: ArticleListSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const { page, size } = request.query;
      const { articles, total } = await publicArticles.byCategory(request.params.id, page, size);
      reply.header('x-total-count', String(total)).header('access-control-expose-headers', 'X-Total-Count');
      return sendPublic(request, reply, articles);
    },
  );

  api.get(
    '/public/articles/related/:categoryId/:excludeArticleId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Newest articles of a category, without the one being read',
        params: z.object({ categoryId: anyId, excludeArticleId: anyId }),
        response: { 200: ArticleListSchema, 304: z.null() },
      },
    },
    async (request, reply) =>
      sendPublic(request, reply, await publicArticles.related(request.params.categoryId, request.params.excludeArticleId)),
  );

  api.get(
    '/public/articles/latest-news/:categoryId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Newest articles outside a category',
        params: z.object({ categoryId: anyId }),
        response: { 200: ArticleListSchema, 304: z.null() },
      },
    },
    async (request, reply) => sendPublic(request, reply, await publicArticles.latestNews(request.params.categoryId)),
  );

  api.get(
    '/public/articles/:id',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'One approved article', params: IdParam, response: { 200: ArticleSchema, 304: z.null() } },
    },
    async (request, reply) => {
      const article = await publicArticles.get(request.params.id);
      if (!article) throw notFound('Article not found.');
      return sendPublic(request, reply, article);
    },
  );
}
