// Every public page has one address (server/http/canonical.ts), with the real web app build: the
// review's attack (150 spellings of one article page, each rendered and stored) and the other
// spellings of each public route, each sent to its page with a 301 before the page cache is asked.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { buildApp } from '../app.ts';
import type { AppServerBuild } from './ssr.ts';
import { addArticle, addCategory, addReporter } from '../test/fixtures.ts';
import { articleTags, tags } from '../db/schema.ts';
import { tagSlug } from '../../contract/tags.ts';
import { spellingsOf } from '../test/spellings.ts';

const buildFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build/server/index.js');

/** The page cache's figures from /metrics. */
async function cacheFigures(app: FastifyInstance) {
  const text = (await app.inject({ url: '/metrics' })).body;
  const figure = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1]);
  return { renders: figure('page_cache_misses_total'), entries: figure('page_cache_entries') };
}

describe.runIf(existsSync(buildFile))(`one address per public page (${TEST_DB})`, () => {
  const t = useTestApp();
  let app: FastifyInstance;
  let article: number;
  let category: number;
  const username = 'Canon_Reporter';
  // `ై` is one code point in NFC and two in NFD: two spellings of one tag.
  const tagName = 'తైవాన్ వార్తలు';
  const slug = tagSlug(tagName);

  beforeAll(async () => {
    const build = (await import(buildFile)) as AppServerBuild;
    app = await buildApp({ services: t.services, build });
    await app.ready();
    const reporterId = (await addReporter(t.services.db, username, 'రచయిత')).id;
    category = (await addCategory(t.services.db, 'చిరునామా వర్గం')).id;
    article = await addArticle(t.services.db, { title: 'ఒకే చిరునామా', reporterId, categoryIds: [category] });
    const [tag] = await t.services.db.insert(tags).values({ name: tagName, slug }).returning({ id: tags.id });
    await t.services.db.insert(articleTags).values({ articleId: article, tagId: tag.id, position: 0 });
    await t.services.changes.contentChanged();
  });
  afterAll(() => app?.close());

  it('150 spellings of /public/articles/<id> are 301s to it: one render, one cache entry', async () => {
    const canonical = `/public/articles/${article}`;
    const spellings = spellingsOf(article, 150);
    expect(spellings).toHaveLength(150);
    const before = await cacheFigures(app);
    const statuses = new Map<number, number>();
    for (const url of spellings) {
      const res = await app.inject({ url });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 301) expect(res.headers.location, url).toBe(canonical);
    }
    expect((await app.inject({ url: canonical })).statusCode).toBe(200);
    const after = await cacheFigures(app);
    expect({
      statuses: Object.fromEntries(statuses),
      renders: after.renders - before.renders,
      entries: after.entries - before.entries,
    }).toEqual({ statuses: { 301: 150 }, renders: 1, entries: 1 });
    // The redirect is the browser's to keep, never a shared cache's: a spelling takes no room there.
    expect((await app.inject({ url: spellings[0] })).headers['cache-control']).toBe('private, max-age=86400');
  });

  it("every public route's other spellings go to its one address, which answers 200", async () => {
    const nfd = encodeURIComponent(slug.normalize('NFD'));
    const nfc = encodeURIComponent(slug);
    const cases: [string, string][] = [
      ['/?ref=abc', '/'],
      [`/Article/${article}/`, `/article/${article}`],
      [`/article/%3${String(article)[0]}${String(article).slice(1)}`, `/article/${article}`],
      [`/article/0${article}?x=1`, `/article/${article}`],
      [`/public/articles/category/${category}/?page=0`, `/public/articles/category/${category}`],
      [
        `/public/articles/category/00${category}?page=01&page=3&utm_medium=feed`,
        `/public/articles/category/${category}?page=1&utm_medium=feed`,
      ],
      [`/public/articles/category/${category}?page=500`, `/public/articles/category/${category}?page=19`],
      ['/District/srikakulam/?page=x', '/district/srikakulam'],
      [`/TAG/${nfd}`, `/tag/${nfc}`],
      [`/tag/${nfc.toLowerCase()}`, `/tag/${nfc}`],
      [`/author/${username}`, `/author/${username.toLowerCase()}`],
      ['/search?page=1&query=a%20b&x=1', '/search?query=a+b&page=1'],
      ['/search?query=%20%20', '/search'],
      ['/Search/?query=+a+', '/search?query=a'],
      ['/ABOUT-US', '/about-us'],
      // React Router's data requests for a page (`/x.data`, and `/_.data` for the home page).
      [`/Article/${article}.data`, `/article/${article}.data`],
      [`/article/${article}/_.data`, `/article/${article}.data`],
      ['/_.data?x=1', '/_.data'],
      ['/?utm%5Fsource=x&next', '/?next'],
      [`/article/${article}.data?_routes=article,made-up,root`, `/article/${article}.data?_routes=root%2Carticle`],
    ];
    for (const [url, location] of cases) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
      const page = await app.inject({ url: location });
      expect(page.statusCode, location).toBe(200);
      expect(page.headers['x-render-cache'], location).toBeDefined();
    }
  });

  it("the browser's own parameters stay on the address and are served from the page's one cache entry", async () => {
    const home = await app.inject({ url: '/' });
    await app.inject({ url: '/_.data' });
    const before = await cacheFigures(app);
    const next = encodeURIComponent('/admin-dashboard/usermanagement?role=REPORTER');
    for (const url of [
      `/?next=${next}`,
      '/?utm_source=whatsapp&utm_medium=share',
      '/?fbclid=abc',
      '/?gclid=1&utm_campaign=x',
      `/_.data?next=${next}`,
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-render-cache'], url).toBe('hit');
      if (!url.startsWith('/_.data')) expect(res.body, url).toBe(home.body);
    }
    // Made up reader by reader, they still render nothing and store nothing new.
    for (let i = 0; i < 40; i++) expect((await app.inject({ url: `/?utm_source=${i}&next=%2F${i}` })).statusCode).toBe(200);
    const after = await cacheFigures(app);
    expect({ renders: after.renders - before.renders, entries: after.entries - before.entries }).toEqual({
      renders: 0,
      entries: 0,
    });
    // With a parameter the page does not read, the redirect keeps the browser's ones as sent.
    const mixed = await app.inject({ url: `/ARTICLE/0${article}?x=1&utm_source=feed&next=${next}` });
    expect(mixed.statusCode).toBe(301);
    expect(mixed.headers.location).toBe(`/article/${article}?utm_source=feed&next=${next}`);
    expect((await app.inject({ url: mixed.headers.location as string })).statusCode).toBe(200);
  });

  it('a spelling that names nothing is a 404, never stored; the site links each page by its address', async () => {
    const before = await cacheFigures(app);
    for (const url of ['/article/abc', '/article/0', `/article/+${article}`, `//article/${article}`, `/article//${article}`]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-render-cache'], url).toBeUndefined();
    }
    expect((await cacheFigures(app)).entries).toBe(before.entries);
    // The site's own links need no redirect: the author link on an article, a search page's next page.
    const page = (await app.inject({ url: `/article/${article}` })).body;
    expect(page).toContain(`href="/author/${username.toLowerCase()}"`);
    const search = (await app.inject({ url: '/search?query=%E0%B0%92%E0%B0%95%E0%B1%87+%E0%B0%9A%E0%B0%BF' })).body;
    expect(search).toContain(
      'rel="canonical" href="http://localhost:3000/search?query=%E0%B0%92%E0%B0%95%E0%B1%87+%E0%B0%9A%E0%B0%BF"',
    );
  });

  it("a reset link's page is private and never stored (it carries a secret)", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ url: '/reset-password/secret-token-0123' });
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['surrogate-key']).toBeUndefined();
    }
  });

  it('the API takes an id in its one spelling only: leading zeros name nothing', async () => {
    expect((await app.inject({ url: `/api/public/articles/${article}` })).statusCode).toBe(200);
    for (const url of [
      `/api/public/articles/0${article}`,
      `/api/public/articles/00${article}`,
      `/api/public/articles/+${article}`,
    ])
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    const list = await app.inject({ url: `/api/public/articles/category/0${category}` });
    expect(list.statusCode).toBe(404);
  });
});
