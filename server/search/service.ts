// Search of approved articles in Telugu as people type it.
//
// Matching. `articles.search_text` holds title and body normalised (NFC, no ZWNJ/ZWJ, lower-cased);
// the query is normalised the same way and every word must occur as a substring, so a place name
// finds its agglutinated forms (హైదరాబాద్ finds హైదరాబాద్‌లో). A word typed in English letters
// (Tenglish: `hyderabad`, `varsham`) is folded (contract/tenglish.ts) and matched on
// `articles.search_latin`, the article's romanised, folded copy: as a substring, or by pg_trgm
// strict word similarity (`<<%`, threshold 0.5) for other spellings (`haidarabad`). Both kinds mix
// in one query (`hyderabad వర్షం`).
//
// Order: tiers by how many query words the title holds (all first, none last), newest first in
// each tier. Unlike a relevance score over every match, each tier's first page is a LIMITed,
// index-driven read, which keeps a common word fast on a million articles:
// - the window: the newest approved articles (one walk of the date index), tested row by row with
//   strpos, several times cheaper than LIKE on Telugu text. A tier's matches among them are that
//   tier's newest matches, so a common word's page comes from the window alone;
// - a tier the window cannot fill is read through the trigram indexes (title or body), all its
//   matches at once: few, or the window would have held enough of them.
// Totals: exact when every tier was read whole (rare words), else a page-level sample of the table
// estimates the matches; above EXACT_COUNT_LIMIT that estimate is the answer (never below the
// limit), below it the matches are counted through the index. docs/api.md says so.
import { sql, type SQL } from 'drizzle-orm';
import type { ServiceDeps } from '../services.ts';
import type { DbOrTx } from '../db/client.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { articles, articleTitles, searchWords as lexicon } from '../db/schema.ts';
import { containsPattern } from '../db/sql.ts';
import { boundedCount, EXACT_COUNT_LIMIT } from '../db/count.ts';
import { safePaging, withoutBody } from '../articles/public-service.ts';
import { loadArticles } from '../articles/model.ts';
import { searchWords } from '../../contract/highlight.ts';
import { foldLatin, isLatinWord, TENGLISH_SIMILARITY } from '../../contract/tenglish.ts';
import type { Article } from '../../contract/articles.ts';

export type SearchResult = { content: Article[]; totalElements: number; totalPages: number };

export type SearchTuning = {
  /** Newest approved articles tested row by row before any index read. */
  window: number;
  /** Rows a count estimate samples. */
  sample: number;
  /** An estimate at least this big is answered as is; a smaller one is counted exactly. */
  estimateFrom: number;
};
export const SEARCH_TUNING: SearchTuning = { window: 400, sample: 1000, estimateFrom: 2 * EXACT_COUNT_LIMIT };

const searchTitle = articles.searchTitle;
const titleLatin = sql`coalesce(${articles.titleLatin}, '')`;
const searchLatin = sql`coalesce(${articles.searchLatin}, '')`;
const approved = sql`${articles.approvalStatus} = 'APPROVED'`;

/**
 * One query word's tests, each twice: `row` for testing rows one by one (strpos), `indexed` as
 * operators the trigram indexes serve (LIKE, `<<%`). The two agree on every row.
 */
type WordTest = { row: { text: SQL; title: SQL }; indexed: { text: SQL; title: SQL } };

/** A word in Telugu (or any script but Latin letters): a substring of the normalised text. */
function teluguWord(word: string): WordTest {
  const pattern = containsPattern(word);
  return {
    row: { text: sql`strpos(${articles.searchText}, ${word}) > 0`, title: sql`strpos(${searchTitle}, ${word}) > 0` },
    indexed: {
      text: sql`${articles.searchText} like ${pattern} escape '\\'`,
      title: sql`${searchTitle} like ${pattern} escape '\\'`,
    },
  };
}

/**
 * A folded Tenglish word: a substring of the folded copy, or one of its words within trigram
 * similarity 0.5 (`spellings`: those words, found in search_words). Under three letters (no
 * trigram to use), only a word that starts with it: `ap` should not find every romanised word
 * with "ap" inside.
 */
