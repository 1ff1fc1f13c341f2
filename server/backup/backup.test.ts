import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pgClient from 'pg';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, useTestApp } from '../test/app.ts';
import { createMigratedPgDatabase, openPgliteCopy } from '../test/databases.ts';
import { createPgDatabase, folderSnapshot } from '../test/resources.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { articleImages, articles, images } from '../db/schema.ts';
import { variantName } from '../media/images.ts';
import { createLocalMediaStorage } from '../media/local-storage.ts';
import { addCategory } from '../test/fixtures.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { startBackupAgent } from './agent.ts';
import { backupSite } from './cli.ts';
import { BackupError, createBackup, pruneBackups, readBackup, restoreBackup } from './service.ts';
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
    media: createLocalMediaStorage(path.join(dataDir, 'media')),
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
    const manifest = await createBackup({ database: t.services.database, media: t.services.storage, out: file });
    const backupDone = performance.now();
    stop = true;
    await writer;
    const startedAfter = [...approvedAt].filter(([, at]) => at > backupDone + 1000).map(([id]) => id);

    const into = await target();
    try {
      const restored = await restoreBackup({ file, database: into.database, media: into.media });
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
    await createBackup({ database: t.services.database, media: t.services.storage, out: file });
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
        const error = await restoreBackup({ file: bad, database: into.database, media: into.media }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BackupError);
        expect((error as Error).message).toMatch(/damaged or incomplete|not a backup/);
      }
      const missing = await restoreBackup({
        file: path.join(work, 'none.tar.gz'),
        database: into.database,
        media: into.media,
      }).catch((e: unknown) => e);
      expect((missing as Error).message).toMatch(/No backup archive at/);
      expect(await into.database.db.select().from(articles)).toEqual([]);
    } finally {
      await into.close();
    }
  });

  it('refuses a non-empty target without --force and replaces it with --force', async () => {
    const file = path.join(work, 'twice.tar.gz');
    const manifest = await createBackup({ database: t.services.database, media: t.services.storage, out: file });
    const into = await target();
    try {
      await restoreBackup({ file, database: into.database, media: into.media });
      const again = await restoreBackup({ file, database: into.database, media: into.media }).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(BackupError);
      expect((again as Error).message).toMatch(
        /^The target is not empty \(rows in .*articles.*media files\): restore into an empty DATA_DIR or database, or pass --force/,
      );
      await restoreBackup({ file, database: into.database, media: into.media, force: true });
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
      await createBackup({ database: source.services.database, media: source.services.storage, out: first });
      await restoreBackup({ file: first, database: pgTarget.database, media: pgTarget.media });
      expect(await snapshot(pgTarget.database.db)).toEqual(before);

      const second = path.join(work, 'from-postgres.tar.gz');
      const m = await createBackup({ database: pgTarget.database, media: pgTarget.media, out: second });
      expect(m.engine).toBe('postgres');
      await restoreBackup({ file: second, database: liteTarget.database, media: liteTarget.media });
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
    const agent = startBackupAgent({
      config,
      database,
      media: createLocalMediaStorage(path.join(dataDir, 'media')),
      log: { info() {}, error() {} },
    });
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

/** Runs `npm run backup` / `npm run restore` as an operator does: a child process. */
function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [`scripts/${script}.ts`, ...args], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const modeOf = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);

describe(`npm run backup and npm run restore (${TEST_DB})`, { timeout: 240_000 }, () => {
  let work: string;
  let source: { env: Record<string, string>; drop(): Promise<void> };
  /** A fresh, unmigrated restore target: an empty PostgreSQL database or a DATA_DIR path. */
  async function emptyTarget(
    dataDir: string,
  ): Promise<{ env: Record<string, string>; tables(): Promise<number>; drop(): Promise<void> }> {
    if (TEST_DB !== 'postgres') return { env: { DATA_DIR: dataDir }, tables: async () => 0, drop: async () => {} };
    const pg = await createPgDatabase('restore_cli');
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: pg.url },
      async tables() {
        const database = new pgClient.Client({ connectionString: pg.url });
        await database.connect();
        const { rows } = await database.query(
          `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
        );
        await database.end();
        return (rows[0] as { n: number }).n;
      },
      drop: pg.drop,
    };
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'backup-cli-'));
    if (TEST_DB === 'postgres') {
      const pg = await createMigratedPgDatabase('backup_cli');
      source = { env: { DATABASE_URL: pg.url, DATA_DIR: path.join(work, 'unused') }, drop: pg.drop };
    } else {
      // A DATA_DIR that does not exist yet: the command creates it for the owner alone.
      source = { env: { DATA_DIR: path.join(work, 'site', 'data') }, drop: async () => {} };
    }
  });
  afterAll(async () => {
    await source.drop();
    await rm(work, { recursive: true, force: true });
  });

  it('writes the archive 0600 in folders it creates 0700; refuses an archive holding a link, restoring nothing', async () => {
    const out = path.join(work, 'kept', 'daily', 'site.tar.gz');
    const made = await runScript('backup', ['--out', out], source.env);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(await modeOf(out)).toBe('600');
    expect(await modeOf(path.join(work, 'kept'))).toBe('700');
    expect(await modeOf(path.join(work, 'kept', 'daily'))).toBe('700');
    if (TEST_DB === 'pglite') expect(await modeOf(source.env.DATA_DIR)).toBe('700');
    // No staging folder or partial archive is left beside it.
    expect(await readdir(path.join(work, 'kept', 'daily'))).toEqual(['site.tar.gz']);

    // The same archive with a link planted in media/ (media/x -> ../db): the database's files.
    const unpacked = path.join(work, 'unpacked');
    await mkdir(unpacked);
    await tar.extract({ file: out, cwd: unpacked });
    await symlink('../db', path.join(unpacked, 'media', 'x'));
    const planted = path.join(work, 'planted.tar.gz');
    await tar.create({ gzip: true, cwd: unpacked, file: planted, portable: true }, ['manifest.json', 'db', 'media']);

    // Into a DATA_DIR that does not exist, and into an empty one: both left exactly as they were.
    const missingDir = path.join(work, 'restore-missing');
    const emptyDir = path.join(work, 'restore-empty');
    await mkdir(emptyDir);
    for (const dataDir of [missingDir, emptyDir]) {
      const into = await emptyTarget(dataDir);
      try {
        const refused = await runScript('restore', [planted], into.env);
        expect(refused.code).toBe(1);
        expect(refused.stderr.trim()).toBe(
          `The backup archive ${planted} holds media/x (a symbolic link): a backup holds only regular files and folders; nothing was restored.`,
        );
        expect(await into.tables()).toBe(0);
      } finally {
        await into.drop();
      }
    }
    expect(existsSync(missingDir)).toBe(false);
    expect(await readdir(emptyDir)).toEqual([]);

    // A damaged archive is refused the same way, before anything is opened.
    const damaged = path.join(work, 'damaged.tar.gz');
    await writeFile(damaged, (await readFile(out)).subarray(0, 200));
    const into = await emptyTarget(emptyDir);
    try {
      const refused = await runScript('restore', [damaged], into.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/is damaged or incomplete/);
      expect(await readdir(emptyDir)).toEqual([]);
      expect(await into.tables()).toBe(0);

      // The archive as it was restores, into a DATA_DIR made for the owner alone.
      const restored = await runScript('restore', [out], { ...into.env, DATA_DIR: missingDir });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      if (TEST_DB === 'pglite') expect(await modeOf(missingDir)).toBe('700');

      // The site gets a row; a restore without --force is refused, leaving it byte for byte as it was.
      const site = await openDatabase(into.env.DATABASE_URL ? { databaseUrl: into.env.DATABASE_URL } : { dataDir: missingDir });
      await site.db.execute(sql`insert into categories (name) values ('వార్తలు')`);
      await site.close();
      const before = await folderSnapshot(missingDir);
      const again = await runScript('restore', [out], { ...into.env, DATA_DIR: missingDir });
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe(
        'The target is not empty (rows in categories): restore into an empty DATA_DIR or database, or pass --force to replace it.',
      );
      expect(await folderSnapshot(missingDir)).toEqual(before);
    } finally {
      await into.drop();
    }
  });

  it('refuses an archive that holds files its manifest does not list (the archive the test above wrote, altered)', async () => {
    const out = path.join(work, 'kept', 'daily', 'site.tar.gz');
    const unpacked = path.join(work, 'extra');
    await mkdir(unpacked);
    await tar.extract({ file: out, cwd: unpacked });
    await writeFile(path.join(unpacked, 'media', 'page.html'), '<script>alert(1)</script>');
    const extra = path.join(work, 'extra.tar.gz');
    await tar.create({ gzip: true, cwd: unpacked, file: extra, portable: true }, ['manifest.json', 'db', 'media']);
    const readInto = path.join(work, 'read-extra');
    const error = await readBackup(extra, readInto).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toBe(
      `The backup archive ${extra} holds media/page.html, which its manifest does not list; nothing was restored.`,
    );
  });
});
