import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../test/app.ts';
import { addArticle, addCategory, addReporter } from '../test/fixtures.ts';
import { readRss } from '../test/rss.ts';
import { eq } from 'drizzle-orm';
import { articles } from '../db/schema.ts';
import { createSeoService, xml } from './service.ts';

let t: TestApp;
const ids: Record<string, number> = {};
let politics: number;
let sports: number;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const PUBLIC = 'https://news.example.te';

/**
 * A strict XML well-formedness check, enough for what these routes write: one root, every tag
 * closed in order, quoted attributes, and only the five XML entities or character references.
 */
function expectWellFormedXml(doc: string) {
  const body = doc.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  expect(body).not.toBe(doc); // the declaration comes first
  const stack: string[] = [];
  let roots = 0;
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/gy;
  for (const m of body.matchAll(token)) {
    const [, closing, name, , selfClosing, text, strayLt] = m;
    if (strayLt) throw new Error(`stray "<" in ${body.slice(m.index, m.index + 40)}`);
    if (text !== undefined) {
      if (stack.length === 0 && text.trim()) throw new Error(`text outside the root: ${text}`);
      const bad = text.match(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i);
      if (bad || text.includes('>')) throw new Error(`unescaped text: ${text}`);
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else {
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name);
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

const texts = (doc: string, tag: string) => Array.from(doc.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g')), (m) => m[1]);

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: PUBLIC } });
  const db = t.services.db;
  const reporter = (await addReporter(db, 'seo_reporter')).id;
  politics = (await addCategory(db, 'రాజకీయాలు')).id;
  sports = (await addCategory(db, 'క్రీడలు & ఆటలు')).id;
  ids.fresh = await addArticle(db, {
    title: 'ఎన్నికల <ఫలితాలు> & "విశ్లేషణ"',
    content: '<p>ఓట్ల లెక్కింపు &amp; ఫలితాలు</p>',
    reporterId: reporter,
    categoryIds: [politics, sports],
    publicationDate: hoursAgo(2),
    withImage: true,
  });
  ids.yesterday = await addArticle(db, {
    title: 'నిన్నటి వార్త',
    reporterId: reporter,
    categoryIds: [sports],
    publicationDate: hoursAgo(30),
  });
  ids.old = await addArticle(db, {
    title: 'పాత వార్త',
    reporterId: reporter,
    categoryIds: [politics],
    publicationDate: hoursAgo(24 * 5),
  });
  ids.pending = await addArticle(db, {
    title: 'పెండింగ్ రహస్యం',
    reporterId: reporter,
    categoryIds: [politics],
    status: 'PENDING',
    publicationDate: hoursAgo(1),
  });
  ids.rejected = await addArticle(db, {
    title: 'తిరస్కృత రహస్యం',
    reporterId: reporter,
    categoryIds: [sports],
    status: 'REJECTED',
    publicationDate: hoursAgo(1),
  });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });

