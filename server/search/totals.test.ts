import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { addArticles, addReporter } from '../test/fixtures.ts';
import { SEARCH_EXACT_TOTAL } from '../../contract/search.ts';
import { createSearchService } from './service.ts';
import { API } from '../../contract/api.ts';

// A search's total: exact up to SEARCH_EXACT_TOTAL matches, above it an estimate never below
// SEARCH_EXACT_TOTAL + 1 (docs/api.md). Enough articles that the newest (search's window) do not
// hold every match, so the total comes from the sample and the count, as on a big archive.
const t = useTestApp();
const AT_LIMIT = 'మొదటిలెక్క'; // in exactly SEARCH_EXACT_TOTAL articles
const PAST_LIMIT = 'రెండోలెక్క'; // in one more

beforeAll(async () => {
  const db = t.services.db;
  const reporterId = (await addReporter(db, 'ganita')).id;
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000);
  // The two words take turns, in titles, so the newest articles hold both and fill the first
  // pages: the total is not read off a tier read whole.
  const list = Array.from({ length: 2 * SEARCH_EXACT_TOTAL + 1 }, (_, i) =>
    i % 2 === 1 || i === 2 * SEARCH_EXACT_TOTAL ? PAST_LIMIT : AT_LIMIT,
  ).map((word, i) => ({ title: `${word} వార్త`, content: '<p>లెక్కల గురించి</p>', reporterId, publicationDate: day(i) }));
  for (let i = 0; i < list.length; i += 500) await addArticles(db, list.slice(i, i + 500));
  // The statistics a running server has: the sample estimate scales to them.
  await db.execute(sql`analyze articles`);
}, 120_000);

const search = (query: string) => t.api(API.search.search, { query: { query } });

describe(`search totals (${TEST_DB})`, () => {
  it(`counts up to ${SEARCH_EXACT_TOTAL} matches exactly`, async () => {
    const res = await search(AT_LIMIT);
    expect(res.statusCode).toBe(200);
    expect(res.json().totalElements).toBe(SEARCH_EXACT_TOTAL);
    expect(res.json().totalPages).toBe(SEARCH_EXACT_TOTAL / 5);
    expect(res.headers['x-total-count']).toBe(String(SEARCH_EXACT_TOTAL));
    expect(res.json().content).toHaveLength(5);
  });

  it(`answers more than ${SEARCH_EXACT_TOTAL} matches with an estimate, never below ${SEARCH_EXACT_TOTAL + 1}`, async () => {
    const res = await search(PAST_LIMIT);
    const total = res.json().totalElements as number;
    expect(total).toBeGreaterThanOrEqual(SEARCH_EXACT_TOTAL + 1);
    expect(total).toBeLessThan(2 * (SEARCH_EXACT_TOTAL + 1));
    expect(res.headers['x-total-count']).toBe(String(total));
    // Both words: no article has them together, counted as none.
    expect((await search(`${AT_LIMIT} ${PAST_LIMIT}`)).json().totalElements).toBe(0);
  });

  it('trusts a sampled estimate only when it is big and rests on enough sampled matches', async () => {
    const base = { window: 400, wider: 10, sample: 1000 };
    // Trusted: the estimate is the answer, never below the limit, though the matches are exactly the limit.
    const trusting = createSearchService(t.services, { ...base, estimateFrom: 1, trustHits: 1 });
    expect((await trusting.search(AT_LIMIT, 0, 5)).totalElements).toBeGreaterThanOrEqual(SEARCH_EXACT_TOTAL + 1);
    // Too few sampled matches: counted, exact.
    const wary = createSearchService(t.services, { ...base, estimateFrom: 1, trustHits: Number.POSITIVE_INFINITY });
    expect((await wary.search(AT_LIMIT, 0, 5)).totalElements).toBe(SEARCH_EXACT_TOTAL);
    // The shipped tuning never answers the limit's own count as more.
    expect((await t.services.search.search(AT_LIMIT, 3, 5)).totalElements).toBe(SEARCH_EXACT_TOTAL);
  });
});
