// Cache tags and Cache-Control of public answers for caches in front, with and without a purger,
// and the purge counts in /metrics.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterContextProvider } from 'react-router';
import { createSsrStandIn, createTestApp, standInBuild, TEST_DB, type TestApp } from '../test/app.ts';
import { slotEnd, slotStart } from '../../app/lib/shared-parts.tsx';

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
    for (const url of ['/api/categories', '/rss.xml', '/sitemap.xml']) {
      const answer = await plain.app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['surrogate-key'], url).toBe('any-change all');
      expect(answer.headers['cache-tag'], url).toBe('any-change,all');
      expect(answer.headers['cache-control'], url).not.toContain('s-maxage');
    }
    expect((await plain.app.inject({ url: '/api/categories' })).headers['cache-control']).toBe(
      'public, max-age=60, stale-while-revalidate=300',
    );
  });

  it('with a purger, shared caches keep tagged answers long and browsers briefly; private answers stay untagged', async () => {
    const api = await purged.app.inject({ url: '/api/categories' });
    expect(api.headers['cache-control']).toBe(`public, s-maxage=86400, max-age=60, stale-while-revalidate=300`);
    const feed = await purged.app.inject({ url: '/rss.xml' });
    expect(feed.headers['cache-control']).toMatch(/^public, s-maxage=86400, max-age=300/);
    const admin = await purged.signIn('ADMIN');
    const mine = await purged.call('GET', '/api/auth/me', admin.cookie);
    expect(mine.headers['surrogate-key']).toBeUndefined();
    expect(mine.headers['cache-control']).not.toContain('s-maxage');
  });

  it('a write does not wait for a purge that fails; the failure is counted in /metrics', async () => {
    const admin = await purged.signIn('ADMIN');
    const started = performance.now();
    const created = await purged.call('POST', '/api/admin/categories', admin.cookie, { name: 'కొత్త వర్గం శుద్ధి' });
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
