// Homepage: latest news, video articles and featured category sections (filled in by issue 3).
import { and, desc, eq } from 'drizzle-orm';
import type { ServiceDeps } from '../services.ts';
import { articles } from '../db/schema.ts';

export const TICKER_ITEMS = 10;

export function createHomepageService({ db }: ServiceDeps) {
  return {
    /** Newest approved headlines for the ticker. */
    async latestHeadlines(limit = TICKER_ITEMS) {
      return db
        .select({ id: articles.id, title: articles.title })
        .from(articles)
        .where(and(eq(articles.approvalStatus, 'APPROVED')))
        .orderBy(desc(articles.publicationDate), desc(articles.id))
        .limit(limit);
    },
  };
}
export type HomepageService = ReturnType<typeof createHomepageService>;
