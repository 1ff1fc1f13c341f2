// Search of approved articles in Telugu as people type it (DESIGN.md Lists and search).
// `articles.search_text` holds title and body normalised (NFC, no ZWNJ/ZWJ, lower-cased); the
// query is normalised the same way and every word must occur as a substring, so a place name
// finds its agglutinated forms (హైదరాబాద్ finds హైదరాబాద్‌లో). LIKE '%word%' uses the pg_trgm GIN index
// (both sides are lower-cased already, so LIKE is exact and much cheaper than ILIKE on Telugu).
import { and, count, desc, sql, type SQL } from 'drizzle-orm';
import type { ServiceDeps } from '../services.ts';
import { articles } from '../db/schema.ts';
import { isApproved, safePaging, withoutBody } from '../articles/public-service.ts';
import { loadArticles } from '../articles/model.ts';
import { searchWords } from '../../contract/highlight.ts';
import type { Article } from '../../contract/articles.ts';

export type SearchResult = { content: Article[]; totalElements: number; totalPages: number };

/** LIKE pattern for "contains word": the word's own %, _ and \ are literal. */
export const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The title in the index's form, computed in SQL (same steps as normaliseForSearch). */
const normalisedTitle = sql`translate(lower(normalize(${articles.title}, NFC)), ${'\u200c\u200d'}, '')`;

export function createSearchService({ db }: ServiceDeps) {
  return {
    /**
     * Approved articles containing every word of the query, most relevant first: more query words
     * in the title, then the whole query in the title, then trigram similarity of the title, then
     * newest. A blank query finds nothing.
     */
    async search(query: string, requestedPage: number, requestedSize: number): Promise<SearchResult> {
      const { page, size } = safePaging(requestedPage, requestedSize);
      const words = searchWords(query);
      if (words.length === 0) return { content: [], totalElements: 0, totalPages: 0 };
      const matches = and(
        isApproved,
        ...words.map((w) => sql`${articles.searchText} like ${containsPattern(w)} escape '\\'`),
      ) as SQL;
      const phrase = words.join(' ');
      const titleHits = sql.join(
        words.map((w) => sql`(${normalisedTitle} like ${containsPattern(w)} escape '\\')::int`),
        sql` + `,
      );
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(articles).where(matches),
        db
          .select({ id: articles.id })
          .from(articles)
          .where(matches)
          .orderBy(
            desc(titleHits),
            desc(sql`(${normalisedTitle} like ${containsPattern(phrase)} escape '\\')`),
            // Rounded: a near tie in similarity is no reason to show older news first.
            desc(sql`round(similarity(${normalisedTitle}, ${phrase})::numeric, 1)`),
            desc(articles.publicationDate),
            desc(articles.id),
          )
          .limit(size)
          .offset(page * size),
      ]);
      const totalElements = Number(total);
      return {
        content: withoutBody(
          await loadArticles(
            db,
            rows.map((r) => r.id),
          ),
        ),
        totalElements,
        totalPages: Math.ceil(totalElements / size),
      };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
