import { access, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, useTestApp } from '../test/app.ts';
import { createMigratedPgDatabase, openPgliteCopy } from '../test/databases.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { articleImages, articles, images } from '../db/schema.ts';
import { variantName } from '../media/images.ts';
import { addCategory } from '../test/fixtures.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { startBackupAgent } from './agent.ts';
import { backupSite } from './cli.ts';
import { BackupError, createBackup, pruneBackups, restoreBackup } from './service.ts';
import { ArticleCreateSchema } from '../../contract/article-form.ts';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** A throwaway restore target on the engine under test (or the one asked for). */
async function target(engine: 'pglite' | 'postgres' = TEST_DB) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'restore-'));
  const pg = engine === 'postgres' ? await createMigratedPgDatabase('restore') : undefined;
  // In memory: a restore target's files are its media directory; the engine is the same.
  const database = pg ? await openDatabase({ databaseUrl: pg.url }) : await openPgliteCopy();
  return {
    database,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    async close() {
      await database.close();
      await pg?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`backup and restore (${TEST_DB})`, { timeout: 90_000 }, () => {
  const t = useTestApp();
  let reporter: SessionUser;
  let categoryId: number;
  let picture: Buffer;
  let work: string;

  beforeAll(async () => {
    const r = await t.signIn('REPORTER');
    reporter = { id: r.id, username: r.username, email: `${r.username}@example.com`, role: 'REPORTER', totpEnabled: false };
    categoryId = (await addCategory(t.services.db, 'రాజకీయాలు')).id;
    picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    work = await mkdtemp(path.join(os.tmpdir(), 'backups-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  async function writeArticle(i: number) {
    // A different picture per article, so each has its own media files.
    const data = await sharp(picture)
      .modulate({ hue: (i * 37) % 360 })
      .png()
      .toBuffer();
    const article = await t.services.articles.create(
      reporter,
      ArticleCreateSchema.parse({
        title: `వార్త ${i}`,
        author: 'రచయిత',
        content: `<p>హైదరాబాద్ ${i}</p>`,
        categoryIds: [categoryId],
        region: 'హైదరాబాద్',
      }),
      [{ filename: `p${i}.png`, data }],
    );
    await t.services.review.approve(article.id);
    return article.id;
  }

  it('backs up while articles are being created and approved: every article approved before the moment, none half', async () => {
    for (let i = 0; i < 5; i++) await writeArticle(i);
    const approvedAt = new Map<number, number>();
    let stop = false;
    const writer = (async () => {
      for (let i = 5; !stop || i < 20; i++) {
        const id = await writeArticle(i);
        approvedAt.set(id, performance.now());
      }
    })();
    // Let some writes land, then back up in the middle of them.
    while (approvedAt.size < 5) await new Promise((r) => setTimeout(r, 5));
    const backupAsked = performance.now();
    const committedBefore = [...approvedAt].filter(([, at]) => at < backupAsked).map(([id]) => id);
    const file = path.join(work, 'under-writes.tar.gz');
    const manifest = await createBackup({ database: t.services.database, mediaDir: t.services.storage.dir, out: file });
    const backupDone = performance.now();
    stop = true;
    await writer;
    const startedAfter = [...approvedAt].filter(([, at]) => at > backupDone + 1000).map(([id]) => id);

    const into = await target();
    try {
      const restored = await restoreBackup({ file, database: into.database, mediaDir: into.mediaDir });
      expect(restored.snapshotAt).toBe(manifest.snapshotAt);
      const rows = await into.database.db.select().from(articles);
      const ids = new Set(rows.map((r) => r.id));
      expect(rows.length).toBe(manifest.counts.articles);
      for (const id of [1, 2, 3, 4, 5, ...committedBefore]) expect(ids, `article ${id}`).toContain(id);
      // The writer was still going after the backup: those are not in it.
      expect(rows.length).toBeLessThan(approvedAt.size + 5);
      for (const id of startedAfter) expect(ids).not.toContain(id);
      // No half article: each has its category, its picture row and the picture's files.
      for (const row of rows) {
        const [image] = await into.database.db
          .select({ key: images.key, widths: images.variantWidths })
          .from(articleImages)
          .innerJoin(images, eq(images.id, articleImages.imageId))
          .where(eq(articleImages.articleId, row.id));
        expect(image, `image of article ${row.id}`).toBeDefined();
        for (const w of image.widths) expect(await exists(path.join(into.mediaDir, variantName(image.key, w)))).toBe(true);
        const [cat] = await into.database.db
          .execute(sql`select count(*)::int as n from article_categories where article_id = ${row.id}`)
          .then((r) => rowsOf<{ n: number }>(r));
        expect(cat.n).toBe(1);
      }
      // Serial ids continue after the restored ones.
      const [next] = await into.database.db
        .insert(articles)
        .values({ title: 'new', author: 'a', reporterId: reporter.id })
        .returning({ id: articles.id });
      expect(next.id).toBeGreaterThan(Math.max(...ids));
    } finally {
      await into.close();
    }
  });

  it('refuses a truncated or altered archive with a clear message, and restores nothing', async () => {
    const file = path.join(work, 'good.tar.gz');
    await createBackup({ database: t.services.database, mediaDir: t.services.storage.dir, out: file });
    const bytes = await readFile(file);
    const truncated = path.join(work, 'truncated.tar.gz');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)] ^= 0xff;
    const altered = path.join(work, 'altered.tar.gz');
    await writeFile(altered, flipped);
    const notOurs = path.join(work, 'not-ours.tar.gz');
    await writeFile(notOurs, 'hello');

    const into = await target();
    try {
      for (const bad of [truncated, altered, notOurs]) {
        const error = await restoreBackup({ file: bad, database: into.database, mediaDir: into.mediaDir }).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(BackupError);
        expect((error as Error).message).toMatch(/damaged or incomplete|not a backup/);
      }
      const missing = await restoreBackup({
        file: path.join(work, 'none.tar.gz'),
        database: into.database,
        mediaDir: into.mediaDir,
      }).catch((e: unknown) => e);
      expect((missing as Error).message).toMatch(/No backup archive at/);
      expect(await into.database.db.select().from(articles)).toEqual([]);
    } finally {
      await into.close();
    }
  });

  it('refuses a non-empty target without --force and replaces it with --force', async () => {
    const file = path.join(work, 'twice.tar.gz');
    const manifest = await createBackup({ database: t.services.database, mediaDir: t.services.storage.dir, out: file });
    const into = await target();
    try {
      await restoreBackup({ file, database: into.database, mediaDir: into.mediaDir });
      const again = await restoreBackup({ file, database: into.database, mediaDir: into.mediaDir }).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(BackupError);
      expect((again as Error).message).toMatch(
        /^The target is not empty \(rows in .*articles.*media files\): restore into an empty DATA_DIR or database, or pass --force/,
      );
      await restoreBackup({ file, database: into.database, mediaDir: into.mediaDir, force: true });
      expect((await into.database.db.select().from(articles)).length).toBe(manifest.counts.articles);
    } finally {
      await into.close();
    }
  });

  it('keeps the newest BACKUP_KEEP scheduled backups', async () => {
    const dir = path.join(work, 'kept');
    await rm(dir, { recursive: true, force: true });
    const { mkdir } = await import('node:fs/promises');
    await mkdir(dir);
    for (const d of ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'])
      await writeFile(path.join(dir, `backup-${d}T00-00-00Z.tar.gz`), 'x');
    await writeFile(path.join(dir, 'other.txt'), 'x');
    await pruneBackups(dir, 2);
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(dir)).sort()).toEqual([
      'backup-2026-01-03T00-00-00Z.tar.gz',
      'backup-2026-01-04T00-00-00Z.tar.gz',
      'other.txt',
    ]);
  });
});

describe.runIf(TEST_DB === 'pglite')('moving an embedded newsroom to PostgreSQL and back', () => {
  it('restores a PGlite backup into PostgreSQL, and that one back into PGlite, row for row', async () => {
    const source = await createTestApp();
    const work = await mkdtemp(path.join(os.tmpdir(), 'move-'));
    const pgTarget = await target('postgres');
    const liteTarget = await target('pglite');
    try {
      const r = await source.signIn('REPORTER');
      const categoryId = (await addCategory(source.services.db, 'సినిమా')).id;
      const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
        .png()
        .toBuffer();
      const user: SessionUser = { id: r.id, username: r.username, email: 'x@example.com', role: 'REPORTER', totpEnabled: false };
      const a = await source.services.articles.create(
        user,
        ArticleCreateSchema.parse({
          title: 'విజయవాడ\u200cలో వర్షం',
          author: 'రచయిత',
          content: '<p>వర్షం <strong>భారీగా</strong></p>',
          categoryIds: [categoryId],
          region: 'విజయవాడ',
          youtubeVideoId: 'dQw4w9WgXcQ',
        }),
        [{ filename: 'a.png', data }],
      );
      await source.services.review.approve(a.id);
      const snapshot = async (db: Database['db']) =>
        await db
          .execute(
            sql`select a.*, (select array_agg(i.key) from article_images ai join images i on i.id = ai.image_id where ai.article_id = a.id) keys from articles a order by id`,
          )
          .then((x) => rowsOf<Record<string, unknown>>(x));
      const before = await snapshot(source.services.db);

      const first = path.join(work, 'from-pglite.tar.gz');
      await createBackup({ database: source.services.database, mediaDir: source.services.storage.dir, out: first });
      await restoreBackup({ file: first, database: pgTarget.database, mediaDir: pgTarget.mediaDir });
      expect(await snapshot(pgTarget.database.db)).toEqual(before);

      const second = path.join(work, 'from-postgres.tar.gz');
      const m = await createBackup({ database: pgTarget.database, mediaDir: pgTarget.mediaDir, out: second });
      expect(m.engine).toBe('postgres');
      await restoreBackup({ file: second, database: liteTarget.database, mediaDir: liteTarget.mediaDir });
      expect(await snapshot(liteTarget.database.db)).toEqual(before);
    } finally {
      await source.close();
      await pgTarget.close();
      await liteTarget.close();
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);

  it('npm run backup asks the running server that holds the embedded database, which writes the archive', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'served-'));
    const config = loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: path.join(dataDir, 'b') });
    const database = await openPgliteCopy(dataDir);
    const agent = startBackupAgent({ config, database, log: { info() {}, error() {} } });
    try {
      await agent.ready;
      await database.db.execute(sql`insert into categories (name) values ('క్రీడలు')`);
      // The CLI cannot open the directory (this process holds it), so it goes through the agent.
      const { file, manifest, byServer } = await backupSite(config, undefined, { timeoutMs: 30_000 });
      expect(byServer).toBe(true);
      expect(manifest.tables.categories.rows).toBe(1);
      expect((await stat(file)).size).toBeGreaterThan(0);
      expect(path.dirname(file)).toBe(path.join(dataDir, 'b'));
    } finally {
      await agent.stop();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
