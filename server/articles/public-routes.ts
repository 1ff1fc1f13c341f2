// Public article routes under /api/public/articles: approved articles only, cacheable by a CDN.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { notFound } from '../http/errors.ts';
import { publicRead, setTotalCount, typed } from '../http/openapi.ts';
import { PublicPageQuery } from './public-service.ts';
import { IdParam, PathId } from '../../contract/http.ts';
import { ArticleListSchema, ArticleSchema } from '../../contract/articles.schema.ts';

const tags = ['articles (public)'];

export async function publicArticlesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { publicArticles } = services;
  const api = typed(app);

  publicRead(
    api,
    '/public/articles/category/:id',
    {
      tags,
      summary: "A category's approved articles, newest first (X-Total-Count: how many)",
      params: IdParam,
      querystring: PublicPageQuery,
      response: ArticleListSchema,
    },
    async (request, reply) => {
      const { page, size } = request.query;
      const { articles, total } = await publicArticles.byCategory(request.params.id, page, size);
      setTotalCount(reply, total);
      return articles;
    },
  );

  publicRead(
    api,
    '/public/articles/related/:categoryId/:excludeArticleId',
    {
      tags,
      summary: 'Newest articles of a category, without the one being read',
      params: z.object({ categoryId: PathId, excludeArticleId: PathId }),
      response: ArticleListSchema,
    },
    ({ params }) => publicArticles.related(params.categoryId, params.excludeArticleId),
  );

  publicRead(
    api,
    '/public/articles/latest-news/:categoryId',
    {
      tags,
      summary: 'Newest articles outside a category',
      params: z.object({ categoryId: PathId }),
      response: ArticleListSchema,
    },
    ({ params }) => publicArticles.latestNews(params.categoryId),
  );

  publicRead(
    api,
    '/public/articles/:id',
    { tags, summary: 'One approved article', params: IdParam, response: ArticleSchema },
    async ({ params }) => {
      const article = await publicArticles.get(params.id);
      if (!article) throw notFound('Article not found.');
      return article;
    },
  );
}