describe(`SEO files (${TEST_DB})`, () => {
  it('robots.txt allows the site, keeps crawlers out of dashboards and the API, and points to the sitemaps', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public/);
    for (const line of [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin-dashboard',
      'Disallow: /reporter-dashboard',
      'Disallow: /user-dashboard',
    ]) {
      expect(res.body.split('\n')).toContain(line);
    }
    expect(res.body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    expect(res.body).toContain(`Sitemap: ${PUBLIC}/news-sitemap.xml`);
  });

  it('sitemap.xml lists home, About Us, categories and approved articles with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers.etag).toBeTruthy();
    expectWellFormedXml(res.body);
    const locs = texts(res.body, 'loc');
    expect(locs.slice(0, 2)).toEqual([`${PUBLIC}/`, `${PUBLIC}/about-us`]);
    expect(locs).toContain(`${PUBLIC}/public/articles/category/${politics}`);
    expect(locs).toContain(`${PUBLIC}/public/articles/category/${sports}`);
    const articleLocs = locs.filter((l) => l.includes('/article/'));
    expect(articleLocs).toEqual([ids.fresh, ids.yesterday, ids.old].map((id) => `${PUBLIC}/article/${id}`));
    expect(res.body).toMatch(new RegExp(`<loc>${PUBLIC}/article/${ids.fresh}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
  });

  it('sitemap.xml lists the district pages that have published stories, with their newest story as lastmod', async () => {
    const db = t.services.db;
    await db.update(articles).set({ district: 'guntur' }).where(eq(articles.id, ids.yesterday));
    await db.update(articles).set({ district: 'guntur' }).where(eq(articles.id, ids.old));
    // A story under review names no page.
    await db.update(articles).set({ district: 'krishna' }).where(eq(articles.id, ids.pending));
    try {
      const body = await createSeoService(t.services).sitemapPart('all');
      expectWellFormedXml(body);
      const locs = texts(body, 'loc');
      expect(locs.filter((l) => l.includes('/district/'))).toEqual([`${PUBLIC}/district/guntur`]);
      const [yesterday] = await db.select().from(articles).where(eq(articles.id, ids.yesterday));
      expect(body).toContain(`<loc>${PUBLIC}/district/guntur</loc><lastmod>${yesterday.publicationDate.toISOString()}</lastmod>`);
      expect(texts(await createSeoService(t.services).sitemapPart('pages'), 'loc')).toContain(`${PUBLIC}/district/guntur`);
    } finally {
      await db.update(articles).set({ district: null }).where(eq(articles.id, ids.yesterday));
      await db.update(articles).set({ district: null }).where(eq(articles.id, ids.old));
      await db.update(articles).set({ district: null }).where(eq(articles.id, ids.pending));
    }
  });

  it('above the URL limit sitemap.xml is a sitemap index whose children hold every approved article once, none over the limit', async () => {
    // The limit is 50,000 in production; lowered here so three articles cross it.
    const seo = createSeoService(t.services, { maxUrls: 2 });
    const index = await seo.sitemap();
    expectWellFormedXml(index);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const children = texts(index, 'loc');
    expect(children[0]).toBe(`${PUBLIC}/sitemaps/pages.xml`);
    const found: string[] = [];
    for (const child of children.slice(1)) {
      const n = Number(/articles-(\d+)\.xml$/.exec(child)![1]);
      const doc = await seo.sitemapPart(n);
      expectWellFormedXml(doc);
      const locs = texts(doc, 'loc');
      expect(locs.length).toBeLessThanOrEqual(2);
      found.push(...locs);
    }
    expect(found.sort()).toEqual([ids.fresh, ids.yesterday, ids.old].map((id) => `${PUBLIC}/article/${id}`).sort());
    const pages = texts(await seo.sitemapPart('pages'), 'loc');
    expect(pages.slice(0, 2)).toEqual([`${PUBLIC}/`, `${PUBLIC}/about-us`]);
    expect(pages).toContain(`${PUBLIC}/public/articles/category/${politics}`);
    expect(pages.some((l) => l.includes('/article/'))).toBe(false);
    // Under the limit it stays one urlset.
    expect(await createSeoService(t.services, { maxUrls: 3 }).sitemap()).toContain('<urlset');
  });

  it('serves the sitemap index children over HTTP', async () => {
    const block = await get('/sitemaps/articles-0.xml');
    expect(block.statusCode).toBe(200);
    expect(block.headers['content-type']).toBe('application/xml; charset=utf-8');
    expectWellFormedXml(block.body);
    expect(texts(block.body, 'loc')).toContain(`${PUBLIC}/article/${ids.fresh}`);
    expect(texts((await get('/sitemaps/pages.xml')).body, 'loc')).toContain(`${PUBLIC}/about-us`);
    expect((await get('/sitemaps/articles-x.xml')).statusCode).toBe(404);
  });

  it('news-sitemap.xml: Google News schema, Telugu, only articles approved in the last 48 hours', async () => {
    const res = await get('/news-sitemap.xml');
    expect(res.statusCode).toBe(200);
    expectWellFormedXml(res.body);
    expect(res.body).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
    expect(texts(res.body, 'loc')).toEqual([`${PUBLIC}/article/${ids.fresh}`, `${PUBLIC}/article/${ids.yesterday}`]);
    expect(texts(res.body, 'news:language')).toEqual(['te', 'te']);
    expect(texts(res.body, 'news:name')[0]).toBe('తెలుగు వార్తలు');
    expect(texts(res.body, 'news:title')[0]).toBe('ఎన్నికల &lt;ఫలితాలు&gt; &amp; &quot;విశ్లేషణ&quot;');
    expect(texts(res.body, 'news:publication_date')[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('rss.xml: RSS 2.0 of the newest approved articles, escaped, with the cover as enclosure of its real length', async () => {
    // The cover's link-preview JPEG as the image pipeline stores it; the feed names its byte length.
    const jpeg = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#b3121f' } })
      .jpeg()
      .toBuffer();
    await t.services.storage.put('fixture0cover-share.jpg', jpeg);
    const res = await get('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expectWellFormedXml(res.body);
    expect(res.body).toContain('<rss version="2.0"');
    expect(texts(res.body, 'language')).toEqual(['te']);
    const titles = texts(res.body, 'title');
    expect(titles.slice(1)).toEqual(['ఎన్నికల &lt;ఫలితాలు&gt; &amp; &quot;విశ్లేషణ&quot;', 'నిన్నటి వార్త', 'పాత వార్త']);
    expect(texts(res.body, 'link')).toContain(`${PUBLIC}/article/${ids.fresh}`);
    expect(res.body).toContain(
      `<enclosure url="${PUBLIC}/media/fixture0cover-share.jpg" length="${jpeg.length}" type="image/jpeg"/>`,
    );
    // As a feed reader reads it, and the enclosure's length is what /media serves for its address.
    const feed = readRss(res.body);
    expect(feed).toMatchObject({ title: 'తెలుగు వార్తలు', link: `${PUBLIC}/`, language: 'te', self: `${PUBLIC}/rss.xml` });
    const item = feed.items.find((i) => i.link === `${PUBLIC}/article/${ids.fresh}`);
    expect(item?.enclosure).toEqual({ url: `${PUBLIC}/media/fixture0cover-share.jpg`, length: jpeg.length, type: 'image/jpeg' });
    const served = await get(new URL(item!.enclosure!.url).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(item!.enclosure!.length);
    expect(Number(served.headers['content-length'])).toBe(item!.enclosure!.length);
    expect(feed.items.filter((i) => i.enclosure).length).toBe(1);

    // A cover whose file is not stored gets no enclosure (a reader would fetch a 404), and the feed stays valid.
    await t.services.storage.remove('fixture0cover-share.jpg');
    const without = readRss((await get('/rss.xml')).body);
    expect(without.items.map((i) => i.link)).toEqual(feed.items.map((i) => i.link));
    expect(without.items.filter((i) => i.enclosure)).toEqual([]);
    expect(texts(res.body, 'description')).toContain('ఓట్ల లెక్కింపు &amp; ఫలితాలు');
    expect(texts(res.body, 'pubDate')[0]).toMatch(/GMT$/);
    expect(res.body).toContain('<category>క్రీడలు &amp; ఆటలు</category>');
  });

  it('category RSS lists only that category, and 404s an unknown one', async () => {
    const res = await get(`/rss/category/${sports}.xml`);
    expect(res.statusCode).toBe(200);
    expectWellFormedXml(res.body);
    const feed = readRss(res.body);
    expect(feed.self).toBe(`${PUBLIC}/rss/category/${sports}.xml`);
    expect(feed.items.map((i) => i.link)).toEqual([ids.fresh, ids.yesterday].map((id) => `${PUBLIC}/article/${id}`));
    expect(feed.items.every((i) => i.categories.includes('క్రీడలు & ఆటలు'))).toBe(true);
    expect(texts(res.body, 'link')).toEqual([
      `${PUBLIC}/public/articles/category/${sports}`,
      ...[ids.fresh, ids.yesterday].map((id) => `${PUBLIC}/article/${id}`),
    ]);
    expect(res.body).toContain(`<guid isPermaLink="true">${PUBLIC}/article/${ids.fresh}</guid>`);
    expect(texts(res.body, 'title')[0]).toBe('క్రీడలు &amp; ఆటలు – తెలుగు వార్తలు');
    expect(res.body).toContain(`<atom:link href="${PUBLIC}/rss/category/${sports}.xml" rel="self"`);
    expect((await get('/rss/category/999999.xml')).statusCode).toBe(404);
    expect((await get('/rss/category/abc.xml')).statusCode).toBe(404);
  });

  it('never mentions pending or rejected articles', async () => {
    for (const url of [
      '/sitemap.xml',
      '/news-sitemap.xml',
      '/rss.xml',
      `/rss/category/${politics}.xml`,
      `/rss/category/${sports}.xml`,
    ]) {
      const body = (await get(url)).body;
      expect(body).not.toContain('రహస్యం');
      expect(body).not.toContain(`/article/${ids.pending}<`);
      expect(body).not.toContain(`/article/${ids.rejected}<`);
    }
  });

  it('escapes markup and drops characters XML cannot carry', () => {
    expect(xml(`<a href="x">&'\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
  });
});
