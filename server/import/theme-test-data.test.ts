// WordPress's own Theme Test Data (testdata/README.md): the real-world export shape, edge cases
// and all, imported on PGlite and PostgreSQL.
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { articleCategories, articleImages, articles, users } from '../db/schema.ts';
import { sanitizeArticleHtml } from '../articles/sanitize.ts';
import { createWordpressImporter, type ImportReport } from './service.ts';

let dir: string;
const unpack = async (name: string) => {
  const file = path.join(dir, name);
  await writeFile(file, gunzipSync(await readFile(path.join(import.meta.dirname, 'testdata', `${name}.gz`))));
  return file;
};
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wp-ttd-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('theme unit test data (classic and block posts)', () => {
  const t = useTestApp();
  let file: string;
  let report: ImportReport;
  beforeAll(async () => {
    file = await unpack('themeunittestdata.wordpress.xml');
    report = await createWordpressImporter(t.services).run({ file });
  }, 300_000);
  const byTitle = async (title: string) => (await t.services.db.select().from(articles).where(eq(articles.title, title)))[0];

  it('imports every post, skips the rest by reason, fails nothing', () => {
    expect(report.failed).toEqual([]);
    expect(report.imported).toEqual({ approved: 55, pending: 2 });
    expect(report.alreadyImported).toBe(0);
    expect(report.skipped).toEqual({ 'menu item': 70, attachment: 37, page: 21, 'password-protected': 1 });
    // No --uploads: every post shows a generated cover, and the report lists them.
    expect(report.generatedCovers).toHaveLength(57);
    expect(report.reporters.map((r) => r.username).sort()).toEqual(['themedemos', 'themereviewteam']);
  });

  it('keeps the edge cases: shared guids, no title, one huge word, many categories, YouTube', async () => {
    // Two pairs of posts share a guid in this file; all four are articles.
    for (const title of [
      'Post Format: Image (Linked)',
      'Post Format: Image',
      'Post Format: Video (WordPress.tv)',
      'Post Format: Video (YouTube)',
    ])
      expect(await byTitle(title), title).toBeDefined();
    expect((await byTitle('Post Format: Video (YouTube)')).youtubeVideoId).toBe('SQEQr7c0-dw');
    const [untitled] = await t.services.db
      .select({ title: articles.title })
      .from(articles)
      .where(sql`${articles.title} like 'This post has no title%'`);
    expect(untitled).toBeDefined();
    const huge = await t.services.db
      .select({ id: articles.id })
      .from(articles)
      .where(sql`${articles.title} like 'Taumatawhakatangihanga%'`);
    expect(huge).toHaveLength(1);
    const [{ pictures }] = await t.services.db
      .select({ pictures: count() })
      .from(articleImages)
      .where(eq(articleImages.articleId, huge[0].id));
    expect(pictures).toBe(1);
    const many = await byTitle('Edge Case: Many Categories');
    const [{ cats }] = await t.services.db
      .select({ cats: count() })
      .from(articleCategories)
      .where(eq(articleCategories.articleId, many.id));
    expect(cats).toBe(20);
    expect((await byTitle('Scheduled')).approvalStatus).toBe('PENDING');
    expect(await byTitle('Template: Password Protected (the password is “enter”)')).toBeUndefined();
  });

  it('stores content the sanitiser leaves unchanged, with structure kept', async () => {
    const rows = await t.services.db.select({ title: articles.title, content: articles.content }).from(articles);
    for (const row of rows) expect(sanitizeArticleHtml(row.content), row.title).toBe(row.content);
    const markup = (await byTitle('Markup: HTML Tags and Formatting')).content;
    expect(markup).toContain('<h3>Header six</h3>');
    expect(markup).not.toMatch(/<table|<h4|<!--/);
    const [reporter] = await t.services.db.select({ role: users.role }).from(users).where(eq(users.username, 'themedemos'));
    expect(reporter.role).toBe('REPORTER');
  });

  it('a second run imports nothing', async () => {
    const again = await createWordpressImporter(t.services).run({ file, dryRun: true });
    expect(again.alreadyImported).toBe(57);
    expect(again.imported).toEqual({ approved: 0, pending: 0 });
  });
});

describe('64-block test data (WordPress 6.4 blocks)', () => {
  const t = useTestApp();

  it('a dry run reads every block post and writes nothing', async () => {
    const report = await createWordpressImporter(t.services).run({ file: await unpack('64-block-test-data.xml'), dryRun: true });
    expect(report.failed).toEqual([]);
    expect(report.imported).toEqual({ approved: 61, pending: 0 });
    expect(report.skipped).toEqual({ attachment: 9, page: 1, 'post type wp_navigation': 1 });
    const [{ total }] = await t.services.db.select({ total: count() }).from(articles);
    expect(total).toBe(0);
  });
});
