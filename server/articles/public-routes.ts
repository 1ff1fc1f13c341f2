// Public article routes under /api/public/articles (declared in contract/public-articles.ts):
// approved articles only, cacheable by a CDN.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { notFound } from '../http/errors.ts';
import { setTotalCount } from '../http/openapi.ts';
import { serve } from '../http/contract.ts';
import { cacheTags, tag, tagsOfArticle } from '../cdn/tags.ts';
import { PUBLIC_ARTICLE_ROUTES as routes } from '../../contract/public-articles.ts';

export async function publicArticlesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { publicArticles } = services;

  serve(app, routes.byCategory, async (request, reply) => {
    const { page, size } = request.query;
    const { articles, total } = await publicArticles.byCategory(request.params.id, page, size);
    cacheTags(reply, [tag.category(request.params.id)]);
    setTotalCount(reply, total);
    return articles;
  });
  serve(app, routes.related, async ({ params }, reply) => {
    cacheTags(reply, [tag.category(params.categoryId)]);
    return publicArticles.related(params.categoryId, params.excludeArticleId);
  });
  // The latest stories of every other category: any story's change may move it, as the home page's.
  serve(app, routes.latestNews, async ({ params }, reply) => {
    cacheTags(reply, [tag.home]);
    return publicArticles.latestNews(params.categoryId);
  });
  serve(app, routes.one, async ({ params }, reply) => {
    const article = await publicArticles.get(params.id);
    if (!article) throw notFound('Article not found.');
    // As its page: the article and its categories (whose names it shows).
    cacheTags(reply, tagsOfArticle(article));
    return article;
  });
}