function latinWord(folded: string, spellings: string[]): WordTest {
  if (folded.length < 3) {
    const startsWord = (column: SQL) => ({
      row: sql`strpos(' ' || ${column}, ${` ${folded}`}) > 0`,
      // Folded text is letters and digits only, so no escaping; both forms are index-served.
      indexed: sql`(${column} like ${`${folded}%`} or ${column} like ${`% ${folded}%`})`,
    });
    const text = startsWord(searchLatin);
    const title = startsWord(titleLatin);
    return { row: { text: text.row, title: title.row }, indexed: { text: text.indexed, title: title.indexed } };
  }
  // Whole words only: the text is folded words joined by single spaces.
  const words = spellings.length ? `(^| )(${spellings.join('|')})( |$)` : null;
  const rowTest = (column: SQL) =>
    words ? sql`(strpos(${column}, ${folded}) > 0 or ${column} ~ ${words})` : sql`strpos(${column}, ${folded}) > 0`;
  // Each spelling as a substring is what the trigram index can answer; the row test then keeps
  // the whole-word ones.
  const indexTest = (column: SQL) =>
    and([
      or([folded, ...spellings].map((w) => sql`${column} like ${containsPattern(w)} escape '\\'`)),
      rowTest(sql`coalesce(${column}, '')`),
    ]);
  return {
    row: { text: rowTest(searchLatin), title: rowTest(titleLatin) },
    indexed: { text: indexTest(sql`${articles.searchLatin}`), title: indexTest(sql`${articles.titleLatin}`) },
  };
}

/**
 * The other spellings of each folded Latin word of three letters or more: the words of the
 * archive within pg_trgm similarity 0.5 (what strict word similarity gives a single word), the
 * closest first, at most SPELLINGS.
 */
async function spellingsOf(db: DbOrTx, latin: string[]): Promise<Map<string, string[]>> {
  const words = latin.filter((w) => w.length >= 3);
  if (!words.length) return new Map();
  const found = await select<{ w: string; spellings: string[] | null }>(
    db,
    sql`select q.w, array(select s.word from ${lexicon} s where s.word % q.w and similarity(s.word, q.w) >= ${TENGLISH_SIMILARITY}
                          order by similarity(s.word, q.w) desc, s.word limit ${SPELLINGS}) as spellings
        from unnest(${`{${words.join(',')}}`}::text[]) as q(w)`,
  );
  return new Map(found.map((r) => [r.w, r.spellings ?? []]));
}
const SPELLINGS = 100;

/**
 * The editors' title filter (admin and reporter lists): a substring of the title ignoring case,
 * composed or decomposed letters and ZWNJ/ZWJ, tested on the normalised title search keeps
 * (served by its trigram index). ILIKE lower-cased every Telugu title it tested.
 */
export const titleContains = (filter: string, column: AnyPgColumn = articles.searchTitle) =>
  sql`${column} like ${containsPattern(
    filter
      .normalize('NFC')
      .replace(/[\u200c\u200d]/g, '')
      .toLowerCase(),
  )} escape '\\'`;

/**
 * How many approved articles (of one reporter, or all) the title filter finds, as the lists
 * total them (exact up to EXACT_COUNT_LIMIT): counted on `article_titles`, the narrow copy of the
 * titles, where a count to 10,001 reads a few times fewer pages than on articles.
 */
