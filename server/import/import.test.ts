// The WordPress import end to end, on PGlite and PostgreSQL: a generated export with real JPEG/PNG
// files in an uploads folder, statuses and skips, pictures through the image pipeline, reporters,
// categories, tags as search text, idempotence, dry run, the 301s over HTTP, and the CLI (malformed
// file, locked data directory, resume after a kill).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { createMigratedPgDatabase, openPgliteCopy } from '../test/databases.ts';
import { openDatabase } from '../db/client.ts';
import { folderSnapshot } from '../test/resources.ts';
import {
  articleCategories,
  articleImages,
  articles,
  categories,
  images,
  legacyRedirects,
  users,
  wordpressImports,
} from '../db/schema.ts';
import { createWordpressImporter, type ImportReport } from './service.ts';
import { buildExport, type FixturePost } from './fixtures.ts';

const SITE = 'https://news.example.org';
const up = (p: string) => `${SITE}/wp-content/uploads/${p}`;

/** A photo-like JPEG with EXIF (a camera model and GPS-ish comment) and a PNG. */
async function photo(width: number, height: number, seed: number, format: 'jpeg' | 'png') {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * seed * 31 + (i >> 7)) & 255;
  const img = sharp(noise, { raw: { width, height, channels: 3 } });
  return format === 'jpeg'
    ? img
        .withExif({ IFD0: { Make: 'SecretCam', Model: 'X100', Copyright: 'GPS 17.38N 78.48E' } })
        .jpeg({ quality: 80 })
        .toBuffer()
    : img.png().toBuffer();
}

const posts: FixturePost[] = [
  // Attachments (their ids are what featured images and galleries name).
  { id: 100, title: 'photo', type: 'attachment', attachmentUrl: up('2019/05/photo.jpg'), parent: 1 },
  { id: 101, title: 'chart', type: 'attachment', attachmentUrl: up('2019/05/chart.png'), parent: 1 },
  { id: 102, title: 'g1', type: 'attachment', attachmentUrl: up('2019/06/g1.jpg'), parent: 2 },
  { id: 103, title: 'gone', type: 'attachment', attachmentUrl: up('2019/06/gone.jpg'), parent: 2 },
  {
    id: 1,
    title: 'హైదరాబాద్‌లో భారీ వర్షం &#8211; Rain',
    creator: 'ravi',
    date: '2019-05-03 08:30:00',
    slug: 'heavy-rain',
    categories: ['telangana'],
    tags: ['వాతావరణం', 'monsoon'],
    thumbnailId: 100,
    content: `నగరంలో వర్షం కురిసింది.\nరోడ్లు జలమయం.\n\n[caption id="attachment_101" width="300"]<img class="wp-image-101" src="${up('2019/05/chart-300x200.png')}" /> వర్షపాతం[/caption]\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\n[contact-form-7 id="5"]`,
  },
  {
    id: 2,
    title: 'Block draft',
    creator: 'sita',
    date: '2019-06-10 12:00:00',
    categories: ['sports'],
    content:
      '<!-- wp:paragraph --><p>Match report</p><!-- /wp:paragraph -->\n<!-- wp:gallery {"ids":[102,103]} --><figure class="wp-block-gallery"><ul></ul></figure><!-- /wp:gallery -->',
    status: 'draft',
  },
  { id: 3, title: 'Pending with no picture', creator: 'ravi', status: 'pending', categories: ['news'] },
  { id: 4, title: 'Private', status: 'private' },
  { id: 5, title: 'Trashed', status: 'trash' },
  { id: 6, title: 'About', type: 'page' },
  { id: 7, title: 'Menu', type: 'nav_menu_item' },
  { id: 8, title: 'Rev', type: 'revision', status: 'inherit' },
  { id: 9, title: 'Secret', password: 'pw' },
  {
    id: 11,
    title: 'Big original',
    creator: 'sita',
    categories: ['sports'],
    content: `<img src="${up('2020/02/big.jpg')}" />Too big to upload as it is.`,
  },
  {
    id: 10,
    title: 'Many pictures',
    creator: 'ravi',
    categories: ['sports', 'news'],
    content: [1, 2, 3, 4, 5].map((n) => `<img src="${up(`2020/01/p${n}.jpg`)}" />`).join('\n'),
  },
];

