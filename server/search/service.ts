// Search of approved articles in Telugu as people type it.
//
// Matching. `articles.search_text` holds title and body normalised (NFC, no ZWNJ/ZWJ, lower-cased);
// the query is normalised the same way and every word must occur as a substring, so a place name
// finds its agglutinated forms (హైదరాబాద్ finds హైదరాబాద్‌లో). A word typed in English letters
// (`hyderabad`, `cinema`, `t20`, `vizag`) becomes its folded forms (contract/tenglish.ts
// queryWordForms: as Tenglish, as English sounds, as initials) and the Telugu names it stands for
// (contract/short-names.ts), matched on `articles.search_latin`, the article's romanised, folded
// copy, and on the text; and approximately, through the archive's words close to a form
// (search_words). Both kinds mix in one query (`hyderabad వర్షం`). docs/telugu.md has the rules.
//
// Order: exact matches before approximate ones; within each, tiers by how many query words the
// title holds (all first, none last), newest first in each tier. Unlike a relevance score over
// every match, each tier's first page is a LIMITed, index-driven read, which keeps a common word
// fast on a million articles:
// - the window: the newest approved articles (one walk of the date index), tested row by row with
//   strpos, several times cheaper than LIKE on Telugu text. A tier's matches among them are that
//   tier's newest matches, so a common word's page comes from the window alone;
// - a tier the window cannot fill is looked for in a ten times wider window (several common words
//   whose matches together are not rare), then read through the trigram indexes (title or body),
//   all its matches at once: few, or the windows would have held enough of them. The last tier
//   walks on from the window only until it has the page's matches; the tier with every word in the
//   title, when none of the window's matches is in it, is read through the title index first
//   (up to a window's worth: more, and the window widens as before).
// Totals: exact when every tier was read whole (rare words), else a page-level sample of the table
// estimates the matches (started beside the page's reads when the window says it will be needed). An estimate far above SEARCH_EXACT_TOTAL (contract/search.ts) from enough
// sampled matches is the answer; otherwise the matches are counted through the index up to one
// past it, and a count past it answers the estimate, never below SEARCH_EXACT_TOTAL + 1.
// docs/api.md says so.
import { sql, type SQL } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import type { DbOrTx } from '../db/client.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { articles, articleTitles, searchWords as lexicon } from '../db/schema.ts';
import { containsPattern } from '../db/sql.ts';
import { boundedCount } from '../db/count.ts';
import { safePaging, withoutBody } from '../articles/public-service.ts';
import { loadArticles } from '../articles/model.ts';
import { searchWords } from '../../contract/highlight.ts';
import {
  approximateMatch,
  consonantKey,
  isLatinWord,
  queryWordForms,
  SHORT_FORM_ENDINGS,
  TENGLISH_SIMILARITY,
} from '../../contract/tenglish.ts';
import { SHORT_NAMES } from '../../contract/short-names.ts';
import { SEARCH_EXACT_TOTAL } from '../../contract/search.ts';
import { normaliseForSearch } from '../../contract/text.ts';
import type { Article } from '../../contract/articles.ts';

export type SearchResult = { content: Article[]; totalElements: number; totalPages: number };

export type SearchTuning = {
  /** Newest approved articles tested row by row before any index read. */
  window: number;
  /**
   * When a tier needs more than the window holds: the window this many times wider, tested row by
   * row, before any index read (none: 1). A query of common words whose matches together are not
   * rare (two words, each in a tenth of the archive) reads its page there, not all its matches.
   */
  wider?: number;
  /** Rows a count estimate samples. */
  sample: number;
  /**
   * An estimate at least this big, from at least `trustHits` matches in the sample, is answered as
   * is; any other is checked by counting up to SEARCH_EXACT_TOTAL + 1. Both keep a total of
   * SEARCH_EXACT_TOTAL or fewer from being answered as more: the first on a small archive (the
   * sample a good part of it), the second on a big one (each sampled match a thousand articles).
   */
  estimateFrom: number;
  trustHits: number;
};
export const SEARCH_TUNING: SearchTuning = {
  window: 400,
  wider: 10,
  sample: 1000,
  estimateFrom: 3 * SEARCH_EXACT_TOTAL,
  trustHits: 30,
};

const searchTitle = articles.searchTitle;
const titleLatin = sql`coalesce(${articles.titleLatin}, '')`;
const searchLatin = sql`coalesce(${articles.searchLatin}, '')`;
const approved = sql`${articles.approvalStatus} = 'APPROVED'`;

