// A category's page reads article_categories alone: the copies of each article's status and date
// there must follow the article whatever writes it (migration 0010's triggers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, TEST_DB, type TestApp } from '../test/app.ts';
import { addArticles, addCategory, addReporter, setStatus } from '../test/fixtures.ts';
import { articleCategories, articles } from '../db/schema.ts';

let t: TestApp;
let category: number;
let ids: number[];
const day = (n: number) => new Date(Date.UTC(2026, 5, 1 + n, 6));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  const reporter = (await addReporter(db, 'listing')).id;
  category = (await addCategory(db, 'వ్యవసాయం')).id;
  ids = await addArticles(
    db,
    [1, 2, 3].map((n) => ({
      title: `పంట ${n}`,
      reporterId: reporter,
      categoryIds: [category],
      publicationDate: day(n),
      status: n === 3 ? ('PENDING' as const) : ('APPROVED' as const),
    })),
  );
});
afterAll(() => t.close());

const page = async () => {
  const result = await t.services.publicArticles.byCategory(category, 0, 10);
  return { ids: result.articles.map((a) => a.id), total: result.total };
};

describe(`category pages follow their articles (${TEST_DB})`, () => {
  it('lists the approved ones, newest first, and counts them', async () => {
    expect(await page()).toEqual({ ids: [ids[1], ids[0]], total: 2 });
  });

  it('follows approval, withdrawal and a new publication date, in the same statement', async () => {
    await setStatus(t.services.db, ids[2], 'APPROVED');
    expect((await page()).ids).toEqual([ids[2], ids[1], ids[0]]);
    await t.services.db
      .update(articles)
      .set({ publicationDate: day(0) })
      .where(eq(articles.id, ids[2]));
    expect((await page()).ids).toEqual([ids[1], ids[0], ids[2]]);
    await setStatus(t.services.db, ids[1], 'REJECTED');
    expect(await page()).toEqual({ ids: [ids[0], ids[2]], total: 2 });
  });

  it('takes the copies from the article, whatever a writer puts there', async () => {
    const other = (await addCategory(t.services.db, 'పశుపోషణ')).id;
    await t.services.db
      .insert(articleCategories)
      .values({ articleId: ids[1], categoryId: other, position: 1, approvalStatus: 'APPROVED', publicationDate: day(9) });
    const [copy] = await t.services.db
      .select({ status: articleCategories.approvalStatus, at: articleCategories.publicationDate })
      .from(articleCategories)
      .where(sql`${articleCategories.articleId} = ${ids[1]} and ${articleCategories.categoryId} = ${other}`);
    expect(copy).toEqual({ status: 'REJECTED', at: day(2) });
    expect((await t.services.publicArticles.byCategory(other, 0, 10)).articles).toEqual([]);
  });

  it('drops a deleted article', async () => {
    await t.services.db.delete(articles).where(eq(articles.id, ids[0]));
    expect(await page()).toEqual({ ids: [ids[2]], total: 1 });
  });
});
