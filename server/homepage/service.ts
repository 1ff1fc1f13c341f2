// Homepage: latest news, video articles and featured category sections (DESIGN.md §2 Lists).
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { ServiceDeps } from '../services.ts';
import { articles, categories, featuredCategories } from '../db/schema.ts';
import { inCategory, isApproved, listApproved } from '../articles/public-service.ts';
import type { Article } from '../../contract/articles.ts';

export const TICKER_ITEMS = 10;
export const LATEST_NEWS_ITEMS = 10;
export const VIDEO_ITEMS = 6;
export const FEATURED_SECTION_ITEMS = 5;

export type Homepage = {
  latestNews: Article[];
  videoArticles: Article[];
  featuredCategorySections: { category: { id: number; name: string }; articles: Article[] }[];
};

export function createHomepageService({ db }: ServiceDeps) {
  return {
    /** Newest approved headlines for the ticker. */
    async latestHeadlines(limit = TICKER_ITEMS) {
      return db
        .select({ id: articles.id, title: articles.title })
        .from(articles)
        .where(and(isApproved))
        .orderBy(desc(articles.publicationDate), desc(articles.id))
        .limit(limit);
    },

    /** Everything the home page shows, approved articles only, newest first in each part. */
    async get(): Promise<Homepage> {
      const featured = await db
        .select({ id: categories.id, name: categories.name })
        .from(featuredCategories)
        .innerJoin(categories, eq(categories.id, featuredCategories.categoryId))
        .orderBy(asc(featuredCategories.position));
      const [latestNews, videoArticles, ...sections] = await Promise.all([
        listApproved(db, undefined, LATEST_NEWS_ITEMS),
        listApproved(db, isNotNull(articles.youtubeVideoId), VIDEO_ITEMS),
        ...featured.map((category) => listApproved(db, inCategory(category.id), FEATURED_SECTION_ITEMS)),
      ]);
      return {
        latestNews,
        videoArticles,
        featuredCategorySections: featured.map((category, i) => ({ category, articles: sections[i] })),
      };
    },
  };
}
export type HomepageService = ReturnType<typeof createHomepageService>;