/**
 * One query word's tests, each twice: `row` for testing rows one by one (strpos), `indexed` as
 * operators the trigram indexes serve (LIKE). The two agree on every row. `exact`, for a word
 * with approximate spellings only: the row test without them (exact matches rank first).
 */
type WordTest = { row: { text: SQL; title: SQL }; indexed: { text: SQL; title: SQL }; exact?: SQL };

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

/** A query word typed in English letters: its folded forms, the Telugu names it stands for, and other spellings found in the archive. */
export type LatinTerm = { word: string; forms: string[]; names: string[]; spellings: string[] };

/** Folded text is lower-case letters and digits between single spaces: no escaping needed. */
const wholeWords = (words: string[], endings = '') => `(^| )(${words.join('|')})${endings}( |$)`;

/**
 * The tests of a Latin query word. Exact: a word of the folded copy that starts with one of its
 * folded forms (from five letters: with any ending, agglutinated forms included; shorter: a whole
 * word or one with a case ending), or one of its Telugu names in the text. Telugu adds endings, so
 * the start of a word is where a form belongs: `andra` must not find కేంద్రం, `kandram`. Approximate: one of the archive's words its
 * forms are close to (`spellings`), whole.
 */
function latinWord(term: LatinTerm): WordTest {
  const long = term.forms.filter((f) => f.length >= 5);
  const short = term.forms.filter((f) => f.length < 5);
  const exactIn = (latin: SQL, telugu: SQL | AnyPgColumn) =>
    or([
      ...long.map((f) => sql`strpos(' ' || ${latin}, ${` ${f}`}) > 0`),
      // strpos first: the regular expression costs several times more a row.
      ...(short.length
        ? [
            sql`(${or(short.map((f) => sql`strpos(${latin}, ${f}) > 0`))} and ${latin} ~ ${wholeWords(short, SHORT_FORM_ENDINGS)})`,
          ]
        : []),
      ...term.names.map((n) => sql`strpos(${telugu}, ${n}) > 0`),
    ]);
  const approxIn = (latin: SQL) => (term.spellings.length ? sql`${latin} ~ ${wholeWords(term.spellings)}` : null);
  const rowTest = (latin: SQL, telugu: SQL | AnyPgColumn) => {
    const approx = approxIn(latin);
    return approx ? sql`(${exactIn(latin, telugu)} or ${approx})` : exactIn(latin, telugu);
  };
  // What the trigram indexes answer: each form, name and spelling as a substring; the row test
  // then keeps the right ones.
  const indexTest = (latin: SQL, telugu: SQL | AnyPgColumn) =>
    and([
      or([
        ...[...term.forms, ...term.spellings].map((w) => sql`${latin} like ${containsPattern(w)} escape '\\'`),
        ...term.names.map((n) => sql`${telugu} like ${containsPattern(n)} escape '\\'`),
      ]),
      rowTest(sql`coalesce(${latin}, '')`, telugu),
    ]);
  return {
    row: { text: rowTest(searchLatin, articles.searchText), title: rowTest(titleLatin, searchTitle) },
    indexed: {
      text: indexTest(sql`${articles.searchLatin}`, sql`${articles.searchText}`),
      title: indexTest(sql`${articles.titleLatin}`, searchTitle),
    },
    exact: term.spellings.length ? exactIn(searchLatin, articles.searchText) : undefined,
  };
}

/**
 * The archive's words close to each Latin query word's forms, closest first, at most SPELLINGS,
 * leaving out those its forms match exactly: words within trigram similarity 0.5 (what strict word
 * similarity gives a single word), and words whose consonants start as the form's do that
 * contract/tenglish.ts approximateMatch accepts (one vowel off, an edit per four letters).
 */
