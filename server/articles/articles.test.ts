// The reporter workflow API from outside: every route for anonymous, USER, REPORTER (own and
// another's article) and ADMIN; every rule and message; uploads through POST /api/articles.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addCategories, multipart } from '../test/fixtures.ts';
import { articleCategories, articleImages, articles, images } from '../db/schema.ts';
import { searchFieldsFor, shortDescriptionFor } from './text.ts';
import { API } from '../../contract/api.ts';

const png = (w = 64, h = 48, colour = '#c33') =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();
const jpeg = (colour = '#36c') =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** A JPEG as a phone writes it: camera make and GPS position in EXIF. */
const jpegWithGps = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: '#2a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '17/1 23/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '78/1 29/1 0/1' },
    })
    .toBuffer();

/** A 60 KB-ish PNG that declares 30000 x 30000 pixels: a decompression bomb. */
function pixelBomb() {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30000, 0);
  ihdr.writeUInt32BE(30000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  // Rows of zeros compress to almost nothing; only a few rows are enough for the header to count.
  const rows = deflateSync(Buffer.alloc((30000 + 1) * 64));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const t = useTestApp();
let owner: SignedIn, other: SignedIn, user: SignedIn, admin: SignedIn;
let politics: number, cinema: number, sports: number;

const mediaDir = () => path.join(t.dataDir, 'media');
const mediaFiles = async () => (await readdir(mediaDir()).catch(() => [] as string[])).filter((f) => !f.endsWith('.tmp')).sort();
const articleCount = async () => (await t.services.db.select({ id: articles.id }).from(articles)).length;

const validArticle = (over: Record<string, unknown> = {}) => ({
  title: 'హైదరాబాద్‌లో భారీ వర్షం',
  author: 'రవి కుమార్',
  content: '<p>నగరంలో <strong>భారీ</strong> వర్షం కురిసింది.</p>',
  youtubeVideoId: '',
  categoryIds: [politics],
  region: 'హైదరాబాద్',
  ...over,
});

async function post(cookie: string | undefined, article: unknown, files: { filename: string; data: Buffer; type?: string }[]) {
  const body = multipart([
    ...(article === undefined
      ? []
      : [{ name: 'article', value: typeof article === 'string' ? article : JSON.stringify(article) }]),
    ...files.map((f) => ({ name: 'images', ...f })),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/articles',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

async function put(
  cookie: string | undefined,
  id: number,
  article: unknown,
  query = '',
  files: { filename: string; data: Buffer; type?: string }[] = [],
) {
  const body = multipart([{ name: 'article', value: JSON.stringify(article) }, ...files.map((f) => ({ name: 'images', ...f }))]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/articles/${id}${query}`,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

const get = (cookie: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const del = (cookie: string | undefined, url: string) =>
  t.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });

/** Inserts an article directly (lists and status rules need many, and no upload). */
async function insertArticle(reporterId: number, over: Partial<typeof articles.$inferInsert> = {}, categoryIds = [politics]) {
  const title = over.title ?? 'వార్త';
  const content = over.content ?? '<p>వివరాలు</p>';
  const [row] = await t.services.db
    .insert(articles)
    .values({
      title,
      author: 'రచయిత',
      content,
      region: 'విజయవాడ',
      reporterId,
      shortDescription: shortDescriptionFor(content),
      ...searchFieldsFor(title, content),
      ...over,
    })
    .returning();
  await t.services.db
    .insert(articleCategories)
    .values(categoryIds.map((categoryId, position) => ({ articleId: row.id, categoryId, position })));
  return row;
}

beforeAll(async () => {
  [owner, other, user, admin] = await t.signInAs('REPORTER', 'REPORTER', 'USER', 'ADMIN');
  [politics, cinema, sports] = await addCategories(t.services.db, ['రాజకీయాలు', 'సినిమా', 'క్రీడలు']);
});

describe(`reporter articles API: roles (${TEST_DB})`, () => {
  it('answers 401 to anonymous callers on every route', async () => {
    const a = await insertArticle(owner.id);
    const responses = [
      await post(undefined, validArticle(), [{ filename: 'a.png', data: await png() }]),
      await put(undefined, a.id, validArticle()),
      await get(undefined, `/api/reporter/articles/${a.id}`),
      await del(undefined, `/api/reporter/articles/${a.id}`),
      await get(undefined, '/api/reporter/articles/approved'),
      await get(undefined, '/api/reporter/articles/pending-rejected'),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('message');
    }
    expect(await articleCount()).toBe(1);
    await t.services.db.delete(articles).where(eq(articles.id, a.id));
  });

  it('answers 403 to a USER on every route', async () => {
    const a = await insertArticle(owner.id);
    const responses = [
      await post(user.cookie, validArticle(), [{ filename: 'a.png', data: await png() }]),
      await put(user.cookie, a.id, validArticle()),
      await get(user.cookie, `/api/reporter/articles/${a.id}`),
      await del(user.cookie, `/api/reporter/articles/${a.id}`),
      await get(user.cookie, '/api/reporter/articles/approved'),
      await get(user.cookie, '/api/reporter/articles/pending-rejected'),
    ];
    for (const res of responses) expect(res.statusCode).toBe(403);
    await t.services.db.delete(articles).where(eq(articles.id, a.id));
  });

  it('keeps the /reporter prefix and article creation to reporters: an ADMIN gets 403', async () => {
    const a = await insertArticle(owner.id);
    const responses = [
      await post(admin.cookie, validArticle(), [{ filename: 'a.png', data: await png() }]),
      await get(admin.cookie, `/api/reporter/articles/${a.id}`),
      await del(admin.cookie, `/api/reporter/articles/${a.id}`),
      await get(admin.cookie, '/api/reporter/articles/approved'),
      await get(admin.cookie, '/api/reporter/articles/pending-rejected'),
    ];
    for (const res of responses) expect(res.statusCode).toBe(403);
    await t.services.db.delete(articles).where(eq(articles.id, a.id));
  });
});

describe(`POST /api/articles (${TEST_DB})`, () => {
  it('creates a PENDING article with re-encoded WebP images served immutably under /media', async () => {
    const before = await articleCount();
    const res = await post(owner.cookie, validArticle({ youtubeVideoId: 'dQw4w9WgXcQ' }), [
      { filename: 'first.png', data: await png(), type: 'image/png' },
      { filename: 'second.jpg', data: await jpeg(), type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(201);
    const article = res.json();
    expect(article).toMatchObject({
      title: 'హైదరాబాద్‌లో భారీ వర్షం',
      author: 'రవి కుమార్',
      region: 'హైదరాబాద్',
      youtubeVideoId: 'dQw4w9WgXcQ',
      approvalStatus: 'PENDING',
      reporterName: owner.username,
      categories: [{ id: politics, name: 'రాజకీయాలు' }],
      shortDescription: 'నగరంలో భారీ వర్షం కురిసింది.',
    });
    expect(article.content).toBe('<p>నగరంలో <strong>భారీ</strong> వర్షం కురిసింది.</p>');
    expect(article.imageUrls).toHaveLength(2);
    for (const url of article.imageUrls as string[]) {
      expect(url).toMatch(/^\/media\/[0-9a-f]+-\d+\.webp$/);
      const media = await get(undefined, url);
      expect(media.statusCode).toBe(200);
      expect(media.headers['cache-control']).toMatch(/immutable/);
      expect((await sharp(media.rawPayload).metadata()).format).toBe('webp');
    }
    expect(await articleCount()).toBe(before + 1);
    const [row] = await t.services.db.select().from(articles).where(eq(articles.id, article.id));
    expect(row.searchText).toContain('హైదరాబాద్');
  });

  it('treats an empty video id as none and sanitises the content it stores', async () => {
    const res = await post(
      owner.cookie,
      validArticle({
        content:
          '<p style="text-align: center">వార్త<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">లింక్</a></p>',
      }),
      [{ filename: 'a.png', data: await png() }],
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().youtubeVideoId).toBeNull();
    const content: string = res.json().content;
    expect(content).not.toMatch(/script|onerror|javascript:|<img/i);
    expect(content).toContain('text-align:center');
    expect(content).toContain('వార్త');
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required.'],
    [{ title: '   ' }, 'title', 'Title is required.'],
    [{ author: undefined }, 'author', 'Author is required.'],
    [{ categoryIds: [] }, 'categoryIds', 'Please select a category.'],
    [{ region: '' }, 'region', 'Region is required.'],
    [{ youtubeVideoId: 'short' }, 'youtubeVideoId', 'Invalid YouTube video ID format.'],
    [{ youtubeVideoId: 'dQw4w9WgXc!' }, 'youtubeVideoId', 'Invalid YouTube video ID format.'],
    [{ youtubeVideoId: 'https://www.youtube.com/watch?v=short' }, 'youtubeVideoId', 'Invalid YouTube video ID format.'],
    [{ content: '' }, 'content', 'Write the article before sending it: the content is empty.'],
    [{ content: '<p> </p><h2></h2><p><br></p>' }, 'content', 'Write the article before sending it: the content is empty.'],
    [{ summary: 'అ'.repeat(151) }, 'summary', 'The summary can be at most 150 characters.'],
  ])('refuses %j with %s: "%s", leaving nothing behind', async (over, field, message) => {
    const before = await articleCount();
    const res = await post(owner.cookie, validArticle(over), [{ filename: 'a.png', data: await png() }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await articleCount()).toBe(before);
  });

  it('files a reporter article under exactly one existing category', async () => {
    const two = await post(owner.cookie, validArticle({ categoryIds: [politics, cinema] }), [
      { filename: 'a.png', data: await png() },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Only one category can be selected.');
    const unknown = await post(owner.cookie, validArticle({ categoryIds: [999999] }), [{ filename: 'a.png', data: await png() }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Category 999999 does not exist.');
  });

  it('needs the article part as JSON', async () => {
    const missing = await post(owner.cookie, undefined, [{ filename: 'a.png', data: await png() }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The request must carry an "article" part with the article as JSON.');
    const broken = await post(owner.cookie, '{"title":', [{ filename: 'a.png', data: await png() }]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The "article" part is not valid JSON.');
  });
});

describe(`uploads through POST /api/articles (${TEST_DB})`, () => {
  async function expectRefused(files: { filename: string; data: Buffer; type?: string }[], status: number, message: string) {
    const [rowsBefore, filesBefore, imagesBefore] = [
      await articleCount(),
      await mediaFiles(),
      (await t.services.db.select().from(images)).length,
    ];
    const res = await post(owner.cookie, validArticle(), files);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    // No article row, no image row, no file behind.
    expect(await articleCount()).toBe(rowsBefore);
    expect((await t.services.db.select().from(images)).length).toBe(imagesBefore);
    expect(await mediaFiles()).toEqual(filesBefore);
  }

  it('needs at least one image', async () => {
    await expectRefused([], 400, 'You must upload at least one image.');
  });

  it('refuses five images', async () => {
    const five = await Promise.all(
      ['#111', '#222', '#333', '#444', '#555'].map(async (c, i) => ({ filename: `p${i}.png`, data: await png(40, 30, c) })),
    );
    await expectRefused(five, 400, 'You can upload up to 4 images only.');
  });

  it('accepts four images', async () => {
    const four = await Promise.all(
      ['#a11', '#a22', '#a33', '#a44'].map(async (c, i) => ({ filename: `p${i}.png`, data: await png(40, 30, c) })),
    );
    const res = await post(owner.cookie, validArticle(), four);
    expect(res.statusCode).toBe(201);
    expect(res.json().imageUrls).toHaveLength(4);
  });

  it('refuses a text file named .png, decided by its bytes', async () => {
    await expectRefused(
      [
        { filename: 'good.png', data: await png() },
        { filename: 'notes.png', data: Buffer.from('this is not an image, just text\n'), type: 'image/png' },
      ],
      400,
      'Unsupported file type: notes.png',
    );
  });

  it('accepts a PNG renamed .jpg (the bytes decide, not the name)', async () => {
    const res = await post(owner.cookie, validArticle(), [
      { filename: 'photo.jpg', data: await png(50, 50, '#993'), type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().imageUrls[0]).toMatch(/\.webp$/);
  });

  it('refuses a file of 2 MB + 1 byte', async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(2 * 1024 * 1024 + 1)]).subarray(0, 2 * 1024 * 1024 + 1);
    expect(big.length).toBe(2 * 1024 * 1024 + 1);
    await expectRefused([{ filename: 'big.jpg', data: big, type: 'image/jpeg' }], 413, 'File too large: big.jpg');
  });

  it('refuses a decompression bomb', async () => {
    const [rowsBefore, filesBefore] = [await articleCount(), await mediaFiles()];
    const res = await post(owner.cookie, validArticle(), [{ filename: 'bomb.png', data: pixelBomb(), type: 'image/png' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('bomb.png');
    expect(await articleCount()).toBe(rowsBefore);
    expect(await mediaFiles()).toEqual(filesBefore);
  });

  it('strips EXIF and GPS from an uploaded photo', async () => {
    const photo = await jpegWithGps();
    const exif = (await sharp(photo).metadata()).exif!;
    // The fixture really carries a GPS IFD pointer (tag 0x8825, either byte order).
    expect(exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]))).toBe(true);
    const res = await post(owner.cookie, validArticle(), [{ filename: 'phone.jpg', data: photo, type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(201);
    const article = res.json();
    const [variants] = [article.images[0].srcset.split(', ').map((s: string) => s.split(' ')[0])];
    for (const url of variants as string[]) {
      const file = path.join(mediaDir(), path.basename(url));
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
    }
  });

  it('leaves no article row and no file when the transaction fails after the images were stored', async () => {
    const [rowsBefore, filesBefore] = [await articleCount(), await mediaFiles()];
    const realStore = t.services.images.store;
    const spy = vi.spyOn(t.services.images, 'store').mockImplementation(async (prepared, tx) => {
      await realStore(prepared, tx);
      throw new Error('disk full');
    });
    try {
      const res = await post(owner.cookie, validArticle(), [{ filename: 'unique.png', data: await png(70, 70, '#1f9e4d') }]);
      expect(res.statusCode).toBe(500);
      expect(spy).toHaveBeenCalledOnce();
    } finally {
      spy.mockRestore();
    }
    expect(await articleCount()).toBe(rowsBefore);
    expect(await mediaFiles()).toEqual(filesBefore);
  });
});

describe(`GET/PUT/DELETE one article (${TEST_DB})`, () => {
  it('shows a reporter their own article in any status, with the rejection reason; another reporter gets 404', async () => {
    const a = await insertArticle(owner.id, { approvalStatus: 'REJECTED', rejectionReason: 'ఫోటోలు స్పష్టంగా లేవు' });
    const mine = await get(owner.cookie, `/api/reporter/articles/${a.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: a.id, approvalStatus: 'REJECTED', rejectionReason: 'ఫోటోలు స్పష్టంగా లేవు' });
    expect((await get(other.cookie, `/api/reporter/articles/${a.id}`)).statusCode).toBe(404);
    expect((await get(owner.cookie, '/api/reporter/articles/99999999')).statusCode).toBe(404);
    expect((await get(owner.cookie, '/api/reporter/articles/abc')).statusCode).toBe(404);
  });

  it('a reporter edit of an own REJECTED article resubmits it: PENDING, reason cleared', async () => {
    const a = await insertArticle(owner.id, { approvalStatus: 'REJECTED', rejectionReason: 'మరింత సమాచారం కావాలి' });
    const res = await put(owner.cookie, a.id, validArticle({ title: 'సవరించిన శీర్షిక', region: '', categoryIds: [cinema] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'సవరించిన శీర్షిక',
      approvalStatus: 'PENDING',
      rejectionReason: null,
      region: null,
      categories: [{ id: cinema }],
    });
    const [row] = await t.services.db.select().from(articles).where(eq(articles.id, a.id));
    expect(row.searchText).toContain('సవరించిన');
    expect(row.shortDescription).toBe('నగరంలో భారీ వర్షం కురిసింది.');
  });

  it("a reporter may edit an own PENDING article; not an APPROVED one (409); not another reporter's (404)", async () => {
    const pending = await insertArticle(owner.id);
    expect((await put(owner.cookie, pending.id, validArticle())).statusCode).toBe(200);
    const approved = await insertArticle(owner.id, { approvalStatus: 'APPROVED' });
    const refused = await put(owner.cookie, approved.id, validArticle({ title: 'మార్పు' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Approved articles cannot be edited.');
    const [still] = await t.services.db.select().from(articles).where(eq(articles.id, approved.id));
    expect(still.title).toBe('వార్త');
    const foreign = await put(other.cookie, pending.id, validArticle({ title: 'చొరబాటు' }));
    expect(foreign.statusCode).toBe(404);
    expect((await put(owner.cookie, 99999999, validArticle())).statusCode).toBe(404);
  });

  it.each([
    ['short', 'Invalid YouTube video ID. Please enter a valid 11-character ID.'],
    ['dQw4w9WgXcQ-too-long', 'Invalid YouTube video ID. Please enter a valid 11-character ID.'],
    ['dQw4w9WgX!Q', 'Invalid YouTube video ID format.'],
  ])('edit refuses video id %s with "%s"', async (videoId, message) => {
    const a = await insertArticle(owner.id);
    const res = await put(owner.cookie, a.id, validArticle({ youtubeVideoId: videoId }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.youtubeVideoId).toBe(message);
  });

  it('edit still needs title, author and a category; a reporter keeps one category and cannot approve', async () => {
    const a = await insertArticle(owner.id);
    const noTitle = await put(owner.cookie, a.id, validArticle({ title: '' }));
    expect(noTitle.json().errors.title).toBe('Title is required.');
    const noAuthor = await put(owner.cookie, a.id, validArticle({ author: '' }));
    expect(noAuthor.json().errors.author).toBe('Author is required.');
    const noCategory = await put(owner.cookie, a.id, validArticle({ categoryIds: [] }));
    expect(noCategory.json().errors.categoryIds).toBe('Please select a category.');
    const two = await put(owner.cookie, a.id, validArticle({ categoryIds: [politics, sports] }));
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Only one category can be selected.');
    const approve = await put(owner.cookie, a.id, validArticle(), '?approve=true');
    expect(approve.statusCode).toBe(403);
    const [row] = await t.services.db.select().from(articles).where(eq(articles.id, a.id));
    expect(row.approvalStatus).toBe('PENDING');
  });

  it('an ADMIN edits any article with several categories and keeps its status', async () => {
    const approved = await insertArticle(owner.id, { approvalStatus: 'APPROVED' });
    const version = t.services.changes.version;
    const res = await put(admin.cookie, approved.id, validArticle({ title: 'అడ్మిన్ సవరణ', categoryIds: [sports, politics] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'అడ్మిన్ సవరణ',
      approvalStatus: 'APPROVED',
      categories: [{ id: sports }, { id: politics }],
    });
    // A public article changed: page caches must drop it.
    expect(t.services.changes.version).toBeGreaterThan(version);
    const rejected = await insertArticle(owner.id, { approvalStatus: 'REJECTED', rejectionReason: 'కారణం' });
    const kept = await put(admin.cookie, rejected.id, validArticle());
    expect(kept.json()).toMatchObject({ approvalStatus: 'REJECTED', rejectionReason: 'కారణం' });
  });

  it('accepts the article part as a JSON file part, and a plain JSON body on edit', async () => {
    const body = multipart([
      {
        name: 'article',
        filename: 'blob',
        data: Buffer.from(JSON.stringify(validArticle({ title: 'బ్లాబ్ భాగం' }))),
        type: 'application/json',
      },
      { name: 'images', filename: 'a.png', data: await png(20, 20, '#0a0') },
    ]);
    const created = await t.api(API.articles.create, { cookie: owner.cookie, form: body });
    expect(created.statusCode).toBe(201);
    expect(created.json().title).toBe('బ్లాబ్ భాగం');
    const edited = await t.api(API.articles.update, {
      params: { id: created.json().id },
      cookie: owner.cookie,
      body: validArticle({ title: 'JSON సవరణ' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().title).toBe('JSON సవరణ');
  });

  it('an ADMIN saves and approves in one action', async () => {
    const a = await insertArticle(owner.id, {
      approvalStatus: 'REJECTED',
      rejectionReason: 'పాతది',
      publicationDate: new Date('2024-01-01T00:00:00Z'),
    });
    const started = Date.now();
    const res = await put(admin.cookie, a.id, validArticle({ title: 'ఆమోదించిన వార్త' }), '?approve=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'ఆమోదించిన వార్త', approvalStatus: 'APPROVED', rejectionReason: null });
    expect(new Date(res.json().publicationDate).getTime()).toBeGreaterThanOrEqual(started - 1000);
    // A refused save approves nothing.
    const b = await insertArticle(owner.id);
    const bad = await put(admin.cookie, b.id, validArticle({ title: '' }), '?approve=true');
    expect(bad.statusCode).toBe(400);
    const [row] = await t.services.db.select().from(articles).where(eq(articles.id, b.id));
    expect(row.approvalStatus).toBe('PENDING');
  });

  it('deletes an own PENDING article with its image files; refuses APPROVED (409) and another reporter (404)', async () => {
    const created = await post(owner.cookie, validArticle(), [{ filename: 'to-delete.png', data: await png(33, 33, '#5a1f8c') }]);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const names = (created.json().images[0].srcset as string).split(', ').map((s) => path.basename(s.split(' ')[0]));
    for (const name of names) expect(await mediaFiles()).toContain(name);

    expect((await del(other.cookie, `/api/reporter/articles/${id}`)).statusCode).toBe(404);
    const res = await del(owner.cookie, `/api/reporter/articles/${id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.services.db.select().from(articles).where(eq(articles.id, id))).toHaveLength(0);
    expect(await t.services.db.select().from(articleImages).where(eq(articleImages.articleId, id))).toHaveLength(0);
    await t.services.images.settled();
    const left = await mediaFiles();
    for (const name of names) expect(left).not.toContain(name);
    expect((await get(owner.cookie, `/api/reporter/articles/${id}`)).statusCode).toBe(404);
    await t.services.images.settled();

    const approved = await insertArticle(owner.id, { approvalStatus: 'APPROVED' });
    const refused = await del(owner.cookie, `/api/reporter/articles/${approved.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Approved articles cannot be deleted.');
    const rejected = await insertArticle(owner.id, { approvalStatus: 'REJECTED' });
    expect((await del(owner.cookie, `/api/reporter/articles/${rejected.id}`)).statusCode).toBe(204);
  });
});

describe(`reporter lists (${TEST_DB})`, () => {
  it('lists own APPROVED articles 15 per page, newest first, filtered by title ignoring case', async () => {
    const lister = await t.signIn('REPORTER');
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 17; i++) {
      await insertArticle(lister.id, {
        approvalStatus: 'APPROVED',
        title: i % 2 ? `Cricket వార్త ${i}` : `రాజకీయ వార్త ${i}`,
        publicationDate: new Date(base + i * 60_000),
      });
    }
    await insertArticle(lister.id, { approvalStatus: 'PENDING', title: 'Cricket pending' });
    await insertArticle(other.id, { approvalStatus: 'APPROVED', title: 'Cricket other reporter' });

    const first = await get(lister.cookie, '/api/reporter/articles/approved?page=0&pageSize=15');
    expect(first.statusCode).toBe(200);
    expect(first.json().totalPages).toBe(2);
    expect(first.json().articles).toHaveLength(15);
    expect(first.json().articles[0].title).toBe('రాజకీయ వార్త 16');
    const second = await get(lister.cookie, '/api/reporter/articles/approved?page=1&pageSize=15');
    expect(second.json().articles.map((a: { title: string }) => a.title)).toEqual(['Cricket వార్త 1', 'రాజకీయ వార్త 0']);

    const filtered = await get(
      lister.cookie,
      `/api/reporter/articles/approved?page=0&pageSize=15&title=${encodeURIComponent('cRICKET')}`,
    );
    const titles = filtered.json().articles.map((a: { title: string }) => a.title);
    expect(titles).toHaveLength(8);
    expect(titles.every((title: string) => title.startsWith('Cricket వార్త'))).toBe(true);
    expect(filtered.json().totalPages).toBe(1);
    const telugu = await get(lister.cookie, `/api/reporter/articles/approved?title=${encodeURIComponent('రాజకీయ')}`);
    expect(telugu.json().articles).toHaveLength(9);
    // LIKE wildcards in the filter are taken literally.
    const wildcard = await get(lister.cookie, '/api/reporter/articles/approved?title=%25');
    expect(wildcard.json()).toEqual({ articles: [], totalPages: 0 });
    expect((await get(lister.cookie, '/api/reporter/articles/approved?page=-1')).statusCode).toBe(400);
  });

  it('lists own PENDING and REJECTED articles, REJECTED first, each with status and reason', async () => {
    const desk = await t.signIn('REPORTER');
    const p1 = await insertArticle(desk.id, { title: 'P1', updatedAt: new Date('2026-02-01T00:00:00Z') });
    const r1 = await insertArticle(desk.id, {
      title: 'R1',
      approvalStatus: 'REJECTED',
      rejectionReason: 'మూలం చెప్పండి',
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const p2 = await insertArticle(desk.id, { title: 'P2', updatedAt: new Date('2026-03-01T00:00:00Z') });
    const r2 = await insertArticle(desk.id, {
      title: 'R2',
      approvalStatus: 'REJECTED',
      updatedAt: new Date('2026-02-15T00:00:00Z'),
    });
    await insertArticle(desk.id, { title: 'A', approvalStatus: 'APPROVED' });
    await insertArticle(other.id, { title: 'other' });
    const res = await get(desk.cookie, '/api/reporter/articles/pending-rejected');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; approvalStatus: string; rejectionReason: string | null }[];
    expect(list.map((a) => a.id)).toEqual([r2.id, r1.id, p2.id, p1.id]);
    expect(list.map((a) => a.approvalStatus)).toEqual(['REJECTED', 'REJECTED', 'PENDING', 'PENDING']);
    expect(list[1].rejectionReason).toBe('మూలం చెప్పండి');
    await t.services.db.delete(articles).where(inArray(articles.id, [p1.id, p2.id, r1.id, r2.id]));
  });

  it('counts own stories by state for the desk tiles (REPORTER only)', async () => {
    const desk = await t.signIn('REPORTER');
    const rows = [
      await insertArticle(desk.id, { approvalStatus: 'DRAFT' }),
      await insertArticle(desk.id, { approvalStatus: 'DRAFT' }),
      await insertArticle(desk.id, { approvalStatus: 'PENDING' }),
      await insertArticle(desk.id, { approvalStatus: 'REJECTED' }),
      await insertArticle(desk.id, { approvalStatus: 'SCHEDULED' }),
      await insertArticle(desk.id, { approvalStatus: 'APPROVED' }),
      await insertArticle(desk.id, { approvalStatus: 'APPROVED' }),
      await insertArticle(desk.id, { approvalStatus: 'APPROVED' }),
      await insertArticle(other.id, { approvalStatus: 'PENDING' }),
    ];
    const res = await get(desk.cookie, '/api/reporter/articles/counts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ drafts: 2, pending: 1, rejected: 1, scheduled: 1, published: 3 });
    expect((await get(undefined, '/api/reporter/articles/counts')).statusCode).toBe(401);
    expect((await get(admin.cookie, '/api/reporter/articles/counts')).statusCode).toBe(403);
    await t.services.db.delete(articles).where(
      inArray(
        articles.id,
        rows.map((r) => r.id),
      ),
    );
  });
});

describe(`an edit changes the pictures (${TEST_DB})`, () => {
  /** A rejected article of `owner` with two pictures, through the real upload. */
  async function rejectedWithTwo(colours: [string, string]) {
    const res = await post(owner.cookie, validArticle(), [
      { filename: 'one.png', data: await png(41, 31, colours[0]) },
      { filename: 'two.png', data: await png(42, 32, colours[1]) },
    ]);
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    await t.services.db
      .update(articles)
      .set({ approvalStatus: 'REJECTED', rejectionReason: 'ఫోటో స్పష్టంగా లేదు' })
      .where(eq(articles.id, id));
    return res.json() as {
      id: number;
      imageUrls: string[];
      images: { id: number; url: string; srcset: string; shareUrl: string }[];
    };
  }
  const filesOf = (image: { srcset: string; shareUrl: string }) => [
    ...image.srcset.split(', ').map((s) => path.basename(s.split(' ')[0])),
    path.basename(image.shareUrl),
  ];
  const rowOf = async (id: number) => (await get(owner.cookie, `/api/reporter/articles/${id}`)).json();

  it('replaces, adds and reorders in one save: the new order, the first the cover; the removed files go from disk', async () => {
    const a = await rejectedWithTwo(['#a11', '#a12']);
    const [first, second] = a.images;
    const res = await put(owner.cookie, a.id, validArticle({ imageOrder: [{ upload: 0 }, second.id, { upload: 1 }] }), '', [
      { filename: 'new-cover.jpg', data: await jpeg('#a13') },
      { filename: 'extra.png', data: await png(43, 33, '#a14') },
    ]);
    expect(res.statusCode).toBe(200);
    const edited = res.json();
    expect(edited.approvalStatus).toBe('PENDING');
    expect(edited.imageUrls).toHaveLength(3);
    expect(edited.imageUrls[1]).toBe(second.url);
    expect(edited.imageUrls).not.toContain(first.url);
    await t.services.images.settled();
    const onDisk = await mediaFiles();
    for (const name of filesOf(first)) expect(onDisk).not.toContain(name);
    for (const image of edited.images) for (const name of filesOf(image)) expect(onDisk).toContain(name);
    expect((await get(undefined, first.url)).statusCode).toBe(404);
    // The revision records the new list; the review sees that the pictures changed.
    const [latest] = (await get(owner.cookie, `/api/articles/${a.id}/revisions`)).json();
    expect(latest).toMatchObject({ kind: 'RESUBMIT', changed: expect.arrayContaining(['images']) });
    const revision = (await get(owner.cookie, `/api/articles/${a.id}/revisions/${latest.id}`)).json();
    expect(revision.imageUrls).toEqual(edited.imageUrls);

    // Kept by URL as the article lists them, reordered; nothing uploaded, nothing removed.
    const reordered = await put(owner.cookie, a.id, validArticle({ imageOrder: [...edited.imageUrls].reverse() }));
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().imageUrls).toEqual([...edited.imageUrls].reverse());
    // Without an order the pictures stay, and a new file follows them.
    const appended = await put(owner.cookie, a.id, validArticle(), '', [
      { filename: 'more.png', data: await png(44, 34, '#a15') },
    ]);
    expect(appended.json().imageUrls.slice(0, 3)).toEqual(reordered.json().imageUrls);
    expect(appended.json().imageUrls).toHaveLength(4);
  });

  it('keeps 1 to 4 and names only its own pictures and its uploads; a refused save changes nothing and leaves no file', async () => {
    const a = await rejectedWithTwo(['#b11', '#b12']);
    const stranger = await rejectedWithTwo(['#b13', '#b14']);
    const before = await rowOf(a.id);
    const files = await mediaFiles();
    const three = [
      { filename: 'x.png', data: await png(45, 35, '#b15') },
      { filename: 'y.png', data: await png(46, 36, '#b16') },
      { filename: 'z.png', data: await png(47, 37, '#b17') },
    ];
    const cases: [unknown, { filename: string; data: Buffer }[], number, string][] = [
      [[], [], 400, 'You must upload at least one image.'],
      [undefined, three, 400, 'You can upload up to 4 images only.'],
      [[a.images[0].id, 999999], [], 400, 'An image to keep is not one of this article\u2019s images.'],
      [[stranger.images[0].id], [], 400, 'An image to keep is not one of this article\u2019s images.'],
      [['/media/unknown-1280.webp'], [], 400, 'An image to keep is not one of this article\u2019s images.'],
      [[a.images[0].id, a.images[0].url], [], 400, 'An image is placed twice in the image order.'],
      [
        [{ upload: 0 }, { upload: 1 }],
        three.slice(0, 1),
        400,
        'The image order names upload 1, which this request does not carry.',
      ],
      [[{ upload: 0 }], [{ filename: 'notes.png', data: Buffer.from('not a picture') }], 400, 'Unsupported file type: notes.png'],
      [[{ upload: 0 }], [{ filename: 'big.jpg', data: Buffer.alloc(2 * 1024 * 1024 + 1, 0xff) }], 413, 'File too large: big.jpg'],
    ];
    for (const [imageOrder, uploads, status, message] of cases) {
      const res = await put(owner.cookie, a.id, validArticle({ title: 'మారకూడదు', imageOrder }), '', uploads);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    await t.services.images.settled();
    expect(await rowOf(a.id)).toEqual(before);
    expect(await mediaFiles()).toEqual(files);
  });

  it('a failure after the new files were written leaves the pictures as they were and no stray file', async () => {
    const a = await rejectedWithTwo(['#c11', '#c12']);
    const [before, files] = [await rowOf(a.id), await mediaFiles()];
    const spy = vi.spyOn(t.services.images, 'release').mockRejectedValue(new Error('disk full'));
    try {
      const res = await put(owner.cookie, a.id, validArticle({ imageOrder: [{ upload: 0 }] }), '', [
        { filename: 'new.png', data: await png(48, 38, '#c13') },
      ]);
      expect(res.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    await t.services.images.settled();
    expect(await rowOf(a.id)).toEqual(before);
    expect(await mediaFiles()).toEqual(files);
  });

  it('an ADMIN reorders and removes in review and approves in the same save; the public page shows the new cover', async () => {
    const a = await rejectedWithTwo(['#d11', '#d12']);
    const res = await put(admin.cookie, a.id, validArticle({ imageOrder: [a.images[1].url] }), '?approve=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ approvalStatus: 'APPROVED', imageUrls: [a.images[1].url] });
    const page = (await get(undefined, `/api/public/articles/${a.id}`)).json();
    expect(page.imageUrls).toEqual([a.images[1].url]);
  });

  it("takes a YouTube link for the video and the reporter's summary for the short description", async () => {
    const created = await post(
      owner.cookie,
      validArticle({ youtubeVideoId: 'https://youtu.be/dQw4w9WgXcQ?t=42', summary: '  వర్షంపై సంక్షిప్తం  ' }),
      [{ filename: 'a.png', data: await png() }],
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      youtubeVideoId: 'dQw4w9WgXcQ',
      summary: 'వర్షంపై సంక్షిప్తం',
      shortDescription: 'వర్షంపై సంక్షిప్తం',
    });
    const id = created.json().id as number;
    for (const link of [
      'https://www.youtube.com/watch?v=9bZkp7q19f0&list=x',
      'youtube.com/shorts/9bZkp7q19f0',
      'https://m.youtube.com/embed/9bZkp7q19f0',
    ]) {
      const res = await put(owner.cookie, id, validArticle({ youtubeVideoId: link, summary: '' }));
      expect(res.json().youtubeVideoId).toBe('9bZkp7q19f0');
    }
    // No summary: the body's opening, a heading ended before the text that follows it.
    const res = await put(owner.cookie, id, validArticle({ content: '<h2>వర్షం బీభత్సం</h2><p>నగరంలో వర్షం.</p>' }));
    expect(res.json()).toMatchObject({ summary: null, shortDescription: 'వర్షం బీభత్సం. నగరంలో వర్షం.' });
  });
});
