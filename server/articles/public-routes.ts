// Public article routes under /api/public/articles (SPEC.md §7): approved articles only, cacheable.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { sendPublic } from '../http/cache.ts';
import { notFound } from '../http/errors.ts';
import { parsePaging } from './public-service.ts';

/** Path ids: digits only; "abc" or "1.5" is simply not an article (404, not 400). */
const idOf = (value: string) => (/^\d{1,10}$/.test(value) ? Number(value) : NaN);

export async function publicArticlesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { publicArticles } = services;

  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    '/public/articles/category/:id',
    async (request, reply) => {
      const { page, size } = parsePaging(request.query);
      const id = idOf(request.params.id);
      if (Number.isNaN(id)) throw notFound('Category not found');
      const { articles, total } = await publicArticles.byCategory(id, page, size);
      reply.header('x-total-count', String(total)).header('access-control-expose-headers', 'X-Total-Count');
      return sendPublic(request, reply, articles);
    },
  );

  app.get<{ Params: { categoryId: string; excludeArticleId: string } }>(
    '/public/articles/related/:categoryId/:excludeArticleId',
    async (request, reply) => {
      const related = await publicArticles.related(idOf(request.params.categoryId), idOf(request.params.excludeArticleId));
      return sendPublic(request, reply, related);
    },
  );

  app.get<{ Params: { categoryId: string } }>('/public/articles/latest-news/:categoryId', async (request, reply) => {
    return sendPublic(request, reply, await publicArticles.latestNews(idOf(request.params.categoryId)));
  });

  app.get<{ Params: { id: string } }>('/public/articles/:id', async (request, reply) => {
    const article = await publicArticles.get(idOf(request.params.id));
    if (!article) throw notFound('Article not found.');
    return sendPublic(request, reply, article);
  });
}