async function withSpellings(db: DbOrTx, terms: Omit<LatinTerm, 'spellings'>[]): Promise<LatinTerm[]> {
  const forms = [...new Set(terms.flatMap((t) => t.forms))];
  if (!forms.length) return terms.map((t) => ({ ...t, spellings: [] }));
  // A trailing nasal is m at the end of a word and n before a suffix: leave it out of the key.
  const keys = forms.map((f) => consonantKey(f).replace(/[mn]$/, ''));
  const found = await select<{ f: string; near: string[] | null; similar: string[] | null }>(
    db,
    sql`select q.f,
          array(select s.word from ${lexicon} s
                where translate(s.word, 'aeiou', '') ~>=~ q.k and translate(s.word, 'aeiou', '') ~<~ (q.k || '~')
                  and left(s.word, 1) = left(q.f, 1) and length(s.word) between length(q.f) - 2 and length(q.f) + 8
                limit ${NEAR_CANDIDATES}) as near,
          array(select s.word from ${lexicon} s where s.word % q.f and similarity(s.word, q.f) >= ${TENGLISH_SIMILARITY}
                order by similarity(s.word, q.f) desc, s.word limit ${SPELLINGS}) as similar
        from unnest(${`{${forms.join(',')}}`}::text[], ${`{${keys.map((k) => `"${k}"`).join(',')}}`}::text[]) as q(f, k)
        where length(q.k) >= 1`,
  );
  const byForm = new Map(found.map((r) => [r.f, r]));
  return terms.map((term) => {
    const exactly = (w: string) =>
      term.forms.some((f) => (f.length >= 5 ? w.startsWith(f) : new RegExp(`^${f}${SHORT_FORM_ENDINGS}$`).test(w)));
    const spellings = new Set<string>();
    for (const f of term.forms) {
      const row = byForm.get(f);
      const near = (row?.near ?? [])
        .filter((w) => approximateMatch(f, w))
        .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
      for (const w of [...near, ...(row?.similar ?? [])]) if (!exactly(w)) spellings.add(w);
    }
    return { ...term, spellings: [...spellings].slice(0, SPELLINGS) };
  });
}
const SPELLINGS = 30;
const NEAR_CANDIDATES = 2000;

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
 * total them (exact up to 10,000, server/db/count.ts): counted on `article_titles`, the narrow copy of
 * the titles, where a count to 10,001 reads a few times fewer pages than on articles.
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

