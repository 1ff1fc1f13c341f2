import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { addArticle, addCategory, addReporter } from '../test/fixtures.ts';
import { articles } from '../db/schema.ts';
import { createArticlePageService } from './article-page.ts';
import { createChangeFeed } from '../db/changes.ts';

const t = useTestApp();
let politics: number;
let sports: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const db = t.services.db;
  const reporter = await addReporter(db, 'kavitha');
  politics = (await addCategory(db, 'రాజకీయాలు')).id;
  sports = (await addCategory(db, 'క్రీడలు')).id;
  const day = (n: number) => new Date(Date.UTC(2026, 0, n, 6));
  ids.first = await addArticle(db, {
    title: 'మొదటి వార్త',
    reporterId: reporter.id,
    categoryIds: [politics],
    publicationDate: day(1),
  });
  ids.second = await addArticle(db, {
    title: 'రెండో వార్త',
    reporterId: reporter.id,
    categoryIds: [politics],
    publicationDate: day(2),
  });
  ids.cricket = await addArticle(db, { title: 'క్రికెట్', reporterId: reporter.id, categoryIds: [sports], publicationDate: day(3) });
  ids.pending = await addArticle(db, { title: 'పెండింగ్', reporterId: reporter.id, categoryIds: [sports], status: 'PENDING' });
});

/** Database queries made while `run` runs (outside transactions: every read of a page). */
async function queriesDuring(run: () => Promise<unknown>) {
  const before = t.services.database.stats().queries ?? 0;
  await run();
  return (t.services.database.stats().queries ?? 0) - before;
}

describe('article page: the article is kept in memory until a change names it', () => {
  it('a second view of an article reads nothing from the database', async () => {
    const page = t.services.articlePage;
    expect((await page.get(ids.first))?.article.title).toBe('మొదటి వార్త');
    expect(await queriesDuring(() => page.get(ids.first))).toBe(0);
    expect(page.articles.has(String(ids.first))).toBe(true);
  });

  it('publishing in its category keeps the other articles; the changed one is read afresh', async () => {
    const page = t.services.articlePage;
    await page.get(ids.first);
    await page.get(ids.second);
    await page.get(ids.cricket);
    await t.services.db.update(articles).set({ title: 'మొదటి వార్త (సవరణ)' }).where(eq(articles.id, ids.first));
    await t.services.changes.announce({ kind: 'articles', articles: [ids.first], categories: [politics] });

    expect(page.articles.has(String(ids.first))).toBe(false);
    expect(page.articles.has(String(ids.second))).toBe(true);
    expect(page.articles.has(String(ids.cricket))).toBe(true);
    // The related list of its category has changed, so the page still reads that list once.
    const second = await page.get(ids.second);
    expect(second?.related.map((a) => a.title)).toContain('మొదటి వార్త (సవరణ)');
    expect((await page.get(ids.first))?.article.title).toBe('మొదటి వార్త (సవరణ)');
  });

  it('a change that names nothing (categories, ads, navigation...) drops every article', async () => {
    const page = t.services.articlePage;
    await page.get(ids.cricket);
    await t.services.changes.announce({ kind: 'categories' });
    expect(page.articles.size).toBe(0);
    expect(await queriesDuring(() => page.get(ids.cricket))).toBeGreaterThan(0);
  });

  it('an article that is not public is neither shown nor kept', async () => {
    const page = t.services.articlePage;
    expect(await page.get(ids.pending)).toBeNull();
    expect(page.articles.has(String(ids.pending))).toBe(false);
  });

  it('another instance drops its copy when this one changes the article (NOTIFY on PostgreSQL)', async () => {
    const { db, database, publicArticles } = t.services;
    await t.services.changes.subscribe();
    const otherFeed = createChangeFeed(database);
    await otherFeed.subscribe();
    const other = createArticlePageService({ db, changes: otherFeed }, publicArticles);
    expect((await other.get(ids.cricket))?.article.title).toBe('క్రికెట్');
    await t.services.db.update(articles).set({ title: 'క్రికెట్ (సవరణ)' }).where(eq(articles.id, ids.cricket));
    await t.services.changes.announce({ kind: 'articles', articles: [ids.cricket], categories: [sports] });
    await expect.poll(() => other.articles.has(String(ids.cricket)), { timeout: 5000, interval: 20 }).toBe(false);
    expect((await other.get(ids.cricket))?.article.title).toBe('క్రికెట్ (సవరణ)');
  });

  it('with no room (ARTICLE_CACHE=off) every view reads its article', async () => {
    const { db, changes, publicArticles } = t.services;
    const page = createArticlePageService({ db, changes }, publicArticles, { cacheBytes: 0 });
    await page.get(ids.cricket);
    expect(page.articles.size).toBe(0);
    expect(await queriesDuring(() => page.get(ids.cricket))).toBeGreaterThan(0);
  });

  it('a read that started before a change is not kept after it', async () => {
    const page = t.services.articlePage;
    await t.services.changes.announce({ kind: 'ads' });
    const reading = page.get(ids.second);
    await t.services.changes.announce({ kind: 'articles', articles: [ids.second], categories: [politics] });
    await reading;
    expect(page.articles.has(String(ids.second))).toBe(false);
  });
});
