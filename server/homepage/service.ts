// Homepage: latest news, video articles and featured category sections.
import { and, asc, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { articles, categories, featuredCategories } from '../db/schema.ts';
import { isApproved, listApproved, listInCategory } from '../articles/public-service.ts';
import type { Article } from '../../contract/articles.ts';
import { BREAKING_ITEMS } from '../../contract/review.ts';
import { untilChange, untilChangeBy } from '../db/memo.ts';

export const TICKER_ITEMS = 10;
export const LATEST_NEWS_ITEMS = 10;
export const VIDEO_ITEMS = 6;
export const FEATURED_SECTION_ITEMS = 5;

export type Homepage = {
  latestNews: Article[];
  videoArticles: Article[];
  featuredCategorySections: { category: { id: number; name: string }; articles: Article[] }[];
  /** Approved articles marked breaking and not yet expired, newest first (the home page banner). */
  breakingNews: Article[];
};
export type Headline = { id: number; title: string; breaking?: true };

export function createHomepageService({ db, clock, changes }: ServiceDeps) {
  /** Breaking until a time still ahead; the publishing clock bumps the content version at expiry. */
  const isBreaking = () => and(isApproved, gt(articles.breakingUntil, clock.now()));

  /** The ticker: breaking news first (flagged), then the newest approved headlines, `limit` in all. */
  async function latestHeadlines(limit: number): Promise<Headline[]> {
    const [breaking, latest] = await Promise.all([
      db
        .select({ id: articles.id, title: articles.title })
        .from(articles)
        .where(isBreaking())
        .orderBy(desc(articles.publicationDate), desc(articles.id))
        .limit(Math.min(BREAKING_ITEMS, limit)),
      db
        .select({ id: articles.id, title: articles.title })
        .from(articles)
        .where(and(isApproved))
        .orderBy(desc(articles.publicationDate), desc(articles.id))
        .limit(limit),
    ]);
    const lead = new Set(breaking.map((b) => b.id));
    return [...breaking.map((b) => ({ ...b, breaking: true as const })), ...latest.filter((l) => !lead.has(l.id))].slice(
      0,
      limit,
    );
  }

  /** Everything the home page shows, approved articles only, newest first in each part. */
  async function homepage(): Promise<Homepage> {
    const featured = await db
      .select({ id: categories.id, name: categories.name })
      .from(featuredCategories)
      .innerJoin(categories, eq(categories.id, featuredCategories.categoryId))
      .orderBy(asc(featuredCategories.position));
    const [breakingNews, latestNews, videoArticles, ...sections] = await Promise.all([
      listApproved(db, isBreaking(), BREAKING_ITEMS),
      listApproved(db, undefined, LATEST_NEWS_ITEMS),
      listApproved(db, isNotNull(articles.youtubeVideoId), VIDEO_ITEMS),
      ...featured.map((category) => listInCategory(db, category.id, FEATURED_SECTION_ITEMS)),
    ]);
    return {
      latestNews,
      videoArticles,
      featuredCategorySections: featured.map((category, i) => ({ category, articles: sections[i] })),
      breakingNews,
    };
  }

  // Every page shows the ticker and the home page is the most read page: both are loaded once per
  // content change (breaking news expiring and scheduled publications are changes too).
  const headlinesUntilChange = untilChangeBy(changes, latestHeadlines, 20);
  const homepageUntilChange = untilChange(changes, homepage);

  return {
    latestHeadlines: (limit = TICKER_ITEMS) => headlinesUntilChange(limit),
    get: homepageUntilChange,
  };
}
export type HomepageService = ReturnType<typeof createHomepageService>;