/** The query split by kind: Telugu words as they are; Latin words as their folded forms and the Telugu names they stand for. */
export function queryTerms(query: string) {
  const telugu: string[] = [];
  const latin: Omit<LatinTerm, 'spellings'>[] = [];
  for (const word of searchWords(query)) {
    if (!isLatinWord(word)) telugu.push(word);
    else {
      const names = (SHORT_NAMES[word] ?? []).map(normaliseForSearch);
      // A listed word of three letters or fewer is initials: its Telugu names say what it means.
      const forms = names.length && word.length <= 3 ? [] : queryWordForms(word);
      if (forms.length || names.length) latin.push({ word, forms, names });
    }
  }
  return { telugu, latin };
}

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
async function select<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
const and = (parts: SQL[]) => sql.join(parts, sql` and `);
const or = (parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`;

/** One tier of the ranking: exact or approximate matches with `hits` query words in the title. */
type Tier = { exact: boolean; hits: number };

export function createSearchService({ db }: ServiceDeps, tuning: SearchTuning = SEARCH_TUNING) {
  /**
   * The query's tests put together, and its tiers in rank order: exact matches (every word matched
   * exactly), then approximate ones (only when a word has approximate spellings); within each, by
   * how many query words the title holds, all first.
   */
  function plan(tests: WordTest[]) {
    const words = tests.length;
    const titleHits = sql.join(
      tests.map((t) => sql`(${t.row.title})::int`),
      sql` + `,
    );
    const approximate = tests.some((t) => t.exact);
    const allExact = approximate ? and(tests.map((t) => t.exact ?? t.row.text)) : sql`true`;
    const tiers: Tier[] = [];
    for (const exact of approximate ? [true, false] : [true])
      for (let t = 0; t <= words; t++) tiers.push({ exact, hits: words - t });
    const matchesRow = and(tests.map((t) => t.row.text));
    return {
      words,
      tiers,
      /** Every word in the text, tested row by row. */
      matchesRow,
      titleHits,
      allExact,
      /**
       * All matches of one tier, newest first from `offset`, and how many the tier has: read
       * through the title indexes (a tier with a title hit) or the body index (no title hit).
       * With `most`: `over` when the index finds more candidates than that (the read stops there).
       */
      async readTier(tier: Tier, offset: number, limit: number, most?: number) {
        const candidates =
          tier.hits === words
            ? and(tests.map((x) => x.indexed.title))
            : tier.hits > 0
              ? and([or(tests.map((x) => x.indexed.title)), and(tests.map((x) => x.row.text))])
              : and(tests.map((x) => x.indexed.text));
        const [found] = await select<{ ids: number[] | null; n: number; candidates: number }>(
          db,
          sql`with m as materialized (
                select ${articles.id} as id, ${articles.publicationDate} as at, ${titleHits} as hits, ${allExact} as exact
                from ${articles} where ${approved} and ${candidates}
                ${most === undefined ? sql`` : sql`limit ${most + 1}`})
              select (select array_agg(id order by at desc, id desc) from (
                        select id, at from m where hits = ${tier.hits} and exact = ${tier.exact}
                        order by at desc, id desc limit ${limit} offset ${offset}) p) as ids,
                     (select count(*) from m where hits = ${tier.hits} and exact = ${tier.exact})::int as n,
                     (select count(*) from m)::int as candidates`,
        );
        return { ids: (found.ids ?? []).map(Number), count: found.n, over: most !== undefined && found.candidates > most };
      },
      matchesIndexed: and(tests.map((t) => t.indexed.text)),
      /**
       * The next `limit` matches of one tier past the newest `from` approved articles and within
       * the newest `to`, newest first: the walk stops at the last one it needs.
       */
      async readOn(tier: Tier, from: number, to: number, limit: number) {
        const rows = await select<{ id: number }>(
          db,
          sql`select id from (
                select ${articles.id} as id, ${articles.publicationDate} as at, ${titleHits} as hits,
                       ${matchesRow} as matched, ${allExact} as exact
                from (select * from ${articles}
                      where ${approved} and (${articles.publicationDate}, ${articles.id}) < (
                        select ${articles.publicationDate}, ${articles.id} from ${articles} where ${approved}
                        order by ${articles.publicationDate} desc, ${articles.id} desc offset ${from - 1} limit 1)
                      order by ${articles.publicationDate} desc, ${articles.id} desc limit ${to - from}) ${articles}
              ) w where matched and hits = ${tier.hits} and exact = ${tier.exact}
              order by at desc, id desc limit ${limit}`,
        );
        return rows.map((r) => Number(r.id));
      },
    };
  }

  /** Approved articles among the newest `window`, with their title hits and exactness, newest first; and whether that is all of them. */
  async function readWindow(matchesRow: SQL, titleHits: SQL, allExact: SQL, size: number) {
    const [found, [{ n }]] = await Promise.all([
      select<{ id: number; hits: number; exact: boolean }>(
        db,
        sql`select id, hits, exact from (
              select ${articles.id} as id, ${articles.publicationDate} as at, ${titleHits} as hits, ${matchesRow} as matched,
                     ${allExact} as exact
              from (select * from ${articles} where ${approved}
                    order by ${articles.publicationDate} desc, ${articles.id} desc limit ${size}) ${articles}
            ) w where matched order by at desc, id desc`,
      ),
      select<{ n: number }>(
        db,
        sql`select count(*)::int as n from (select 1 from ${articles} where ${approved} limit ${size}) w`,
      ),
    ]);
    return { found, complete: n < size, size };
  }

  /**
   * Matches in a sample of the table's pages, scaled to the table: an estimate that does not
   * lean on the newest articles (a word in the news this week is not in a tenth of the archive),
   * and the matches the sample held. Null when the table has no statistics yet. A table smaller
   * than the sample is read whole.
   */
  async function estimate(matchesRow: SQL): Promise<{ matches: number; hits: number } | null> {
    // One round trip: the table's size and the sample sized from it (none when there are no
    // statistics). Its plan is costed as a read of the whole table, the sample's size being known
    // only when it runs: harmless without JIT (server/db/client.ts).
    const [sampled] = await select<{ rows: number; seen: number; hits: number }>(
      db,
      sql`with t as (select reltuples::float8 as rows from pg_class where oid = 'public.articles'::regclass)
          select (select rows from t) as rows, count(*)::int as seen,
                 (count(*) filter (where ${approved} and ${matchesRow}))::int as hits
          from ${articles} tablesample system ((select case when rows > 0 then least(100, 100 * ${tuning.sample}::float8 / rows) else 0 end from t))
            repeatable (13)`,
    );
    const rows = Number(sampled.rows);
    if (!(rows > 0)) return null;
    if (tuning.sample >= rows) return { matches: sampled.hits, hits: sampled.hits };
    return sampled.seen > 0 ? { matches: (sampled.hits / sampled.seen) * rows, hits: sampled.hits } : null;
  }

  /** Matches counted through the body index, up to one past SEARCH_EXACT_TOTAL. */
  async function countUpToLimit(matchesIndexed: SQL) {
    const [{ n }] = await select<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from ${articles} where ${approved} and ${matchesIndexed} limit ${SEARCH_EXACT_TOTAL + 1}) c`,
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
      const terms = await withSpellings(db, latin);
      const tests = [...telugu.map(teluguWord), ...terms.map(latinWord)];
      if (tests.length === 0) return { content: [], totalElements: 0, totalPages: 0 };
      const q = plan(tests);
      let window = await readWindow(q.matchesRow, q.titleHits, q.allExact, tuning.window);
      const widest = tuning.window * (tuning.wider ?? 1);
      // Only when the window holds matches (two for one word): a rarer query's matches are few,
      // and the indexes read them whole for less than the wider walk costs. Several words are
      // widened for sooner: their middle tiers' index reads take every title match of any word.
      const promising = window.found.length >= (q.words > 1 ? 1 : 2);

      // The sample's estimate and, when it is not trusted, the count up to the limit (`beside`:
      // started with the sample, when the count is foreseen).
      const sampled = async (beside: boolean) => {
        const [estimated, counted] = await Promise.all([
          estimate(q.matchesRow),
          beside ? countUpToLimit(q.matchesIndexed) : undefined,
        ]);
        const trusted = estimated !== null && estimated.matches >= tuning.estimateFrom && estimated.hits >= tuning.trustHits;
        return { estimated, counted: counted ?? (trusted ? undefined : await countUpToLimit(q.matchesIndexed)) };
      };
      // A promising window that is not every article puts part of the page in a window, so the
      // total will most likely be estimated: the sample (and the count it may call for) starts now,
      // beside the page's reads. (When every tier ends up read whole, news of the last days only,
      // it goes unused.) Marked handled here; awaiting it below still throws its error.
      const early = !window.complete && promising ? sampled(false) : undefined;
      early?.catch(() => {});

      const ids: number[] = [];
      const counts: (number | undefined)[] = [];
      let skip = page * size;
      for (let i = 0; i < q.tiers.length && ids.length < size; i++) {
        const tier = q.tiers[i];
        const want = size - ids.length;
        const inTier = () => window.found.filter((r) => r.hits === tier.hits && r.exact === tier.exact).map((r) => r.id);
        let inWindow = inTier();
        let read: { ids: number[]; count: number; over: boolean } | undefined;
        if (!window.complete && inWindow.length < skip + want && window.size < widest && promising) {
          if (i === q.tiers.length - 1) {
            // The last tier: no tier after it needs the wider window, so the walk goes on from
            // this one only until it has this tier's missing matches.
            inWindow.push(...(await q.readOn(tier, window.size, widest, skip + want - inWindow.length)));
          } else if (tier.hits === q.words && inWindow.length === 0) {
            // Every query word in the title, and none of the window's matches so: likely few, and
            // the title index reads them for less than the wider walk, which this tier would not
            // fill. The index read gives up past a window's worth of them.
            read = await q.readTier(tier, skip, want, tuning.window);
            if (read.over) read = undefined;
          }
          if (!read && inWindow.length < skip + want && i < q.tiers.length - 1) {
            window = await readWindow(q.matchesRow, q.titleHits, q.allExact, widest);
            inWindow = inTier();
          }
        }
        let found: number[];
        if (read) {
          found = read.ids;
          counts[i] = read.count;
        } else if (window.complete || inWindow.length >= skip + want) {
          found = inWindow.slice(skip, skip + want);
          counts[i] = window.complete ? inWindow.length : undefined;
        } else {
          read = await q.readTier(tier, skip, want);
          found = read.ids;
          counts[i] = read.count;
        }
        ids.push(...found);
        // A tier read whole or from a complete window has its count; a tier that filled the page ends the loop.
        if (ids.length < size) skip = Math.max(0, skip - (counts[i] ?? 0));
      }

      const known = counts.length === q.tiers.length && counts.every((c) => c !== undefined);
      const totalOf = async () => {
        if (window.complete) return window.found.length;
        if (known) return counts.reduce<number>((sum, c) => sum + (c ?? 0), 0);
        // The window's share of matches foretells the sample's: when the sample will hold too few
        // matches to be trusted (a word in a few thousand of a million), the count is needed anyway and runs
        // beside the estimate.
        const foretold = (window.found.length / window.size) * tuning.sample;
        const { estimated, counted } = await (early ?? sampled(foretold < tuning.trustHits / 2));
        // A count is exact up to the limit: it wins over any estimate.
        return counted !== undefined && counted <= SEARCH_EXACT_TOTAL
          ? counted
          : Math.max(SEARCH_EXACT_TOTAL + 1, Math.round(estimated?.matches ?? 0));
      };
      // The page's articles are loaded while the total is worked out.
      const [content, total] = await Promise.all([loadArticles(db, ids), totalOf()]);
      return { content: withoutBody(content), totalElements: total, totalPages: Math.ceil(total / size) };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
