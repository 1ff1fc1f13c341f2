import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { addArticle, addArticles, addCategory, addReporter } from '../test/fixtures.ts';
import { containsPattern } from '../db/sql.ts';
import { SEARCH_EXACT_TOTAL } from '../../contract/search.ts';
import { createSearchService } from './service.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
const ids: Record<string, number> = {};
const day = (n: number) => new Date(Date.UTC(2026, 2, 1 + n, 6));
const ZWNJ = '\u200c';

beforeAll(async () => {
  const db = t.services.db;
  const reporter = (await addReporter(db, 'sita')).id;
  const city = (await addCategory(db, 'నగరం')).id;
  const a = (title: string, content: string, n: number, status: 'APPROVED' | 'PENDING' | 'REJECTED' = 'APPROVED') =>
    addArticle(db, { title, content, reporterId: reporter, categoryIds: [city], publicationDate: day(n), status });
  // హైదరాబాద్‌లో = Hyderabad + locative "-lo", written with ZWNJ after the virama as many keyboards do.
  ids.hyderabadTitle = await a(`హైదరాబాద్${ZWNJ}లో భారీ వర్షం`, '<p>నగరంలో రోడ్లు జలమయం.</p>', 1);
  // The same place in the body only, written without ZWNJ, and newer.
  ids.hyderabadBody = await a('రోడ్లు జలమయం', '<p>హైదరాబాద్‌కు వెళ్లే రహదారులు మూసివేశారు.</p>'.replace('\u200c', ''), 5);
  ids.vijayawada = await a('విజయవాడలో ఎన్నికలు', '<p>ఓటర్లు బారులు తీరారు.</p>', 3);
  ids.both = await a('హైదరాబాద్ విజయవాడ రైలు', '<p>కొత్త రైలు ప్రారంభం.</p>', 2);
  ids.pending = await a(`హైదరాబాద్${ZWNJ}లో పెండింగ్`, '<p>హైదరాబాద్ వార్త</p>', 9, 'PENDING');
  ids.rejected = await a('హైదరాబాద్ తిరస్కృతం', '<p>హైదరాబాద్</p>', 10, 'REJECTED');
  // Both words in the title (older) against one word in the title and one in the body (newer).
  ids.twoInTitle = await a('గుంటూరు నెల్లూరు బస్సు', '<p>కొత్త సర్వీసు</p>', 7);
  ids.oneInTitle = await a('గుంటూరు మార్కెట్', '<p>నెల్లూరు నుంచి సరుకు</p>', 8);
  ids.percent = await a('ధరలు 50% పెరిగాయి', '<p>under_score &amp; 100%</p>', 4);
  // Decomposed input: the title is stored as typed in NFD (the derived search text is NFC).
  ids.decomposed = await a('కొత్త విమానాశ్రయం ప్రారంభం'.normalize('NFD'), '<p>శంషాబాద్ సమీపంలో</p>', 6);
  // A word of over 300 letters, words with quotes, braces and commas attached, and a short name's
  // Telugu form (vizag: విశాఖ) inside a longer word: what a per-word index must still find.
  ids.longWord = await a('పొడవైన పదం', `<p>${'అ'.repeat(150)}శ్రీకాకుళంజిల్లా${'ఆ'.repeat(150)} ముగింపు</p>`, 11);
  ids.quoted = await a('"కోట్స్", వార్త', '<p>{బ్రేసెస్}\\ఒకటి "ఉల్లేఖన",</p>', 12);
  ids.vizag = await a('విశాఖపట్నంలో సదస్సు', '<p>ఓడరేవు విస్తరణ</p>', 13);
  // Twelve equally relevant articles for paging (same title), oldest first: newest decides.
  const paging = await addArticles(
    db,
    Array.from({ length: 12 }, (_, i) => ({
      title: 'తిరుపతి వార్త',
      content: '<p>భక్తులు</p>',
      reporterId: reporter,
      publicationDate: day(20 + i),
    })),
  );
  paging.forEach((id, i) => (ids[`tirupati${i + 1}`] = id));
});

const search = (query: string, extra = '') =>
  t.app.inject({ url: `/api/public/articles/search?query=${encodeURIComponent(query)}${extra}` });
const idsOf = (res: { json(): { content: { id: number }[] } }) => res.json().content.map((a) => a.id);

