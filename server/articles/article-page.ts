// What an article page shows: the article (one query) and, by its first category, the related
// and latest lists. The lists are the same for every article of a category, so they are loaded
// once per category and content change (server/db/memo.ts), not once per page.
import type { ServiceDeps } from '../services.ts';
import type { Article } from '../../contract/articles.ts';
import { untilChangeBy } from '../db/memo.ts';
import { listInCategory, RELATED_LIMIT, type PublicArticlesService } from './public-service.ts';

export type ArticlePage = { article: Article; related: Article[]; latest: Article[] };

export function createArticlePageService(
  { db, changes }: Pick<ServiceDeps, 'db' | 'changes'>,
  publicArticles: PublicArticlesService,
) {
  // One more than a page shows: the article being read is left out of its own related list.
  const newestIn = untilChangeBy(changes, (categoryId: number) => listInCategory(db, categoryId, RELATED_LIMIT + 1));
  const latestOutside = untilChangeBy(changes, (categoryId: number) => publicArticles.latestNews(categoryId));
  return {
    /** An approved article with its related (same first category) and latest (outside it) lists; null if not public. */
    async get(id: number): Promise<ArticlePage | null> {
      const article = await publicArticles.get(id);
      if (!article) return null;
      const first = article.categories[0]?.id;
      if (first === undefined) return { article, related: [], latest: [] };
      const [newest, latest] = await Promise.all([newestIn(first), latestOutside(first)]);
      return { article, related: newest.filter((a) => a.id !== id).slice(0, RELATED_LIMIT), latest };
    },
  };
}
export type ArticlePageService = ReturnType<typeof createArticlePageService>;
