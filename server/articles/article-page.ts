// What an article page shows: the article (one query) and, by its first category, the related
// and latest lists. The lists are the same for every article of a category, so they are loaded
// once per category and content change (server/db/memo.ts), not once per page. The article itself
// is kept until a change names it: publishing an article changes the lists on every page of its
// category, and those pages render again with their articles at hand.
import type { ServiceDeps } from '../service-deps.ts';
import type { Article } from '../../contract/articles.ts';
import { untilChangeBy } from '../db/memo.ts';
import { createTaggedCache } from '../http/page-cache/tagged-cache.ts';
import { tag } from '../../contract/cache-tags.ts';
import { listInCategory, RELATED_LIMIT, type PublicArticlesService } from './public-service.ts';

export type ArticlePage = { article: Article; related: Article[]; latest: Article[] };

/** Room for the articles read most recently, charged as UTF-16 (how JavaScript keeps their text); what it holds: docs/performance.md. */
export const ARTICLE_CACHE_BYTES = 8 * 1024 * 1024;

const sizeOfArticle = (a: Article) => 2 * (a.content.length + a.title.length + a.shortDescription.length) + 2048;

export function createArticlePageService(
  { db, changes }: Pick<ServiceDeps, 'db' | 'changes'>,
  publicArticles: PublicArticlesService,
  // 0: nothing kept (ARTICLE_CACHE=off).
  { cacheBytes = ARTICLE_CACHE_BYTES } = {},
) {
  const articles = createTaggedCache<Article>({ version: () => changes.version, maxBytes: cacheBytes, sizeOf: sizeOfArticle });
  changes.onChange((change) => articles.invalidate(change));
  /** A public article by id, from memory when nothing has changed it since it was read. */
  async function articleById(id: number): Promise<Article | null> {
    const key = String(id);
    const kept = articles.get(key);
    if (kept) return kept;
    const version = changes.version;
    const found = await publicArticles.get(id);
    // Tagged with itself only: publishing another article of its category leaves it as it is (a
    // category's rename and a reassignment of reporters are untargeted changes, which drop all).
    if (found) articles.set(key, found, version, [tag.article(id)]);
    return found;
  }
  // One more than a page shows: the article being read is left out of its own related list.
  const newestIn = untilChangeBy(changes, (categoryId: number) => listInCategory(db, categoryId, RELATED_LIMIT + 1));
  const latestOutside = untilChangeBy(changes, (categoryId: number) => publicArticles.latestNews(categoryId));
  return {
    /** An approved article with its related (same first category) and latest (outside it) lists; null if not public. */
    async get(id: number): Promise<ArticlePage | null> {
      const article = await articleById(id);
      if (!article) return null;
      const first = article.categories[0]?.id;
      if (first === undefined) return { article, related: [], latest: [] };
      const [newest, latest] = await Promise.all([newestIn(first), latestOutside(first)]);
      return { article, related: newest.filter((a) => a.id !== id).slice(0, RELATED_LIMIT), latest };
    },
    /** The articles kept in memory (for GET /metrics and tests). */
    articles,
  };
}
export type ArticlePageService = ReturnType<typeof createArticlePageService>;