export function countTitleMatches(db: DbOrTx, filter: string, reporterId?: number) {
  return boundedCount(
    db,
    articleTitles,
    and([
      sql`${articleTitles.approvalStatus} = 'APPROVED'`,
      ...(reporterId === undefined ? [] : [sql`${articleTitles.reporterId} = ${reporterId}`]),
      titleContains(filter, articleTitles.searchTitle),
    ]),
  );
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

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
async function select<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
const and = (parts: SQL[]) => sql.join(parts, sql` and `);
const or = (parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`;

export function createSearchService({ db }: ServiceDeps, tuning: SearchTuning = SEARCH_TUNING) {
  /** The query's tests put together. `tier` t holds the matches with (words - t) words in the title. */
  function plan(tests: WordTest[]) {
    const words = tests.length;
    const titleHits = sql.join(
      tests.map((t) => sql`(${t.row.title})::int`),
      sql` + `,
    );
    return {
      words,
      /** Every word in the text, tested row by row. */
      matchesRow: and(tests.map((t) => t.row.text)),
      titleHits,
      /**
       * All matches of tier `t`, newest first from `offset`, and how many the tier has: read
       * through the title indexes (a tier with a title hit) or the body index (the last tier).
       */
      async readTier(t: number, offset: number, limit: number) {
        const candidates =
          t === 0
            ? and(tests.map((x) => x.indexed.title))
            : t < words
              ? and([or(tests.map((x) => x.indexed.title)), and(tests.map((x) => x.row.text))])
              : and(tests.map((x) => x.indexed.text));
        const [found] = await select<{ ids: number[] | null; n: number }>(
          db,
          sql`with m as materialized (
                select ${articles.id} as id, ${articles.publicationDate} as at, ${titleHits} as hits
                from ${articles} where ${approved} and ${candidates})
              select (select array_agg(id order by at desc, id desc) from (
                        select id, at from m where hits = ${words - t} order by at desc, id desc limit ${limit} offset ${offset}) p) as ids,
                     (select count(*) from m where hits = ${words - t})::int as n`,
        );
        return { ids: (found.ids ?? []).map(Number), count: found.n };
      },
      matchesIndexed: and(tests.map((t) => t.indexed.text)),
    };
  }

  /** Approved articles among the newest `window`, with their title hits, newest first; and whether that is all of them. */
  async function readWindow(matchesRow: SQL, titleHits: SQL) {
    const [found, [{ n }]] = await Promise.all([
      select<{ id: number; hits: number }>(
        db,
        sql`select id, hits from (
              select ${articles.id} as id, ${articles.publicationDate} as at, ${titleHits} as hits, ${matchesRow} as matched
              from (select * from ${articles} where ${approved}
                    order by ${articles.publicationDate} desc, ${articles.id} desc limit ${tuning.window}) ${articles}
            ) w where matched order by at desc, id desc`,
      ),
      select<{ n: number }>(
        db,
        sql`select count(*)::int as n from (select 1 from ${articles} where ${approved} limit ${tuning.window}) w`,
      ),
    ]);
    return { found, complete: n < tuning.window };
  }

  /**
   * Matches in a sample of the table's pages, scaled to the table: an estimate that does not
   * lean on the newest articles (a word in the news this week is not in a tenth of the archive).
   * Null when the table has no statistics yet. A table smaller than the sample is read whole.
   */
  async function estimate(matchesRow: SQL): Promise<number | null> {
    const [{ rows }] = await select<{ rows: number }>(
      db,
      sql`select reltuples::float8 as rows from pg_class where oid = 'public.articles'::regclass`,
    );
    if (!(rows > 0)) return null;
    const percent = Math.min(100, (100 * tuning.sample) / rows);
    const [sampled] = await select<{ seen: number; hits: number }>(
      db,
      sql`select count(*)::int as seen, (count(*) filter (where ${approved} and ${matchesRow}))::int as hits
          from ${articles} tablesample system (${percent}::float8) repeatable (13)`,
    );
    if (percent === 100) return sampled.hits;
    return sampled.seen > 0 ? (sampled.hits / sampled.seen) * rows : null;
  }

  /** Matches counted through the body index, up to one past the exact limit. */
  async function countUpToLimit(matchesIndexed: SQL) {
    const [{ n }] = await select<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from ${articles} where ${approved} and ${matchesIndexed} limit ${EXACT_COUNT_LIMIT + 1}) c`,
    );
    return n;
  }

  return {
    /**
     * Approved articles containing every word of the query: those with more query words in the
     * title first, newest first within. A blank query finds nothing.
     */
    async search(query: string, requestedPage: number, requestedSize: number): Promise<SearchResult> {
      const { page, size } = safePaging(requestedPage, requestedSize);
      const { telugu, latin } = queryTerms(query);
      const spellings = await spellingsOf(db, latin);
      const tests = [...telugu.map(teluguWord), ...latin.map((w) => latinWord(w, spellings.get(w) ?? []))];
      if (tests.length === 0) return { content: [], totalElements: 0, totalPages: 0 };
      const q = plan(tests);
      const window = await readWindow(q.matchesRow, q.titleHits);

      const ids: number[] = [];
      const counts: (number | undefined)[] = [];
      let skip = page * size;
      for (let t = 0; t <= q.words && ids.length < size; t++) {
        const want = size - ids.length;
        const inWindow = window.found.filter((r) => r.hits === q.words - t).map((r) => r.id);
        let tier: number[];
        if (window.complete || inWindow.length >= skip + want) {
          tier = inWindow.slice(skip, skip + want);
          counts[t] = window.complete ? inWindow.length : undefined;
        } else {
          const read = await q.readTier(t, skip, want);
          tier = read.ids;
          counts[t] = read.count;
        }
        ids.push(...tier);
        // A tier read whole or from a complete window has its count; a tier that filled the page ends the loop.
        if (ids.length < size) skip = Math.max(0, skip - (counts[t] ?? 0));
      }

      let total: number;
      const known = counts.length === q.words + 1 && counts.every((c) => c !== undefined);
      if (window.complete) total = window.found.length;
      else if (known) total = counts.reduce<number>((sum, c) => sum + (c ?? 0), 0);
      else {
        const estimated = await estimate(q.matchesRow);
        const exact = estimated !== null && estimated >= tuning.estimateFrom ? null : await countUpToLimit(q.matchesIndexed);
        total =
          exact !== null && exact <= EXACT_COUNT_LIMIT ? exact : Math.max(EXACT_COUNT_LIMIT + 1, Math.round(estimated ?? 0));
      }
      return {
        content: withoutBody(await loadArticles(db, ids)),
        totalElements: total,
        totalPages: Math.ceil(total / size),
      };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
