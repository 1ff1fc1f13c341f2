// Media in an S3-compatible bucket (MEDIA_STORAGE=s3), against s3rver on loopback: uploads, /media,
// removals, MEDIA_PUBLIC_URL, a bucket out of reach, and two instances sharing one bucket.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../test/app.ts';
import { createMigratedPgDatabase } from '../test/databases.ts';
import { startTestBucketServer, type TestBucketServer } from '../test/s3.ts';
import { addCategory, multipart } from '../test/fixtures.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { articles, images, users } from '../db/schema.ts';
import { createServices } from '../services.ts';
import { buildApp } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { MEDIA_CACHE_CONTROL, MediaStorageUnavailable } from './s3.ts';
import type { Article } from '../../contract/articles.ts';
import { API } from '../../contract/api.ts';

const picture = (width: number, colour: string) =>
  sharp({ create: { width, height: Math.round(width / 2), channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

const article = (categoryId: number) => ({
  title: 'బకెట్‌లో చిత్రాలు',
  author: 'రవి',
  content: '<p>చిత్రాలు బకెట్‌లో ఉంటాయి.</p>',
  youtubeVideoId: '',
  categoryIds: [categoryId],
  region: 'హైదరాబాద్',
});

function upload(app: TestApp['app'], cookie: string, categoryId: number, files: Buffer[]) {
  const body = multipart([
    { name: 'article', value: JSON.stringify(article(categoryId)) },
    ...files.map((data, i) => ({ name: 'images', filename: `photo${i}.jpg`, data, type: 'image/jpeg' })),
  ]);
  return app.inject({ method: 'POST', url: '/api/articles', payload: body.payload, headers: { ...body.headers, cookie } });
}

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
/** Every stored name of an article's pictures: each variant of its srcset and the share JPEG. */
const namesOf = (a: Article) =>
  a.images.flatMap((i) => [...i.srcset.split(', ').map((s) => nameOf(s.split(' ')[0])), nameOf(i.shareUrl)]).sort();

async function closedPort() {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe(`media in an S3 bucket (${TEST_DB})`, { timeout: 60_000 }, () => {
  let s3: TestBucketServer;
  let photo: Buffer;
  let photo2: Buffer;
  beforeAll(async () => {
    s3 = await startTestBucketServer();
    [photo, photo2] = await Promise.all([picture(700, '#c0392b'), picture(600, '#2980b9')]);
  });
  afterAll(() => s3?.close());

  it('the storage keeps, reads, sizes, lists and removes objects, each with its type and a year of caching', async () => {
    const { name } = await s3.bucket();
    const storage = s3.storage(name);
    await storage.put('k1-320.webp', Buffer.from('RIFF0000WEBPVP8 '));
    await storage.put('k1-share.jpg', Buffer.from('jpeg'));
    expect(await storage.get('k1-share.jpg')).toEqual(Buffer.from('jpeg'));
    expect(await storage.size('k1-320.webp')).toBe(16);
    expect(await storage.size('missing-320.webp')).toBeUndefined();
    expect(await storage.get('missing-320.webp')).toBeUndefined();
    expect(Object.fromEntries(await storage.list())).toEqual({ 'k1-320.webp': 16, 'k1-share.jpg': 4 });
    const object = await storage.open('k1-320.webp', {});
    object?.body?.resume();
    expect(object?.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': MEDIA_CACHE_CONTROL });
    await storage.remove('k1-320.webp');
    await storage.remove('k1-320.webp'); // gone already: no error
    expect([...(await storage.list()).keys()]).toEqual(['k1-share.jpg']);
    await expect(storage.put('../db', Buffer.from('x'))).rejects.toThrow(/unsafe media name/);
  });

  describe('a site on the bucket', () => {
    let site: TestApp;
    let bucket: string;
    let categoryId: number;
    let reporter: string;
    beforeAll(async () => {
      const made = await s3.bucket();
      bucket = made.name;
      site = await createTestApp({ env: made.env });
      categoryId = (await addCategory(site.services.db, 'రాజకీయాలు')).id;
      [{ cookie: reporter }] = await site.signInAs('REPORTER');
    });
    afterAll(() => site?.close());

    it('puts every variant in the bucket, nothing under DATA_DIR/media, and /media streams them with the folder’s headers', async () => {
      const res = await upload(site.app, reporter, categoryId, [photo]);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<Article>();
      expect(created.images[0].url).toMatch(/^\/media\/[0-9a-f]{32}-700\.webp$/);
      const names = namesOf(created);
      expect(names).toHaveLength(4); // 320, 480, 700 and the share JPEG
      expect([...(await s3.storage(bucket).list()).keys()].sort()).toEqual(names);
      expect(existsSync(path.join(site.dataDir, 'media'))).toBe(false);

      const served = await site.app.inject({ method: 'GET', url: created.images[0].url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
      expect(served.rawPayload).toEqual(await s3.storage(bucket).get(nameOf(created.images[0].url)));
      expect((await sharp(served.rawPayload).metadata()).width).toBe(700);
      const etag = served.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await site.app.inject({ method: 'GET', url: created.images[0].url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const share = await site.app.inject({ method: 'GET', url: created.images[0].shareUrl });
      expect(share.headers['content-type']).toBe('image/jpeg');

      for (const url of ['/media/ffff-320.webp', '/media/../db/x', '/media/.hidden', '/media/a/b.webp'])
        expect((await site.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    });

    // Review finding: /media/<any flat name> streamed any object of the bucket with the server's keys.
    it('/media/ streams only the names pictures get: a backup or any other object in the same bucket is 404', async () => {
      const storage = s3.storage(bucket);
      const pictures = [...(await storage.list()).keys()];
      expect(pictures.length).toBeGreaterThan(0);
      const others: Record<string, string> = {
        'backup.tar.gz': 'the whole site',
        'backup-2026-11-23T21-40-00Z.tar.gz': 'the whole site',
        'users.sql': 'password hashes',
        'notes.txt': 'minutes of the meeting',
        'ffff-320.webp': 'not a key',
        [`${'a'.repeat(32)}-320.webp.bak`]: 'a copy',
        [`${'A'.repeat(32)}-320.webp`]: 'upper case',
      };
      try {
        for (const [name, text] of Object.entries(others)) await storage.put(name, Buffer.from(text));
        for (const [name, text] of Object.entries(others))
          for (const method of ['GET', 'HEAD'] as const) {
            const res = await site.app.inject({ method, url: `/media/${name}` });
            expect(res.statusCode, `${method} ${name}`).toBe(404);
            expect(res.body, name).not.toContain(text);
          }
        // The pictures still come from the same bucket.
        for (const name of pictures)
          expect((await site.app.inject({ method: 'GET', url: `/media/${name}` })).statusCode, name).toBe(200);
      } finally {
        for (const name of Object.keys(others)) await storage.remove(name);
      }
    });

    it('deletes the objects of a removed picture', async () => {
      const res = await upload(site.app, reporter, categoryId, [photo2]);
      const created = res.json<Article>();
      const before = await s3.storage(bucket).list();
      for (const name of namesOf(created)) expect(before.has(name)).toBe(true);
      const removed = await site.api(API.articles.remove, { params: { id: created.id }, cookie: reporter });
      expect(removed.statusCode).toBe(204);
      await site.services.images.settled();
      const after = await s3.storage(bucket).list();
      for (const name of namesOf(created)) expect(after.has(name), name).toBe(false);
      // The first article's pictures stay.
      expect(after.size).toBe(4);
    });

    it('a write the bucket refuses half-way: 503 naming the media storage, no article, no object left', async () => {
      const articlesBefore = (await site.services.db.select({ id: articles.id }).from(articles)).length;
      const objectsBefore = await s3.storage(bucket).list();
      const put = site.services.storage.put.bind(site.services.storage);
      let calls = 0;
      const spy = vi.spyOn(site.services.storage, 'put').mockImplementation(async (name, data) => {
        // Two objects land, then the bucket stops answering.
        if (++calls > 2) throw new MediaStorageUnavailable(bucket, new Error('connection reset'));
        await put(name, data);
      });
      try {
        const res = await upload(site.app, reporter, categoryId, [await picture(900, '#16a085')]);
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toMatch(/media storage \(bucket "media-[0-9a-f]+"\) cannot be reached, so nothing was saved/);
        expect(res.headers['retry-after']).toBe('30');
      } finally {
        spy.mockRestore();
      }
      expect(calls).toBeGreaterThan(2);
      expect((await site.services.db.select({ id: articles.id }).from(articles)).length).toBe(articlesBefore);
      expect([...(await s3.storage(bucket).list()).keys()]).toEqual([...objectsBefore.keys()]);
    });
  });

  it('a bucket out of reach: the reporter gets a 503 naming the media storage; no row, nothing on disk', async () => {
    const { env } = await s3.bucket();
    const site = await createTestApp({ env: { ...env, S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` } });
    const quiet = vi.spyOn(site.services.log as Console, 'warn').mockImplementation(() => {});
    try {
      const categoryId = (await addCategory(site.services.db, 'క్రీడలు')).id;
      const [{ cookie }] = await site.signInAs('REPORTER');
      const res = await upload(site.app, cookie, categoryId, [photo]);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(
        /^The media storage \(bucket "media-[0-9a-f]+"\) cannot be reached, so nothing was saved\. Try again in a moment\.$/,
      );
      expect(await site.services.db.select().from(articles)).toEqual([]);
      expect(await site.services.db.select().from(images)).toEqual([]);
      expect(existsSync(path.join(site.dataDir, 'media'))).toBe(false);
      // A picture asked for meanwhile: 503 too, not a broken 500.
      expect((await site.app.inject({ method: 'GET', url: `/media/${'ab'.repeat(16)}-320.webp` })).statusCode).toBe(503);
    } finally {
      quiet.mockRestore();
      await site.close();
    }
  });

  it('MEDIA_PUBLIC_URL: pages and the API link the pictures there, the feed too, and the policy allows it', async () => {
    const { env, name } = await s3.bucket();
    const site = await createTestApp({ env: { ...env, MEDIA_PUBLIC_URL: 'https://cdn.example/news/' } });
    try {
      const categoryId = (await addCategory(site.services.db, 'సినిమా')).id;
      const [reporter, admin] = await site.signInAs('REPORTER', 'ADMIN');
      const created = (await upload(site.app, reporter.cookie, categoryId, [photo])).json<Article>();
      const image = created.images[0];
      expect(image.url).toMatch(/^https:\/\/cdn\.example\/news\/[0-9a-f]{32}-700\.webp$/);
      expect(image.shareUrl).toMatch(/^https:\/\/cdn\.example\/news\/[0-9a-f]{32}-share\.jpg$/);
      for (const entry of image.srcset.split(', ')) expect(entry).toMatch(/^https:\/\/cdn\.example\/news\/\S+ \d+w$/);
      expect((await site.api(API.review.approve, { params: { id: created.id }, cookie: admin.cookie })).statusCode).toBe(200);
      const shown = (await site.api(API.publicArticles.one, { params: { id: created.id } })).json<Article>();
      expect(shown.images[0].url).toBe(image.url);
      // The same article edited with the links the API gave keeps its picture.
      const kept = multipart([
        { name: 'article', value: JSON.stringify({ ...article(categoryId), title: 'మార్చిన శీర్షిక', imageOrder: [image.url] }) },
      ]);
      const edited = await site.api(API.articles.update, { params: { id: created.id }, cookie: admin.cookie, form: kept });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<Article>().images.map((i) => i.url)).toEqual([image.url]);

      const feed = await site.app.inject({ method: 'GET', url: '/rss.xml' });
      const length = await s3.storage(name).size(nameOf(image.shareUrl));
      expect(feed.body).toContain(`<enclosure url="${image.shareUrl}" length="${length}" type="image/jpeg"/>`);
      const csp = String((await site.api(API.categories.list)).headers['content-security-policy']);
      expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example(;|$)/);
      // /media/ on the site still answers (links made before the switch).
      expect((await site.app.inject({ method: 'GET', url: `/media/${nameOf(image.url)}` })).statusCode).toBe(200);
    } finally {
      await site.close();
    }
  });

  describe.runIf(TEST_DB === 'postgres')('two instances, separate DATA_DIRs, one PostgreSQL and one bucket', () => {
    it('serve each other’s uploads and removals', async () => {
      const { env, name } = await s3.bucket();
      const pg = await createMigratedPgDatabase('s3');
      const instances = await Promise.all(
        [0, 1].map(async () => {
          const dataDir = await mkdtemp(path.join(os.tmpdir(), 's3-instance-'));
          const config = loadConfig({ ...env, DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: pg.url });
          const database = await openDatabase({ databaseUrl: pg.url });
          const services = createServices({ config, database, log: { ...console, info() {}, debug() {} } as unknown as Console });
          const app = await buildApp({ services, checkResponses: true });
          await app.ready();
          return { dataDir, database, services, app, config };
        }),
      );
      const [a, b] = instances;
      try {
        const categoryId = (await addCategory(a.services.db, 'వ్యాపారం')).id;
        const [user] = await a.services.db
          .insert(users)
          .values({
            username: 'reporter_s3',
            email: 'reporter_s3@example.com',
            passwordHash: await hashPassword('secret123'),
            role: 'REPORTER',
          })
          .returning();
        const session = await a.services.sessions.create(user.id);
        const cookie = `${a.config.sessionCookie}=${session.token}`;

        const res = await upload(a.app, cookie, categoryId, [photo, photo2]);
        expect(res.statusCode, res.body).toBe(201);
        const created = res.json<Article>();
        // Instance B serves what A stored: the API and every file.
        const seen = await b.app.inject({ method: 'GET', url: `/api/reporter/articles/${created.id}`, headers: { cookie } });
        expect(seen.json<Article>().images.map((i) => i.url)).toEqual(created.images.map((i) => i.url));
        for (const file of namesOf(created)) {
          const fromB = await b.app.inject({ method: 'GET', url: `/media/${file}` });
          expect(fromB.statusCode, file).toBe(200);
          expect(fromB.rawPayload).toEqual(await s3.storage(name).get(file));
        }
        // B removes the article: A no longer serves its pictures.
        const removed = await b.app.inject({
          method: 'DELETE',
          url: `/api/reporter/articles/${created.id}`,
          headers: { cookie },
        });
        expect(removed.statusCode).toBe(204);
        await b.services.images.settled();
        for (const file of namesOf(created))
          expect((await a.app.inject({ method: 'GET', url: `/media/${file}` })).statusCode).toBe(404);
        expect((await s3.storage(name).list()).size).toBe(0);
        for (const i of instances) expect(existsSync(path.join(i.dataDir, 'media'))).toBe(false);
        expect(
          await a.services.db
            .select()
            .from(images)
            .where(eq(images.key, nameOf(created.images[0].url).split('-')[0])),
        ).toEqual([]);
      } finally {
        for (const i of instances) {
          await i.app.close();
          i.services.storage.close();
          await i.database.close();
          await rm(i.dataDir, { recursive: true, force: true });
        }
        await pg.drop();
      }
    });
  });
});
