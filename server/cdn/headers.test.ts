// Cache tags and Cache-Control of public answers for caches in front, with and without a purger,
// and the purge counts in /metrics.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterContextProvider } from 'react-router';
import { createSsrStandIn, createTestApp, standInBuild, TEST_DB, type TestApp } from '../test/app.ts';
import { slotEnd, slotStart } from '../../app/lib/shared-parts.tsx';
import Fastify from 'fastify';
import { addArticle, addCategories, addReporter } from '../test/fixtures.ts';
import { sendPublic } from '../http/cache.ts';
import { registerCdn } from './http.ts';
import { API } from '../../contract/api.ts';

describe(`cache headers for caches in front (${TEST_DB})`, () => {
  let plain: TestApp;
  let purged: TestApp;
  let port: number;
  beforeAll(async () => {
    // Nobody listens there: every purge fails, which must cost a write nothing.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    await new Promise((resolve) => server.close(resolve));
    [plain, purged] = await Promise.all([
      createTestApp(),
      createTestApp({ env: { PURGE_VARNISH_URLS: `http://127.0.0.1:${port}/` } }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await plain?.close();
    await purged?.close();
  });

  it('public API answers and feeds carry Surrogate-Key and Cache-Tag; without a purger Cache-Control is as before', async () => {
    for (const [url, tag] of [
      ['/api/categories', 'categories'],
      ['/rss.xml', 'any-change'],
      ['/sitemap.xml', 'any-change'],
    ]) {
      const answer = await plain.app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['surrogate-key'], url).toBe(`${tag} all`);
      expect(answer.headers['cache-tag'], url).toBe(`${tag},all`);
      expect(answer.headers['cache-control'], url).not.toContain('s-maxage');
    }
    expect((await plain.api(API.categories.list)).headers['cache-control']).toBe(
      'public, max-age=60, stale-while-revalidate=300',
    );
  });

  it('with a purger, shared caches keep tagged answers long and browsers briefly; private answers stay untagged', async () => {
    const api = await purged.api(API.categories.list);
    expect(api.headers['cache-control']).toBe(`public, s-maxage=86400, max-age=60, stale-while-revalidate=300`);
    const feed = await purged.app.inject({ url: '/rss.xml' });
    expect(feed.headers['cache-control']).toMatch(/^public, s-maxage=86400, max-age=300/);
    const admin = await purged.signIn('ADMIN');
    const mine = await purged.api(API.auth.me, { cookie: admin.cookie });
    expect(mine.headers['surrogate-key']).toBeUndefined();
    expect(mine.headers['cache-control']).not.toContain('s-maxage');
  });

  // Public API answers were all `any-change all`: a CDN dropped every one on any story's change.
  it('public API answers name what they show, as the pages do', async () => {
    const db = plain.services.db;
    const reporter = await addReporter(db, 'api_tags_reporter');
    const [first, second] = await addCategories(db, ['ట్యాగుల వర్గం ఒకటి', 'ట్యాగుల వర్గం రెండు']);
    const id = await addArticle(db, { title: 'ట్యాగుల వార్త', reporterId: reporter.id, categoryIds: [first, second] });
    await plain.services.changes.contentChanged();
    const expected: [string, string][] = [
      [`/api/public/articles/${id}`, `article:${id} category:${first} category:${second} all`],
      [`/api/public/articles/category/${first}`, `category:${first} all`],
      [`/api/public/articles/related/${first}/${id}`, `category:${first} all`],
      [`/api/public/articles/latest-news/${first}`, 'home all'],
      ['/api/public/articles/homepage', 'home all'],
      ['/api/public/articles/search?query=వార్త', 'search all'],
      ['/api/public/articles/most-read', 'shared all'],
      // Any story may move a reporter's list: no change names a reporter, so no `author:<id>` either.
      [`/api/public/authors/api_tags_reporter`, 'any-article all'],
      ['/api/public/districts', 'districts all'],
      ['/api/public/ads', 'ads all'],
      ['/api/navigation-categories/public', 'navigation all'],
      ['/api/categories', 'categories all'],
    ];
    for (const [url, tags] of expected) {
      const answer = await plain.app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['surrogate-key'], url).toBe(tags);
    }
  });

  // The live list promises a fresh answer every few seconds; with a purger it got a day at the edge.
  it('with a purger, an answer shorter-lived than a minute, an error or a redirect keeps its own age at the edge', async () => {
    const reporter = await addReporter(purged.services.db, 'short_lived');
    const story = await addArticle(purged.services.db, { title: 'ప్రత్యక్ష కథనం', reporterId: reporter.id });
    const admin = await purged.signIn('ADMIN');
    expect((await purged.api(API.live.start, { params: { id: story }, cookie: admin.cookie })).statusCode).toBe(200);
    const list = await purged.api(API.live.list, { params: { id: story } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['surrogate-key']).toBeDefined();
    expect(list.headers['cache-control']).toMatch(/^public\b/);
    // The list says its own edge age (server/live/routes.ts); the CDN's day never replaces it.
    expect(list.headers['cache-control']).not.toMatch(/s-maxage=(?!4\b)/);

    const app = Fastify();
    registerCdn(app, purged.services.cdn, 86_400);
    app.get('/:age', (request, reply) => {
      const { age } = request.params as { age: string };
      if (age === 'gone') reply.status(404);
      return sendPublic(request, reply, { age }, { cacheControl: `public, max-age=${age === 'gone' ? 60 : age}` });
    });
    try {
      const controlOf = async (url: string) => (await app.inject({ url })).headers['cache-control'];
      expect(await controlOf('/4')).toBe('public, max-age=4');
      expect(await controlOf('/59')).toBe('public, max-age=59');
      expect(await controlOf('/60')).toBe('public, s-maxage=86400, max-age=60');
      expect(await controlOf('/gone')).toBe('public, max-age=60');
    } finally {
      await app.close();
    }
  });

  it('a write does not wait for a purge that fails; the failure is counted in /metrics', async () => {
    const admin = await purged.signIn('ADMIN');
    const started = performance.now();
    const created = await purged.api(API.categories.create, { cookie: admin.cookie, body: { name: 'కొత్త వర్గం శుద్ధి' } });
    expect(created.statusCode).toBe(201);
    // The purge is retried for over half a minute; the write answered long before.
    expect(performance.now() - started).toBeLessThan(5_000);
    purged.services.cdn.stop();
    await purged.services.cdn.idle();
    const metrics = await purged.app.inject({ url: '/metrics' });
    expect(metrics.body).toContain(`cdn_purges_total{purger="varnish 127.0.0.1:${port}",outcome="failed"} 1`);
  });

  it("pages carry their loaders' tags, and the shared parts' tag when they hold them; to Varnish, includes instead", async () => {
    const build = standInBuild();
    build.entry.module.sharedSlotNames = ['ticker'];
    // A stand-in page: the article page of article 7 in category 3, with the ticker's slot.
    const app = await createSsrStandIn(
      purged.services,
      async (_request: Request, context: RouterContextProvider) => {
        context.get(build.entry.module.cacheTagsContext)?.push('article:7', 'category:3');
        const page = `<!DOCTYPE html><p>వార్త</p>${slotStart('ticker')}ticker${slotEnd('ticker')}<p>ముగింపు</p>`;
        return new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      },
      build,
    );
    try {
      for (const state of ['miss', 'hit']) {
        const page = await app.inject({ url: '/article/7' });
        expect(page.headers['x-render-cache']).toBe(state);
        expect(page.headers['surrogate-key']).toBe('article:7 category:3 shared all');
        expect(page.headers['cache-tag']).toBe('article:7,category:3,shared,all');
        expect(page.body).toContain(`${slotStart('ticker')}`);
        expect(page.body).not.toContain('esi:include');
      }
      const esi = await app.inject({ url: '/article/7', headers: { 'surrogate-capability': 'varnish="ESI/1.0"' } });
      expect(esi.headers['surrogate-key']).toBe('article:7 category:3 all');
      expect(esi.headers['surrogate-control']).toBe('content="ESI/1.0"');
      expect(esi.body).toContain(`${slotStart('ticker')}<esi:include src="/_shared/ticker"/>${slotEnd('ticker')}`);
      // Signed in: no tags (a private answer) and the parts themselves.
      const reader = await purged.signIn('USER');
      const signedIn = await app.inject({
        url: '/article/7',
        headers: { cookie: reader.cookie, 'surrogate-capability': 'ESI/1.0' },
      });
      expect(signedIn.headers['surrogate-key']).toBeUndefined();
      expect(signedIn.body).not.toContain('esi:include');
    } finally {
      await app.close();
    }
  });

  it('without a Varnish configured, a Surrogate-Capability header gets no includes', async () => {
    const build = standInBuild();
    const app = await createSsrStandIn(
      plain.services,
      async () =>
        new Response(`<p>x</p>${slotStart('ticker')}ticker${slotEnd('ticker')}`, {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        }),
      build,
    );
    try {
      const page = await app.inject({ url: '/article/8', headers: { 'surrogate-capability': 'cdn="ESI/1.0"' } });
      expect(page.body).not.toContain('esi:include');
      expect(page.headers['surrogate-key']).toBe('any-change shared all');
    } finally {
      await app.close();
    }
  });
});