const exportXml = () =>
  buildExport({
    site: SITE,
    authors: [
      { login: 'ravi', email: 'ravi@example.org', displayName: 'రవి కుమార్' },
      { login: 'sita', email: 'sita@example.org', displayName: 'Sita' },
    ],
    categories: [
      { nicename: 'news', name: 'వార్తలు' },
      { nicename: 'telangana', name: 'తెలంగాణ', parent: 'news' },
      { nicename: 'sports', name: 'క్రీడలు' },
    ],
    posts,
  });

let dir: string;
let uploads: string;
let exportFile: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wp-import-'));
  uploads = path.join(dir, 'uploads');
  for (const sub of ['2019/05', '2019/06', '2020/01']) await mkdir(path.join(uploads, sub), { recursive: true });
  await writeFile(path.join(uploads, '2019/05/photo.jpg'), await photo(900, 600, 3, 'jpeg'));
  // Only the original of the chart exists: the resized copy the content names is looked up as it.
  await writeFile(path.join(uploads, '2019/05/chart.png'), await photo(400, 300, 5, 'png'));
  await writeFile(path.join(uploads, '2019/06/g1.jpg'), await photo(640, 480, 7, 'jpeg'));
  // An original over the 2 MB upload limit (random pixels do not compress) and WordPress's smaller copies.
  const { randomBytes } = await import('node:crypto');
  await mkdir(path.join(uploads, '2020/02'), { recursive: true });
  const big = await sharp(randomBytes(1800 * 1350 * 3), { raw: { width: 1800, height: 1350, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
  await writeFile(path.join(uploads, '2020/02/big.jpg'), big);
  await writeFile(path.join(uploads, '2020/02/big-1024x768.jpg'), await photo(1024, 768, 21, 'jpeg'));
  await writeFile(path.join(uploads, '2020/02/big-300x225.jpg'), await photo(300, 225, 22, 'jpeg'));
  for (let n = 1; n <= 5; n++) await writeFile(path.join(uploads, `2020/01/p${n}.jpg`), await photo(320, 240, 10 + n, 'jpeg'));
  exportFile = path.join(dir, 'export.xml');
  await writeFile(exportFile, exportXml());
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('WordPress import', () => {
  const t = useTestApp({ listen: true });
  let report: ImportReport;
  beforeAll(async () => {
    report = await createWordpressImporter(t.services).run({ file: exportFile, uploadsDir: uploads });
  }, 120_000);

  const articleByTitle = async (title: string) => {
    const [row] = await t.services.db.select().from(articles).where(eq(articles.title, title));
    return row;
  };
  const picturesOf = (id: number) =>
    t.services.db
      .select({ key: images.key, position: articleImages.position })
      .from(articleImages)
      .innerJoin(images, eq(images.id, articleImages.imageId))
      .where(eq(articleImages.articleId, id))
      .orderBy(asc(articleImages.position));

  it('reports what it imported and why it skipped the rest', () => {
    expect(report.imported).toEqual({ approved: 3, pending: 2 });
    expect(report.skipped).toEqual({
      attachment: 4,
      private: 1,
      trash: 1,
      page: 1,
      'menu item': 1,
      revision: 1,
      'password-protected': 1,
    });
    expect(report.failed).toEqual([]);
    expect(report.imagesMissing).toEqual([{ post: 'Block draft', url: up('2019/06/gone.jpg'), reason: 'file not found' }]);
    expect(report.generatedCovers.map((c) => c.post)).toEqual(['Pending with no picture']);
    expect(report.categoriesCreated.sort()).toEqual(['క్రీడలు', 'వార్తలు', 'వార్తలు › తెలంగాణ'].sort());
  });

  it('published posts are APPROVED with their dates; drafts and pending posts are PENDING', async () => {
    const rain = await articleByTitle('హైదరాబాద్‌లో భారీ వర్షం – Rain');
    expect(rain.approvalStatus).toBe('APPROVED');
    expect(rain.publicationDate.toISOString()).toBe('2019-05-03T08:30:00.000Z');
    expect(rain.author).toBe('రవి కుమార్');
    expect((await articleByTitle('Block draft')).approvalStatus).toBe('PENDING');
    expect((await articleByTitle('Pending with no picture')).approvalStatus).toBe('PENDING');
    const [{ total }] = await t.services.db.select({ total: count() }).from(articles);
    expect(total).toBe(5);
  });

  it('content: paragraphs, caption figure, the YouTube video, shortcodes gone; tags are topics, searchable', async () => {
    const rain = await articleByTitle('హైదరాబాద్‌లో భారీ వర్షం – Rain');
    expect(rain.content).toBe('<p>నగరంలో వర్షం కురిసింది.<br />\nరోడ్లు జలమయం.</p>\n<figure><figcaption>వర్షపాతం</figcaption></figure>');
    expect(rain.youtubeVideoId).toBe('dQw4w9WgXcQ');
    expect(rain.content).not.toContain('monsoon');
    const res = await fetch(`${t.baseUrl}/api/public/articles/search?query=monsoon`);
    const body = (await res.json()) as { content: { id: number }[] };
    expect(body.content.map((a) => a.id)).toEqual([rain.id]);
    const page = (await (await fetch(`${t.baseUrl}/api/public/articles/${rain.id}`)).json()) as {
      content: string;
      categories: { name: string }[];
      tags: { name: string; slug: string; url: string }[];
    };
    expect(page.content).not.toContain('monsoon');
    // <category domain="post_tag"> becomes the story's topics.
    expect(page.tags.map((x) => x.slug)).toEqual(['వాతావరణం', 'monsoon']);
    expect(page.categories.map((c) => c.name)).toEqual(['వార్తలు › తెలంగాణ']);
  });

  it('pictures: featured first, content next, at most 4, re-encoded without EXIF; a generated cover otherwise', async () => {
    const rain = await articleByTitle('హైదరాబాద్‌లో భారీ వర్షం – Rain');
    const rainPictures = await picturesOf(rain.id);
    expect(rainPictures).toHaveLength(2);
    const { readFile } = await import('node:fs/promises');
    const featured = await t.services.images.prepare(
      { filename: 'photo.jpg', data: await readFile(path.join(uploads, '2019/05/photo.jpg')) },
      'article',
    );
    expect(rainPictures[0].key).toBe(featured.key);
    const media = await readdir(path.join(t.dataDir, 'media'));
    const stored = media.find((f) => f.startsWith(rainPictures[0].key) && f.endsWith('.webp'))!;
    const meta = await sharp(path.join(path.join(t.dataDir, 'media'), stored)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    expect(await picturesOf((await articleByTitle('Many pictures')).id)).toHaveLength(4);
    // The 2 MB original is replaced by the largest copy WordPress made of it.
    const bigCopy = await t.services.images.prepare(
      { filename: 'b.jpg', data: await readFile(path.join(uploads, '2020/02/big-1024x768.jpg')) },
      'article',
    );
    expect((await picturesOf((await articleByTitle('Big original')).id)).map((p) => p.key)).toEqual([bigCopy.key]);
    expect(await picturesOf((await articleByTitle('Block draft')).id)).toHaveLength(1);
    const cover = await articleByTitle('Pending with no picture');
    expect(await picturesOf(cover.id)).toHaveLength(1);
    expect(report.generatedCovers[0].articleId).toBe(cover.id);
  });

  it('categories keep their order, the first is primary; authors are REPORTER accounts with printed passwords', async () => {
    const many = await articleByTitle('Many pictures');
    const cats = await t.services.db
      .select({ name: categories.name })
      .from(articleCategories)
      .innerJoin(categories, eq(categories.id, articleCategories.categoryId))
      .where(eq(articleCategories.articleId, many.id))
      .orderBy(asc(articleCategories.position));
    expect(cats.map((c) => c.name)).toEqual(['క్రీడలు', 'వార్తలు']);

    expect(report.reporters.map((r) => r.username).sort()).toEqual(['ravi', 'sita']);
    const ravi = report.reporters.find((r) => r.username === 'ravi')!;
    expect(ravi.password).toMatch(/^[\w-]{16}$/);
    const [account] = await t.services.db.select().from(users).where(eq(users.username, 'ravi'));
    expect(account).toMatchObject({ role: 'REPORTER', email: 'ravi@example.org' });
    const login = await fetch(`${t.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ username: 'ravi', password: ravi.password }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { role: string }).role).toBe('REPORTER');
  });

  it('old permalinks answer 301 to the new article over HTTP; the site pages do not', async () => {
    const rain = await articleByTitle('హైదరాబాద్‌లో భారీ వర్షం – Rain');
    for (const old of ['/?p=1', '/2019/05/heavy-rain/', '/2019/05/03/heavy-rain', '/index.php?p=1']) {
      const res = await fetch(`${t.baseUrl}${old}`, { redirect: 'manual' });
      expect(res.status, old).toBe(301);
      expect(res.headers.get('location'), old).toBe(`/article/${rain.id}`);
    }
    const [{ total }] = await t.services.db.select({ total: count() }).from(legacyRedirects);
    // Each post: ?p=ID, its link (which is /YYYY/MM/slug here) and /YYYY/MM/DD/slug.
    expect(total).toBe(5 * 3);
    expect((await fetch(`${t.baseUrl}/?p=999`, { redirect: 'manual' })).status).not.toBe(301);
    expect((await fetch(`${t.baseUrl}/2019/05/nothing-here/`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/public/articles/${rain.id}`, { redirect: 'manual' })).status).toBe(200);
  });

  it('re-running the same file imports nothing twice', async () => {
    const again = await createWordpressImporter(t.services).run({ file: exportFile, uploadsDir: uploads });
    expect(again.imported).toEqual({ approved: 0, pending: 0 });
    expect(again.alreadyImported).toBe(5);
    expect(again.reporters.every((r) => r.existing)).toBe(true);
    expect(again.categoriesCreated).toEqual([]);
    const [{ total }] = await t.services.db.select({ total: count() }).from(articles);
    expect(total).toBe(5);
    const [{ imports }] = await t.services.db.select({ imports: count() }).from(wordpressImports);
    expect(imports).toBe(5);
  });
});

describe('WordPress import, dry run', () => {
  const t = useTestApp();

  it('reports the same outcome and writes nothing', async () => {
    const report = await createWordpressImporter(t.services).run({ file: exportFile, uploadsDir: uploads, dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.imported).toEqual({ approved: 3, pending: 2 });
    expect(report.skipped.attachment).toBe(4);
    expect(report.generatedCovers).toHaveLength(1);
    expect(report.reporters.map((r) => [r.username, r.password])).toEqual([
      ['ravi', undefined],
      ['sita', undefined],
    ]);
    expect(report.categoriesCreated).toHaveLength(3);
    for (const table of [articles, users, categories, images, wordpressImports, legacyRedirects]) {
      const [{ total }] = await t.services.db.select({ total: count() }).from(table);
      expect(total).toBe(0);
    }
    expect(await readdir(path.join(t.dataDir, 'media')).catch(() => [])).toEqual([]);
  });
});

/** Commands still running (a timed-out test's): killed at the end so none keeps a database locked. */
const running = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

/** Runs the CLI; `until` may kill it early once its output says so. */
function runCli(args: string[], env: Record<string, string>, until?: (stdout: string, kill: () => void) => void) {
  return new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/import-wordpress.ts', ...args], {
      // NODE_ENV=test: pictures at the fastest encoder settings, as in every test (server/media/images.ts).
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      until?.(stdout, () => child.kill('SIGKILL'));
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe('the import:wordpress command', () => {
  let target: { env: Record<string, string>; open(): ReturnType<typeof openDatabase>; drop(): Promise<void> };
  beforeAll(async () => {
    // A migrated database to start from, as a server that has run once leaves it.
    if (TEST_DB === 'postgres') {
      const pg = await createMigratedPgDatabase('import');
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wp-cli-'));
      target = {
        env: { DATABASE_URL: pg.url, DATA_DIR: dataDir },
        open: () => openDatabase({ databaseUrl: pg.url }),
        drop: async () => {
          await pg.drop();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    } else {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wp-cli-'));
      await (await openPgliteCopy(dataDir)).close();
      target = {
        env: { DATA_DIR: dataDir },
        open: () => openDatabase({ dataDir }),
        drop: () => rm(dataDir, { recursive: true, force: true }),
      };
    }
  });
  afterAll(() => target.drop());

  // Each run of the command starts Node, opens and migrates the database: slow on a busy machine.
  it('a malformed file stops with its line, column and what was expected', { timeout: 180_000 }, async () => {
    const broken = path.join(dir, 'broken.xml');
    const xml = buildExport({ posts: [{ id: 1, title: 'one' }] }).replace('</wp:status>', '</wp:statuss>');
    await writeFile(broken, xml);
    const line = xml.split('\n').findIndex((l) => l.includes('</wp:statuss>')) + 1;
    const result = await runCli([broken], target.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`The export cannot be read: broken\\.xml:${line}:\\d+: unexpected close tag\\.; expected </wp:status>`),
    );
  });

  it('resumes after a kill: every post once, none half-written', { timeout: 400_000 }, async () => {
    // 30 posts with generated covers: slow enough to be killed part-way.
    const many = path.join(dir, 'many.xml');
    const list: FixturePost[] = Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      title: `వార్త ${i + 1}`,
      content: `Story ${i + 1}`,
      categories: ['news'],
    }));
    await writeFile(many, buildExport({ categories: [{ nicename: 'news', name: 'వార్తలు' }], posts: list }));
    const first = await runCli([many], target.env, (stdout, kill) => {
      const done = [...stdout.matchAll(/progress: (\d+)\/30/g)].map((m) => Number(m[1]));
      if (done.some((n) => n >= 3 && n < 30)) kill();
    });
    expect(first.signal).toBe('SIGKILL');

    const second = await runCli([many], target.env);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    const imported = Number(/Imported: (\d+) posts/.exec(second.stdout)![1]);
    const already = Number(/Already imported \(skipped\): (\d+)/.exec(second.stdout)![1]);
    expect(already).toBeGreaterThanOrEqual(3);
    expect(imported + already).toBe(30);

    const database = await target.open();
    try {
      const [{ total }] = await database.db.select({ total: count() }).from(articles);
      const [{ imports }] = await database.db.select({ imports: count() }).from(wordpressImports);
      const [{ pictures }] = await database.db.select({ pictures: count() }).from(articleImages);
      expect([total, imports, pictures]).toEqual([30, 30, 30]);
    } finally {
      await database.close();
    }
  });

  it(
    '--dry-run leaves DATA_DIR exactly as it was (an empty one empty), and no picture is read through a link out of --uploads',
    { timeout: 240_000 },
    async () => {
      // A file outside the uploads folder, and a link to it inside: a post naming the link.
      const outside = path.join(dir, 'outside');
      await mkdir(outside, { recursive: true });
      await writeFile(path.join(outside, 'secret.jpg'), await photo(200, 150, 9, 'jpeg'));
      await mkdir(path.join(uploads, '2021/01'), { recursive: true });
      await symlink(path.join(outside, 'secret.jpg'), path.join(uploads, '2021/01/escape.jpg'));
      const linked = path.join(dir, 'linked.xml');
      await writeFile(
        linked,
        buildExport({
          posts: [
            // Ids no other test imports: on PostgreSQL the file's tests share one database.
            { id: 7200, title: 'escape', type: 'attachment', attachmentUrl: up('2021/01/escape.jpg'), parent: 7007 },
            { id: 7201, title: 'g1', type: 'attachment', attachmentUrl: up('2019/06/g1.jpg'), parent: 7008 },
            { id: 7007, title: 'linked picture', thumbnailId: 7200, content: 'x' },
            { id: 7008, title: 'real picture', thumbnailId: 7201, content: 'y' },
          ],
        }),
      );
      const empty = await mkdtemp(path.join(os.tmpdir(), 'wp-empty-'));
      try {
        const onEmpty = await runCli([linked, '--uploads', uploads, '--dry-run'], {
          ...target.env,
          DATA_DIR: empty,
        });
        expect(onEmpty.stderr).toBe('');
        expect(onEmpty.code).toBe(0);
        expect(onEmpty.stdout).toContain('Dry run: nothing was written.');
        expect(onEmpty.stdout).toContain('Would import: 2 posts');
        expect(onEmpty.stdout).toContain(
          `linked picture: ${up('2021/01/escape.jpg')} (a link that leads outside the uploads folder)`,
        );
        expect(onEmpty.stdout).not.toContain('real picture:');
        expect(await readdir(empty)).toEqual([]);

        // A data directory in use before: every file as it was, byte for byte.
        const before = await folderSnapshot(target.env.DATA_DIR);
        const onUsed = await runCli([linked, '--uploads', uploads, '--dry-run'], target.env);
        expect(onUsed.code).toBe(0);
        expect(onUsed.stdout).toContain('Dry run: nothing was written.');
        expect(await folderSnapshot(target.env.DATA_DIR)).toEqual(before);
      } finally {
        await rm(empty, { recursive: true, force: true });
        await rm(path.join(uploads, '2021'), { recursive: true, force: true });
      }
    },
  );

  it(
    'on the embedded database, says the server must be stopped while it holds the data directory',
    { timeout: 180_000 },
    async () => {
      if (TEST_DB === 'postgres') return;
      const database = await target.open();
      try {
        const result = await runCli([exportFile], target.env);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`is in use by process ${process.pid}`);
        expect(result.stderr).toContain('stop the server, run the import, start the server again');
      } finally {
        await database.close();
      }
    },
  );
});
