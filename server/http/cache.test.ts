import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { RouterContextProvider } from 'react-router';
import { slotEnd, slotStart } from '../../app/lib/shared-parts.tsx';
import { createSsrStandIn, standInBuild, standInSharedSlot, TEST_DB, useTestApp, injectRoute } from '../test/app.ts';
import { API } from '../../contract/api.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createRenderCache } from './page-cache/store.ts';
import { createSsrHandler, type AppServerBuild } from './ssr.ts';
import { buildApp } from '../app.ts';
import { articles } from '../db/schema.ts';
import { addArticle, addCategory, addReporter } from '../test/fixtures.ts';

describe(`SSR adapter with render cache (${TEST_DB})`, () => {
  const t = useTestApp();
  let app: FastifyInstance;
  let renders = 0;
  let renderedWithCookie = false;
  let reporterId: number;

  beforeAll(async () => {
    reporterId = (await addReporter(t.services.db, 'cache_reporter')).id;
    // A stand-in for React Router: renders the number of approved articles from the database.
    const handle = async (request: Request) => {
      renders++;
      renderedWithCookie = request.headers.has('cookie');
      const [{ n }] = await t.services.db.select({ n: count() }).from(articles).where(eq(articles.approvalStatus, 'APPROVED'));
      const url = new URL(request.url);
      if (url.pathname === '/slow' || url.searchParams.get('query') === 'slow') await new Promise((r) => setTimeout(r, 100));
      if (url.pathname === '/long')
        return new Response(`<p>${'తెలుగు వార్త '.repeat(500)}</p>`, { headers: { 'content-type': 'text/html' } });
      if (url.pathname === '/missing')
        return new Response('<p>none</p>', { status: 404, headers: { 'content-type': 'text/html' } });
      return new Response(`<p>${url.pathname} approved=${n}</p>`, {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    };
    app = await createSsrStandIn(t.services, handle);
  });
  afterAll(() => app.close());

  it('renders an anonymous page once, then serves it from the cache with CDN headers and an ETag', async () => {
    const before = renders;
    const first = await app.inject({ url: '/news' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('<p>/news approved=0</p>');
    expect(first.headers['x-render-cache']).toBe('miss');
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    const second = await app.inject({ url: '/news' });
    expect(second.headers['x-render-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(renders).toBe(before + 1);
    const revalidated = await app.inject({ url: '/news', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('compresses a cached page once per encoding and sends what the reader accepts', async () => {
    const plain = await app.inject({ url: '/long' });
    const br = await app.inject({ url: '/long', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    const gzip = await app.inject({ url: '/long', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // One ETag for the page whatever the encoding (weak, so it may be compared across encodings).
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    expect(String(plain.headers.etag)).toMatch(/^W\//);
  });

  it('keys a public page on its path and the query parameters it reads, .data requests included', async () => {
    const a = await app.inject({ url: '/search?query=a' });
    const b = await app.inject({ url: '/search?query=b' });
    const data = await app.inject({ url: '/search.data?query=a' });
    expect([a, b, data].map((r) => r.headers['x-render-cache'])).toEqual(['miss', 'miss', 'miss']);
    expect((await app.inject({ url: '/search?query=a' })).headers['x-render-cache']).toBe('hit');
    // A parameter the page does not read is another spelling: sent to the page's address, no render.
    const before = renders;
    const junk = await app.inject({ url: '/search?x=1&query=a&utm_source=feed' });
    expect(junk.statusCode).toBe(301);
    expect(junk.headers.location).toBe('/search?query=a&utm_source=feed');
    // A tracking tag only the browser reads: the stored page, under the address as sent.
    expect((await app.inject({ url: '/search?query=a&utm_source=feed' })).headers['x-render-cache']).toBe('hit');
    expect(renders).toBe(before);
  });

  it('does not let made-up query parameters force renders or fill the cache', async () => {
    await app.inject({ url: '/' });
    const before = renders;
    for (let i = 0; i <= 20; i++) {
      const res = await app.inject({ url: `/?x=${i}` });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('/');
    }
    expect(renders).toBe(before);
    // A page no route declares a policy for is never cached.
    const other = await app.inject({ url: '/elsewhere?x=1' });
    expect(other.headers['x-render-cache']).toBeUndefined();
    await app.inject({ url: '/elsewhere?x=1' });
    expect(renders).toBe(before + 2);
  });

  it('shows an approval on the very next request', async () => {
    const id = await addArticle(t.services.db, { title: 'కొత్త వార్త', reporterId, status: 'PENDING' });
    expect((await app.inject({ url: '/news' })).body).toBe('<p>/news approved=0</p>');
    // What the review service does on approve: commit, then announce the change.
    await t.services.db.update(articles).set({ approvalStatus: 'APPROVED' }).where(eq(articles.id, id));
    await t.services.changes.contentChanged('article');
    const next = await app.inject({ url: '/news' });
    expect(next.headers['x-render-cache']).toBe('miss');
    expect(next.body).toBe('<p>/news approved=1</p>');
  });

  it('shares one render among readers arriving while it is under way', async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject({ url: '/slow' })));
    expect(renders).toBe(before + 1);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(['<p>/slow approved=1</p>']));
    expect(answers.filter((a) => a.headers['x-render-cache'] === 'miss')).toHaveLength(1);
  });

  it('does not share a render that started before a content change', async () => {
    const before = renders;
    const first = app.inject({ url: '/search?query=slow' });
    await new Promise((r) => setTimeout(r, 20));
    await t.services.changes.contentChanged('article');
    const second = app.inject({ url: '/search?query=slow' });
    await Promise.all([first, second]);
    expect(renders).toBe(before + 2);
  });

  it('sees a change at once when the feed is subscribed (as in production), before the NOTIFY echo', async () => {
    await t.services.changes.subscribe();
    expect((await app.inject({ url: '/search?query=subscribed' })).headers['x-render-cache']).toBe('miss');
    expect((await app.inject({ url: '/search?query=subscribed' })).headers['x-render-cache']).toBe('hit');
    const before = t.services.changes.version;
    await t.services.changes.contentChanged('article');
    expect(t.services.changes.version).toBeGreaterThan(before);
    expect((await app.inject({ url: '/search?query=subscribed' })).headers['x-render-cache']).toBe('miss');
  });

  it('renders signed-in requests fresh every time and marks them private', async () => {
    const before = renders;
    const res = await app.inject({ url: '/elsewhere', headers: { cookie: 'sid=whatever' } });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-render-cache']).toBeUndefined();
    await app.inject({ url: '/elsewhere', headers: { cookie: 'sid=whatever' } });
    expect(renders).toBe(before + 2);
  });

  it('serves signed-in readers the cached public page, rendered without their cookie', async () => {
    const anonymous = await app.inject({ url: '/about-us' });
    expect(anonymous.headers['x-render-cache']).toBe('miss');
    const before = renders;
    const signedIn = await app.inject({ url: '/about-us', headers: { cookie: 'sid=whatever' } });
    expect(signedIn.headers['x-render-cache']).toBe('hit');
    expect(signedIn.body).toBe(anonymous.body);
    expect(renders).toBe(before);
    // A signed-in reader first: the page is rendered as for anyone, then shared.
    const first = await app.inject({ url: '/public/articles/category/99', headers: { cookie: 'sid=whatever' } });
    expect(first.headers['x-render-cache']).toBe('miss');
    expect(renderedWithCookie).toBe(false);
    // Shared render, but the signed-in browser revalidates each time: an editor sees their change at once.
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect((await app.inject({ url: '/public/articles/category/99' })).headers['x-render-cache']).toBe('hit');
  });

  it('renders every request with RENDER_CACHE=off', async () => {
    const off = Fastify();
    await off.register(cookie);
    const services = { ...t.services, config: { ...t.services.config, renderCache: false } };
    const build = standInBuild();
    const handle = async () => {
      renders++;
      return new Response('<p>off</p>', { headers: { 'content-type': 'text/html' } });
    };
    off.route({ method: ['GET', 'HEAD'], url: '/*', handler: createSsrHandler(build, services, { handle }) });
    const before = renders;
    for (let i = 0; i < 3; i++) expect((await off.inject({ url: '/' })).headers['x-render-cache']).toBeUndefined();
    expect(renders).toBe(before + 3);
    await off.close();
  });

  it('does not cache error pages', async () => {
    const before = renders;
    await app.inject({ url: '/missing' });
    const again = await app.inject({ url: '/missing' });
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-render-cache']).toBeUndefined();
    expect(renders).toBe(before + 2);
  });
});

describe(`page cache: declared policies and shared parts (${TEST_DB})`, () => {
  const t = useTestApp();
  const build = standInBuild();
  const cache = createRenderCache({ version: () => t.services.changes.version });
  let app: FastifyInstance;
  let renders = 0;
  let reporterId: number;

  beforeAll(async () => {
    reporterId = (await addReporter(t.services.db, 'parts_reporter')).id;
    // A stand-in for React Router: an article page names its article and category 7, every page
    // draws the ticker in its slot from the shared parts it is given, then its own part.
    const handle = async (request: Request, context: RouterContextProvider) => {
      renders++;
      const url = new URL(request.url);
      const article = /^\/article\/(\d+)$/.exec(url.pathname);
      if (article) context.get(build.entry.module.cacheTagsContext)?.push(`article:${article[1]}`, 'category:7');
      const parts = context.get(build.entry.module.sharedPartsContext)!;
      const ticker = `${slotStart('ticker')}${standInSharedSlot('ticker', parts)}${slotEnd('ticker')}`;
      return new Response(`<header>${ticker}</header><main>${url.pathname} ${'వార్త '.repeat(200)} #${renders}</main>`, {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    };
    app = Fastify();
    await app.register(cookie);
    app.route({ method: ['GET', 'HEAD'], url: '/*', handler: createSsrHandler(build, t.services, { handle, cache }) });
    await app.ready();
  });
  afterAll(() => app.close());

  it('never caches a path whose route declares no policy: reset links, dashboard shells, unknown paths', async () => {
    await app.inject({ url: '/' });
    const entries = cache.size;
    const before = renders;
    const paths = ['/reset-password/abc', '/admin-dashboard', '/no/such/page'];
    for (let i = 0; i < 50; i++) paths.push(`/made-up-${i}`, `/reset-password/${i}`);
    for (const url of paths) {
      const res = await app.inject({ url });
      expect(res.headers['x-render-cache'], url).toBeUndefined();
    }
    expect(renders).toBe(before + paths.length);
    expect(cache.size).toBe(entries);
    // The home page is still there.
    expect((await app.inject({ url: '/' })).headers['x-render-cache']).toBe('hit');
  });

  it('drops a page by the tags its loader declared; a page that declares none goes on any change', async () => {
    for (const url of ['/article/5', '/news']) await app.inject({ url });
    await t.services.changes.contentChanged({ articles: [9], categories: [8] });
    expect((await app.inject({ url: '/article/5' })).headers['x-render-cache']).toBe('hit');
    expect((await app.inject({ url: '/news' })).headers['x-render-cache']).toBe('miss');
    await t.services.changes.contentChanged({ articles: [], categories: [7] });
    expect((await app.inject({ url: '/article/5' })).headers['x-render-cache']).toBe('miss');
  });

  it('joins the current ticker into a cached page without rendering it again, with a new ETag', async () => {
    const first = await app.inject({ url: '/article/6' });
    const before = renders;
    const title = 'సంయుక్త శీర్షిక';
    expect(first.body).not.toContain(title);
    // An approval elsewhere: another article in another category.
    const id = await addArticle(t.services.db, { title, reporterId, status: 'APPROVED' });
    await t.services.changes.contentChanged({ articles: [id], categories: [8] });
    const next = await app.inject({ url: '/article/6', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(next.statusCode).toBe(200);
    expect(next.headers['x-render-cache']).toBe('hit');
    // The newest headline leads the ticker.
    expect(next.body).toContain(`${slotStart('ticker')}${title}`);
    expect(next.body.replace(/<header>.*<\/header>/, '')).toBe(first.body.replace(/<header>.*<\/header>/, ''));
    expect(next.headers.etag).not.toBe(first.headers.etag);
    expect(renders).toBe(before);
    // Joined once: compressed copies and 304s follow the joined page.
    const br = await app.inject({ url: '/article/6', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(next.body);
    const revalidated = await app.inject({ url: '/article/6', headers: { 'if-none-match': String(next.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(renders).toBe(before);
  });
});

// The real web app build, when one exists: the home page HTML is cached and an approval shows at once.
const buildFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build/server/index.js');
describe.runIf(existsSync(buildFile))(`real build: home page after an approval (${TEST_DB})`, () => {
  const t = useTestApp();
  let app: FastifyInstance;
  beforeAll(async () => {
    const build = (await import(buildFile)) as AppServerBuild;
    app = await buildApp({ services: t.services, build });
    await app.ready();
  });
  afterAll(() => app.close());

  it('on an empty database says so where the latest carousel and the featured pane would be', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('No latest articles');
    expect(home.body).toContain('No featured category selected');
  });

  it('writes no modulepreload links; the home and article pages carry the islands entry instead of React Router', async () => {
    const search = await app.inject({ url: '/search' });
    expect(search.body).not.toContain('rel="modulepreload"');
    expect(search.body).toContain('window.__reactRouterContext');
    const home = await app.inject({ url: '/' });
    expect(home.body).toMatch(/s\.src="\/assets\/entry\.client-[\w-]+\.js"/);
    expect(home.body).not.toContain('window.__reactRouterContext');
    expect(home.body).not.toContain('rel="modulepreload"');

    const reporterId = (await addReporter(t.services.db, 'islands')).id;
    const id = await addArticle(t.services.db, { title: 'దీవుల పేజీ', reporterId, status: 'APPROVED' });
    const article = await app.inject({ url: `/article/${id}` });
    expect(article.statusCode).toBe(200);
    expect(article.body).toMatch(/s\.src="\/assets\/entry\.client-[\w-]+\.js"/);
    expect(article.body).not.toContain('window.__reactRouterContext');
    expect(article.body).not.toContain('rel="modulepreload"');
    const share = /<div class="island" data-island="share" data-props="([^"]*)"/.exec(article.body);
    expect(JSON.parse(share![1].replaceAll('&quot;', '"'))).toEqual({
      url: `http://localhost:3000/article/${id}`,
      title: 'దీవుల పేజీ',
      pictureUrl: expect.stringMatching(/^\/media\/card-\d+-\w+-square\.jpg$/),
    });
    expect(article.body).toContain('data-island="header"');
  });

  it("links on islands pages are plain anchors (no router runs there); React Router's links stay elsewhere", async () => {
    const category = (await addCategory(t.services.db, 'సాదా లింకులు')).id;
    const reporterId = (await addReporter(t.services.db, 'plain_links')).id;
    const ids = [];
    for (const title of ['మొదటి వార్త', 'రెండవ వార్త'])
      ids.push(await addArticle(t.services.db, { title, reporterId, status: 'APPROVED', categoryIds: [category] }));
    const article = await app.inject({ url: `/article/${ids[0]}` });
    // The related list links the other article, the breadcrumb the category: both plain.
    expect(article.body).toContain(`<a href="/public/articles/${ids[1]}">`);
    expect(article.body).toContain(`<a href="/public/articles/category/${category}">`);
    expect(article.body).not.toContain('data-discover');
    expect((await app.inject({ url: '/' })).body).not.toContain('data-discover');
    // A router page keeps <Link> (client navigation, route discovery).
    const listing = await app.inject({ url: `/public/articles/category/${category}` });
    expect(listing.body).toMatch(new RegExp(`<a [^>]*href="/public/articles/${ids[1]}" data-discover="true"`));
  });

  it('serves the cached page until an approval, then the new headline', async () => {
    const reporterId = (await addReporter(t.services.db, 'real_build')).id;
    const id = await addArticle(t.services.db, { title: 'ప్రత్యేక శీర్షిక పరీక్ష', reporterId, status: 'PENDING' });
    const first = await app.inject({ url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(first.body).not.toContain('ప్రత్యేక శీర్షిక పరీక్ష');
    expect((await app.inject({ url: '/' })).headers['x-render-cache']).toBe('hit');
    // The admin approves through the admin API
    const admin = await t.signIn('ADMIN');
    const approve = await injectRoute(app, API.review.approve, { params: { id: id }, cookie: admin.cookie });
    expect(approve.statusCode).toBe(200);
    const next = await app.inject({ url: '/' });
    expect(next.headers['x-render-cache']).toBe('miss');
    expect(next.body).toContain('ప్రత్యేక శీర్షిక పరీక్ష');
    // A signed-in reader gets the very same cached page.
    const signedIn = await app.inject({ url: '/', headers: { cookie: admin.cookie } });
    expect(signedIn.headers['x-render-cache']).toBe('hit');
    expect(signedIn.body).toBe(next.body);
  });

  it('an approval drops only the pages it can affect; every page that shows the article shows it next', async () => {
    const reporterId = (await addReporter(t.services.db, 'targeted')).id;
    const a = await addCategory(t.services.db, 'వర్గం ఏ');
    const b = await addCategory(t.services.db, 'వర్గం బీ');
    const inA = await addArticle(t.services.db, { title: 'ఏ లో పాత వార్త', reporterId, categoryIds: [a.id] });
    const inB = await addArticle(t.services.db, { title: 'బీ లో పాత వార్త', reporterId, categoryIds: [b.id] });
    const title = 'లక్ష్యిత తొలగింపు శీర్షిక';
    const fresh = await addArticle(t.services.db, { title, reporterId, categoryIds: [a.id], status: 'PENDING' });
    const affected = ['/', `/public/articles/category/${a.id}`, `/article/${inA}`, `/search?query=లక్ష్యిత`];
    const unaffected = [`/public/articles/category/${b.id}`, `/article/${inB}`, '/about-us'];
    for (const url of [...affected, ...unaffected]) {
      expect((await app.inject({ url })).statusCode).toBe(200);
      expect((await app.inject({ url })).headers['x-render-cache']).toBe('hit');
    }
    const admin = await t.signIn('ADMIN');
    const approve = await injectRoute(app, API.review.approve, { params: { id: fresh }, cookie: admin.cookie });
    expect(approve.statusCode).toBe(200);
    for (const url of unaffected) expect((await app.inject({ url })).headers['x-render-cache'], url).toBe('hit');
    for (const url of affected) {
      const res = await app.inject({ url });
      expect(res.headers['x-render-cache'], url).toBe('miss');
      expect(res.body, url).toContain(title);
    }
    expect((await app.inject({ url: `/article/${fresh}` })).body).toContain(title);
  });
});
