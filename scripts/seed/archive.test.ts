// The archive seed on a small scale: rows made in SQL from the pools equal what a save stores
// (the seed checks its first rows itself and stops otherwise), the bulk path drops and rebuilds
// the indexes, and a second run adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../server/test/app.ts';
import { seedDemoContent } from '../../server/demo/seed.ts';
import { searchFieldsFor } from '../../server/articles/text.ts';
import { seedArchive } from './archive.ts';

let t: TestApp;
const log: string[] = [];
const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.services, { log: () => {}, articleCount: 20 });
}, 120_000);
afterAll(() => t?.close());

describe('archive seed', () => {
  it('adds approved articles in batches, indexes rebuilt, each as a save would store it', async () => {
    const indexesBefore = rowsOf<{ n: number }>(
      await t.services.db.execute(sql`select count(*)::int as n from pg_indexes where tablename = 'articles'`),
    )[0].n;
    // 430 more in batches of 200, through the bulk path (indexes dropped, rebuilt at the end).
    const result = await seedArchive(t.services, { articles: 450, log: (l) => log.push(l), batch: 200, bulkFrom: 100 });
    expect(result.added).toBe(430);
    expect(log.some((l) => l.startsWith('archive: built articles_search_trgm_idx'))).toBe(true);
    const db = t.services.db;
    expect(
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pg_indexes where tablename = 'articles'`))[0].n,
    ).toBe(indexesBefore);

    const sample = rowsOf<{ title: string; content: string; search_text: string; title_latin: string; search_latin: string }>(
      await db.execute(sql`select title, content, search_text, title_latin, search_latin from articles
                           where title like '%№%' order by id desc limit 5`),
    );
    expect(sample).toHaveLength(5);
    for (const row of sample) {
      const saved = searchFieldsFor(row.title, row.content);
      expect([row.search_text, row.title_latin, row.search_latin]).toEqual([
        saved.searchText,
        saved.titleLatin,
        saved.searchLatin,
      ]);
    }
    // Every archive article has its category (with the copies a category page reads) and a cover.
    const [links] = rowsOf<{ categories: number; approved: number; covers: number; titles: number }>(
      await db.execute(sql`select
        (select count(*)::int from article_categories c join articles a on a.id = c.article_id where a.title like '%№%') as categories,
        (select count(*)::int from article_categories c join articles a on a.id = c.article_id
           where a.title like '%№%' and c.approval_status = 'APPROVED' and c.publication_date = a.publication_date) as approved,
        (select count(*)::int from article_images i join articles a on a.id = i.article_id where a.title like '%№%' and i.position = 0) as covers,
        (select count(*)::int from article_titles c join articles a on a.id = c.article_id
           where a.title like '%№%' and c.approval_status = 'APPROVED' and c.search_title = a.search_title and c.reporter_id = a.reporter_id) as titles`),
    );
    expect(links).toEqual({ categories: 430, approved: 430, covers: 430, titles: 430 });
    // Search finds archive articles, in Telugu and in English letters (search_words filled).
    const title = sample[0].title.split(' №')[0];
    const word = title.split(' ')[0];
    expect((await t.services.search.search(word, 0, 5)).totalElements).toBeGreaterThan(0);
    expect((await t.services.search.search(sample[0].title_latin.split(' ')[0], 0, 5)).totalElements).toBeGreaterThan(0);
  }, 120_000);

  it('adds nothing when the archive is already that big', async () => {
    expect(await seedArchive(t.services, { articles: 450, log: () => {} })).toEqual({ added: 0, ms: 0 });
  });
});
