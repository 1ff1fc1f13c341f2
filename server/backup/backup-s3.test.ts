// Backup and restore with MEDIA_STORAGE=s3: the archive holds the bucket's pictures, a restore puts
// them into the target's bucket (nothing under DATA_DIR/media), and migrating copies a folder across.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../test/app.ts';
import { createMigratedPgDatabase, openPgliteCopy } from '../test/databases.ts';
import { startTestBucketServer, type TestBucketServer } from '../test/s3.ts';
import { addCategory, multipart } from '../test/fixtures.ts';
import { openDatabase } from '../db/client.ts';
import { articles } from '../db/schema.ts';
import { createLocalMediaStorage } from '../media/local-storage.ts';
import { migrateMedia } from '../media/migrate.ts';
import { BackupError, createBackup, restoreBackup } from './service.ts';
import { API } from '../../contract/api.ts';

describe(`backup, restore and migration with media in a bucket (${TEST_DB})`, { timeout: 90_000 }, () => {
  let s3: TestBucketServer;
  let site: TestApp;
  let bucket: string;
  let work: string;
  beforeAll(async () => {
    s3 = await startTestBucketServer();
    const made = await s3.bucket();
    bucket = made.name;
    site = await createTestApp({ env: made.env });
    work = await mkdtemp(path.join(os.tmpdir(), 'backup-s3-'));
    const categoryId = (await addCategory(site.services.db, 'రాజకీయాలు')).id;
    const [{ cookie }] = await site.signInAs('REPORTER');
    const data = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#8e44ad' } })
      .jpeg()
      .toBuffer();
    const body = multipart([
      {
        name: 'article',
        value: JSON.stringify({
          title: 'బ్యాకప్',
          author: 'రవి',
          content: '<p>x</p>',
          youtubeVideoId: '',
          categoryIds: [categoryId],
          region: 'విజయవాడ',
        }),
      },
      { name: 'images', filename: 'a.jpg', data, type: 'image/jpeg' },
    ]);
    const res = await site.api(API.articles.create, { cookie, form: body });
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(async () => {
    await site?.close();
    await s3?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('the archive holds the bucket’s pictures; a restore puts them into the target’s bucket, none on disk', async () => {
    const file = path.join(work, 'site.tar.gz');
    const manifest = await createBackup({ database: site.services.database, media: site.services.storage, out: file });
    const stored = await s3.storage(bucket).list();
    expect(manifest.mediaStorage).toEqual({ kind: 's3', bucket });
    expect(manifest.counts.mediaFiles).toBe(stored.size);
    expect(manifest.missingMedia).toEqual([]);
    expect(manifest.files.filter((f) => f.path.startsWith('media/')).map((f) => [f.path.slice(6), f.bytes])).toEqual(
      [...stored].sort(([a], [b]) => a.localeCompare(b)),
    );

    const pg = TEST_DB === 'postgres' ? await createMigratedPgDatabase('restore') : undefined;
    const database = pg ? await openDatabase({ databaseUrl: pg.url }) : await openPgliteCopy();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'restore-s3-'));
    const target = s3.storage((await s3.bucket()).name);
    try {
      await restoreBackup({ file, database, media: target });
      expect(Object.fromEntries(await target.list())).toEqual(Object.fromEntries(stored));
      expect(existsSync(path.join(dataDir, 'media'))).toBe(false);
      expect((await database.db.select().from(articles)).map((a) => a.title)).toEqual(['బ్యాకప్']);

      // Not empty now: refused, naming the bucket; --force replaces rows and objects (an extra one goes).
      const again = await restoreBackup({ file, database, media: target }).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(BackupError);
      expect((again as Error).message).toMatch(
        /media files\): restore into an empty DATA_DIR or database \(with the bucket "media-[0-9a-f]+" empty\), or pass --force/,
      );
      await target.put('stray-320.webp', Buffer.from('x'));
      await restoreBackup({ file, database, media: target, force: true });
      expect(Object.fromEntries(await target.list())).toEqual(Object.fromEntries(stored));
    } finally {
      await database.close();
      await pg?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('media:migrate copies a folder into a bucket and back: counts, lengths checked, safe to run again', async () => {
    const dir = path.join(work, 'media');
    const local = createLocalMediaStorage(dir);
    for (let i = 0; i < 5; i++) await local.put(`k${i}-320.webp`, Buffer.alloc(100 + i, i));
    await writeFile(path.join(dir, 'k9-320.webp.abc123.tmp'), 'half'); // a write in progress: not a stored file
    const into = s3.storage((await s3.bucket()).name);

    expect(await migrateMedia(local, into)).toMatchObject({ total: 5, copied: 5, alreadyThere: 0, failed: [], bytes: 510 });
    expect(Object.fromEntries(await into.list())).toEqual(Object.fromEntries(await local.list()));
    // Again: nothing to do. One object cut short (an interrupted copy): only it is copied.
    expect(await migrateMedia(local, into)).toMatchObject({ copied: 0, alreadyThere: 5, failed: [] });
    await into.put('k2-320.webp', Buffer.from('cut'));
    expect(await migrateMedia(local, into)).toMatchObject({ copied: 1, alreadyThere: 4, failed: [] });
    expect(await into.size('k2-320.webp')).toBe(102);

    // And back into an empty folder (--to local).
    const back = createLocalMediaStorage(path.join(work, 'back'));
    expect(await migrateMedia(into, back)).toMatchObject({ total: 5, copied: 5, failed: [] });
    expect(await back.get('k4-320.webp')).toEqual(Buffer.alloc(104, 4));
  });
});