describe(`Telugu search (${TEST_DB})`, () => {
  it('finds a place name inside its agglutinated forms (with a case suffix), title and body', async () => {
    const res = await search('హైదరాబాద్');
    expect(res.statusCode).toBe(200);
    expect(new Set(idsOf(res))).toEqual(new Set([ids.hyderabadTitle, ids.hyderabadBody, ids.both]));
    expect(res.json().totalElements).toBe(3);
    expect(res.headers['x-total-count']).toBe('3');
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/X-Total-Count/i);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
  });

  it('ranks title hits above body hits, then newest', async () => {
    // hyderabadBody is the newest but only has the word in its body.
    const order = idsOf(await search('హైదరాబాద్'));
    expect(order[2]).toBe(ids.hyderabadBody);
    expect(order.slice(0, 2).sort()).toEqual([ids.hyderabadTitle, ids.both].sort());
  });

  it('ranks more query words in the title first', async () => {
    const order = idsOf(await search('హైదరాబాద్ రైలు'));
    expect(order).toEqual([ids.both]);
    expect(new Set(idsOf(await search('విజయవాడ')))).toEqual(new Set([ids.vijayawada, ids.both]));
    // Both words in the title beats one word in the title, even against a newer article.
    expect(idsOf(await search('నెల్లూరు గుంటూరు'))).toEqual([ids.twoInTitle, ids.oneInTitle]);
  });

  it('a query typed with ZWNJ finds the text written without it, and the other way round', async () => {
    const withJoiner = idsOf(await search(`హైదరాబాద్${ZWNJ}కు`));
    expect(withJoiner).toEqual([ids.hyderabadBody]);
    const withoutJoiner = idsOf(await search('హైదరాబాద్లో'));
    expect(withoutJoiner).toEqual([ids.hyderabadTitle]);
    const zwj = idsOf(await search('హైదరాబాద్\u200dలో'));
    expect(zwj).toEqual([ids.hyderabadTitle]);
  });

  it('accepts decomposed (NFD) queries and finds articles stored in NFD', async () => {
    const query = 'విమానాశ్రయం'.normalize('NFD');
    expect(idsOf(await search(query))).toEqual([ids.decomposed]);
    expect(idsOf(await search('విమానాశ్రయం'))).toEqual([ids.decomposed]);
    // A word from the body, queried decomposed.
    expect(idsOf(await search('శంషాబాద్'.normalize('NFD')))).toEqual([ids.decomposed]);
  });

  it('requires every word: one missing word means no match', async () => {
    const res = await search('హైదరాబాద్ విశాఖపట్నం');
    expect(res.json()).toEqual({ content: [], totalElements: 0, totalPages: 0 });
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('never returns pending or rejected articles', async () => {
    expect(idsOf(await search('పెండింగ్'))).toEqual([]);
    expect(idsOf(await search('తిరస్కృతం'))).toEqual([]);
    const all = idsOf(await search('హైదరాబాద్', '&size=50'));
    expect(all).not.toContain(ids.pending);
    expect(all).not.toContain(ids.rejected);
  });

  it('treats % and _ in the query literally', async () => {
    expect(idsOf(await search('50%'))).toEqual([ids.percent]);
    expect(idsOf(await search('%'))).toEqual([ids.percent]);
    expect(idsOf(await search('under_score'))).toEqual([ids.percent]);
    expect(idsOf(await search('under_scor_'))).toEqual([]);
    expect(containsPattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });

  it('pages 5 at a time by default, zero-based, with totals', async () => {
    const first = await search('తిరుపతి');
    expect(first.json().totalElements).toBe(12);
    expect(first.json().totalPages).toBe(3);
    expect(idsOf(first)).toEqual([12, 11, 10, 9, 8].map((n) => ids[`tirupati${n}`]));
    const last = await search('తిరుపతి', '&page=2&size=5');
    expect(idsOf(last)).toEqual([ids.tirupati2, ids.tirupati1]);
    const big = await search('తిరుపతి', '&page=0&size=50');
    expect(idsOf(big)).toHaveLength(12);
    expect(big.json().totalPages).toBe(1);
    expect(last.json().content[0].content).toBe('');
  });

  it.each(['', '   ', ZWNJ])('a blank query (%j) finds nothing', async (q) => {
    const res = await search(q);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('works without a query parameter at all', async () => {
    const res = await t.api(API.search.search);
    expect(res.statusCode).toBe(200);
    expect(res.json().totalElements).toBe(0);
  });

  it.each(['&size=0', '&size=51', '&page=-1', '&page=abc'])('refuses invalid paging %s with 400', async (extra) => {
    const res = await search('తిరుపతి', extra);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('service: nonsense paging from a caller falls back to the first page of 5', async () => {
    const result = await t.services.search.search('తిరుపతి', -1, 0);
    expect(result.content).toHaveLength(5);
    expect(result.totalPages).toBe(3);
    expect((await t.services.search.search('తిరుపతి', Number.NaN, 1e9)).content).toHaveLength(12);
  });

  it('is case-insensitive for Latin words', async () => {
    expect(idsOf(await search('UNDER_SCORE'))).toEqual([ids.percent]);
  });

  it('reads through the indexes what a window of the newest articles would give (the archive-sized paths)', async () => {
    // A window of 3 newest articles: most tiers are read through the trigram indexes instead.
    const narrow = createSearchService(t.services, {
      window: 3,
      sample: 1000,
      estimateFrom: Number.POSITIVE_INFINITY,
      trustHits: 1,
    });
    // The same, looking in a window four times wider before the indexes.
    const widening = createSearchService(t.services, {
      window: 3,
      wider: 4,
      sample: 1000,
      estimateFrom: Number.POSITIVE_INFINITY,
      trustHits: 1,
    });
    const queries = ['హైదరాబాద్', 'హైదరాబాద్ రైలు', 'నెల్లూరు గుంటూరు', 'తిరుపతి', 'విజయవాడ', 'హైదరాబాద్లో', '50%'];
    // Inside a very long word, next to quotes, braces and commas, two letters, and a short name
    // with a Telugu word.
    queries.push('అఅఅశ్రీకాకుళం', '"ఉల్లేఖన",', 'రై', 'vizag సదస్సు');
    // Tenglish: a substring, other spellings (whole words found through search_words), mixed,
    // approximate matches only (tirupoti: one vowel off) and exact and approximate ones together.
    queries.push('hyderabad', 'haidarabad', 'vijayavada railu', 'tirupati', 'hyderabad రైలు', 'tirupoti', 'gunturu nelluuru');
    const pages = [
      [0, 5],
      [1, 5],
      [2, 5],
      [0, 2],
      [1, 2],
      [3, 1],
      [9, 1],
    ];
    const found = async (query: string) => (await narrow.search(query, 0, 20)).content.map((x) => x.id);
    expect(await found('శ్రీకాకుళంజిల్లా')).toEqual([ids.longWord]);
    expect(await found('అఅఅశ్రీకాకుళం')).toEqual([ids.longWord]);
    expect(await found('"ఉల్లేఖన",')).toEqual([ids.quoted]);
    expect(await found('{బ్రేసెస్}')).toEqual([ids.quoted]);
    expect(await found('vizag సదస్సు')).toEqual([ids.vizag]);
    for (const query of queries) {
      expect((await t.services.search.search(query, 0, 5)).totalElements, query).toBeGreaterThan(0);
      for (const [page, size] of pages) {
        const wide = await t.services.search.search(query, page, size);
        expect(await narrow.search(query, page, size), `${query} page ${page} size ${size}`).toEqual(wide);
        expect(await widening.search(query, page, size), `${query} page ${page} size ${size}, widened`).toEqual(wide);
      }
    }
  }, 240_000);

  it('answers an estimate, never below the exact limit, when the sample says the matches are many', async () => {
    await t.services.db.execute(sql`analyze articles`);
    const estimating = createSearchService(t.services, { window: 3, sample: 1000, estimateFrom: 1, trustHits: 1 });
    const first = await estimating.search('తిరుపతి', 0, 5);
    expect(first.content.map((a) => a.id)).toEqual([12, 11, 10, 9, 8].map((n) => ids[`tirupati${n}`]));
    expect(first.totalElements).toBe(SEARCH_EXACT_TOTAL + 1);
    // Below the estimate's threshold, or from fewer sampled matches than trusted, the matches are counted.
    const small = createSearchService(t.services, { window: 3, sample: 1000, estimateFrom: 1000, trustHits: 1 });
    expect((await small.search('తిరుపతి', 0, 5)).totalElements).toBe(12);
    const fewHits = createSearchService(t.services, { window: 3, sample: 1000, estimateFrom: 1, trustHits: 13 });
    expect((await fewHits.search('తిరుపతి', 0, 5)).totalElements).toBe(12);
  });

  it("the editors' title filter ignores ZWNJ, decomposed letters and case, like search", async () => {
    const titles = async (title: string) =>
      (await t.services.review.listApproved({ page: 0, pageSize: 15, title, sort: 'newest' })).content.map((a) => a.id);
    expect(await titles('హైదరాబాద్లో')).toEqual([ids.hyderabadTitle]);
    expect(await titles(`హైదరాబాద్${ZWNJ}లో`)).toEqual([ids.hyderabadTitle]);
    expect(await titles('విమానాశ్రయం'.normalize('NFD'))).toEqual([ids.decomposed]);
    expect(await titles('UNDER_SCORE')).toEqual([]);
    expect(await titles('ధరలు 50%')).toEqual([ids.percent]);
  });
});
