// Search of approved articles in Telugu as people type it.
// `articles.search_text` holds title and body normalised (NFC, no ZWNJ/ZWJ, lower-cased); the
// query is normalised the same way and every word must occur as a substring, so a place name
// finds its agglutinated forms (హైదరాబాద్ finds హైదరాబాద్‌లో). LIKE '%word%' uses the pg_trgm GIN index
// (both sides are lower-cased already, so LIKE is exact and much cheaper than ILIKE on Telugu).
// A word typed in English letters (Tenglish: `hyderabad`, `varsham`) is folded (contract/tenglish.ts)
// and matched on `articles.search_latin`, the article's romanised, folded copy: as a substring, or
// by pg_trgm strict word similarity (`<<%`, threshold 0.5) for other spellings (`haidarabad`). Both kinds
// mix in one query (`hyderabad వర్షం`) and rank by the same keys.
import { and, count, desc, sql, type SQL } from 'drizzle-orm';
import type { ServiceDeps } from '../services.ts';
import { articles } from '../db/schema.ts';
import { containsPattern } from '../db/sql.ts';
import { isApproved, safePaging, withoutBody } from '../articles/public-service.ts';
import { loadArticles } from '../articles/model.ts';
import { searchWords } from '../../contract/highlight.ts';
import { foldLatin, isLatinWord } from '../../contract/tenglish.ts';
import type { Article } from '../../contract/articles.ts';

export type SearchResult = { content: Article[]; totalElements: number; totalPages: number };

/** The title in the index's form, computed in SQL (same steps as normaliseForSearch). */
const normalisedTitle = sql`translate(lower(normalize(${articles.title}, NFC)), ${'\u200c\u200d'}, '')`;

/** How one query word is matched, and how a title hit is told, for its kind of word. */
type WordTest = { matches: SQL; inTitle: SQL };

const titleLatin = sql`coalesce(${articles.titleLatin}, '')`;

/** A word in Telugu (or any script but Latin letters): a substring of the normalised text. */
function teluguWord(word: string): WordTest {
  return {
    matches: sql`${articles.searchText} like ${containsPattern(word)} escape '\\'`,
    inTitle: sql`${normalisedTitle} like ${containsPattern(word)} escape '\\'`,
  };
}

/**
 * A folded Tenglish word: a substring of the folded copy, or within trigram distance of one of its
 * words. Under three letters (no trigram to use), only a word that starts with it: `ap` should not
 * find every romanised word with "ap" inside.
 */
function latinWord(folded: string): WordTest {
  if (folded.length < 3) {
    const startsWord = `% ${folded}%`; // folded text is letters and digits only
    return {
      matches: sql`(' ' || ${articles.searchLatin}) like ${startsWord}`,
      inTitle: sql`(' ' || ${titleLatin}) like ${startsWord}`,
    };
  }
  return {
    matches: sql`(${articles.searchLatin} like ${containsPattern(folded)} escape '\\' or ${folded} <<% ${articles.searchLatin})`,
    inTitle: sql`(${titleLatin} like ${containsPattern(folded)} escape '\\' or ${folded} <<% ${titleLatin})`,
  };
}

/** The query split by kind: Telugu words as they are, Latin words folded. */
export function queryTerms(query: string) {
  const telugu: string[] = [];
  const latin: string[] = [];
  for (const word of searchWords(query)) {
    if (!isLatinWord(word)) telugu.push(word);
    else for (const folded of foldLatin(word).split(' ').filter(Boolean)) latin.push(folded);
  }
  return { telugu, latin: [...new Set(latin)] };
}

export function createSearchService({ db }: ServiceDeps) {
  return {
    /**
     * Approved articles containing every word of the query, most relevant first: more query words
     * in the title, then the whole query in the title, then trigram similarity of the title, then
     * newest. A blank query finds nothing.
     */
    async search(query: string, requestedPage: number, requestedSize: number): Promise<SearchResult> {
      const { page, size } = safePaging(requestedPage, requestedSize);
      const { telugu, latin } = queryTerms(query);
      const tests = [...telugu.map(teluguWord), ...latin.map(latinWord)];
      if (tests.length === 0) return { content: [], totalElements: 0, totalPages: 0 };
      const matches = and(isApproved, ...tests.map((t) => t.matches)) as SQL;
      const titleHits = sql.join(
        tests.map((t) => sql`(${t.inTitle})::int`),
        sql` + `,
      );
      // The whole query in the title, and the title's similarity to it, per kind of word.
      const phrases: SQL[] = [];
      const similarities: SQL[] = [];
      if (telugu.length > 0) {
        const phrase = telugu.join(' ');
        phrases.push(teluguWord(phrase).inTitle);
        similarities.push(sql`similarity(${normalisedTitle}, ${phrase})`);
      }
      if (latin.length > 0) {
        const phrase = latin.join(' ');
        phrases.push(latinWord(phrase).inTitle);
        similarities.push(sql`similarity(${titleLatin}, ${phrase})`);
      }
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(articles).where(matches),
        db
          .select({ id: articles.id })
          .from(articles)
          .where(matches)
          .orderBy(
            desc(titleHits),
            desc(sql`(${sql.join(phrases, sql` and `)})`),
            // Rounded: a near tie in similarity is no reason to show older news first.
            desc(sql`round((${sql.join(similarities, sql` + `)})::numeric, 1)`),
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
