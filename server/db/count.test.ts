import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { addArticles, addCategory, addReporter } from '../test/fixtures.ts';
import { EXACT_COUNT_LIMIT } from './count.ts';
import { countTitleMatches } from '../search/service.ts';
import { API } from '../../contract/api.ts';

// Totals on a big archive: exact up to EXACT_COUNT_LIMIT, the planner's estimate above it.
describe(`list totals on a big archive (${TEST_DB})`, () => {
  const t = useTestApp();
  let big: number;
  let small: number;
  let admin: string;
  let reporter: number;

  beforeAll(async () => {
    const db = t.services.db;
    reporter = (await addReporter(db, 'count_reporter')).id;
    big = (await addCategory(db, 'రాజకీయాలు')).id;
    small = (await addCategory(db, 'క్రీడలు')).id;
    const total = EXACT_COUNT_LIMIT + 500;
    for (let from = 0; from < total; from += 2000) {
      await addArticles(
        db,
        Array.from({ length: Math.min(2000, total - from) }, (_, i) => ({
          title: `వార్త ${from + i}`,
          reporterId: reporter,
          categoryIds: [big],
        })),
      );
    }
    await addArticles(
      db,
      [7, 8, 9].map((i) => ({ title: `ఆట ${i}`, reporterId: reporter, categoryIds: [small] })),
    );
    // The estimate comes from planner statistics (autovacuum or maintain() keep them in service).
    await db.execute(sql`analyze`);
    // After the statistics were taken: 100 leave the approved list. An exact count sees it at once;
    // the estimate does not (the test can tell which one answered).
    await db.execute(sql`update articles set approval_status = 'PENDING' where title like 'వార్త 1__'`);
    admin = (await t.signIn('ADMIN')).cookie;
  }, 120_000);

  it('counts a small category exactly', async () => {
    const res = await t.api(API.publicArticles.byCategory, { params: { id: small }, query: { page: 0, size: 5 } });
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('estimates above the limit instead of counting every row, never below the limit', async () => {
    const res = await t.api(API.publicArticles.byCategory, { params: { id: big }, query: { page: 0, size: 5 } });
    expect(res.statusCode).toBe(200);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // An estimate from statistics: near the truth (10,400 approved in the category), not exact.
    expect(total).toBeGreaterThan(EXACT_COUNT_LIMIT * 0.5);
    expect(total).toBeLessThan(EXACT_COUNT_LIMIT * 2);
    const exact = await t.services.db.execute(
      sql`select count(*)::int as n from articles a join article_categories c on c.article_id = a.id where c.category_id = ${big} and a.approval_status = 'APPROVED'`,
    );
    const truth = ((Array.isArray(exact) ? exact : (exact as { rows: { n: number }[] }).rows) as { n: number }[])[0].n;
    expect(truth).toBe(EXACT_COUNT_LIMIT + 500 - 100);
    expect(total).not.toBe(truth);
    const list = await t.api(API.review.approved, { query: { page: 0 }, cookie: admin });
    expect(list.json().totalElements).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });

  it("counts the title filter's matches exactly on the titles' copy, which follows every write", async () => {
    const db = t.services.db;
    // వార్త 1, 10-19, 100-199, 1000-1999, 10000-10499, less 100-199 (moved to PENDING above).
    const filtered = await t.api(API.review.approved, { query: { page: 0, title: 'వార్త 1' }, cookie: admin });
    expect(filtered.json().totalElements).toBe(1 + 10 + 1000 + 500);
    expect(await countTitleMatches(db, 'ఆట', reporter)).toBe(3);
    expect(await countTitleMatches(db, 'ఆట', reporter + 1000)).toBe(0);
    // A title changed, an article deleted: the copy follows in the same transaction.
    await db.execute(sql`update articles set title = 'మార్చిన శీర్షిక' where title = 'ఆట 7'`);
    await db.execute(sql`delete from articles where title = 'ఆట 8'`);
    expect(await countTitleMatches(db, 'ఆట')).toBe(1);
    expect(await countTitleMatches(db, 'మార్చిన')).toBe(1);
    const differing = await db.execute(
      sql`select count(*)::int as n from articles a full join article_titles c on c.article_id = a.id
          where a.id is null or c.article_id is null
             or (a.reporter_id, a.approval_status, a.search_title) is distinct from (c.reporter_id, c.approval_status, c.search_title)`,
    );
    expect(((Array.isArray(differing) ? differing : (differing as { rows: { n: number }[] }).rows) as { n: number }[])[0].n).toBe(
      0,
    );
  });
});
