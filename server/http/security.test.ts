// The security layer of `npm test`: cross-origin writes under every spelling of a path (over real
// HTTP), hostile text through every text field and every page, ids past 32 bits, the sanitiser's
// bounds, the pending list's shape, headers on HTML answers under /assets and /media, and the CSP.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import sharp from 'sharp';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp, useTestApp } from '../test/app.ts';
import { buildApp, registeredRoutes } from '../app.ts';
import { categories } from '../db/schema.ts';
import { addArticles, addCategory, addReporter } from '../test/fixtures.ts';
import { hostileText, HOSTILE_SAMPLES } from '../test/hostile.ts';
import { HTML_TOO_DEEP } from '../articles/sanitize.ts';
import type { AppServerBuild } from './ssr.ts';
import { API } from '../../contract/api.ts';
import { MAIL_MESSAGES } from '../../contract/mail.ts';

const t = useTestApp({ listen: true });
let admin: { id: number; cookie: string };
let reporter: { id: number; cookie: string };
beforeAll(async () => {
  admin = await t.signIn('ADMIN');
  reporter = await t.signIn('REPORTER');
});

/** A raw HTTP request: the path goes on the wire exactly as written (no URL normalisation). */
function raw(method: string, rawPath: string, headers: Record<string, string>, body?: string) {
  const { port } = new URL(t.baseUrl);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const framing = body ? { 'content-length': String(Buffer.byteLength(body)) } : {};
    const req = http.request({ host: '127.0.0.1', port, method, path: rawPath, headers: { ...headers, ...framing } }, (res) => {
      let data = '';
      res.on('data', (d) => (data += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

const picture = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#486' } })
    .jpeg()
    .toBuffer();

function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = `----h10${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe(`cross-origin writes under every spelling of a path, over HTTP (${TEST_DB})`, () => {
  const spellings = [
    '/api/admin/categories',
    '/%61pi/admin/categories',
    '/api/%61dmin/categories',
    '/API/admin/categories',
    '/Api/Admin/Categories',
    '//api/admin/categories',
    '/api//admin//categories',
    '/api/admin/categories/',
    '/api/admin/categories?x=1',
    '/./api/admin/categories',
    '/media/../api/admin/categories',
    '/%2561pi/admin/categories',
  ];
  const categoryCount = async () => (await t.services.db.select({ n: count() }).from(categories))[0].n;

  it.each(spellings)('POST %s from another origin is refused and creates nothing', async (spelling) => {
    const before = await categoryCount();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await raw(
        method,
        spelling,
        { cookie: admin.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        JSON.stringify({ name: `evil ${method} ${spelling}` }),
      );
      expect(res.status, `${method} ${spelling}`).toBe(403);
    }
    expect(await categoryCount()).toBe(before);
  });

  it('a foreign multipart upload (no preflight needed) under %61pi is refused', async () => {
    const form = multipart([{ name: 'images', value: await picture(), filename: 'ad.jpg', type: 'image/jpeg' }]);
    const res = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: new URL(t.baseUrl).port,
          method: 'POST',
          path: '/%61pi/admin/ads',
          headers: { cookie: admin.cookie, origin: 'https://evil.example', 'content-type': form.contentType },
        },
        (r) => resolve(r.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end(form.body);
    });
    expect(res).toBe(403);
    expect((await t.api(API.ads.publicList)).json()).toEqual([]);
  });

  it('the same write from the site itself (or a client sending no Origin) goes through', async () => {
    const own = await raw(
      'POST',
      '/api/admin/categories',
      { cookie: admin.cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      JSON.stringify({ name: 'స్వంత మూలం' }),
    );
    expect(own.status).toBe(201);
  });
});

describe(`hostile text through every text field never gives a 500 (${TEST_DB})`, () => {
  const samples = [...HOSTILE_SAMPLES, ...fc.sample(hostileText(), { numRuns: 25, seed: 10 })]
    .map((s) => s.slice(0, 250))
    .filter((s) => s.trim());
  const ids: { categories: number[]; articles: number[] } = { categories: [], articles: [] };

  it('category names: stored or refused with 400, never 500', async () => {
    for (const [i, sample] of samples.entries()) {
      const res = await t.api(API.categories.create, { cookie: admin.cookie, body: { name: `${i} ${sample}`.slice(0, 100) } });
      expect(res.statusCode, JSON.stringify(sample)).toBeLessThan(500);
      if (res.statusCode === 201) ids.categories.push(res.json().id);
    }
    expect(ids.categories.length).toBeGreaterThan(samples.length / 2);
    const featured = await t.api(API.featured.replace, { cookie: admin.cookie, body: ids.categories.slice(0, 20) });
    expect(featured.statusCode).toBe(200);
    const nav = await t.api(API.navigation.replace, {
      cookie: admin.cookie,
      body: ids.categories.slice(0, 10).map((categoryId, i) => ({ categoryId, displayOrder: i + 1 })),
    });
    expect(nav.statusCode).toBe(200);
  });

  it('article title, author, region and content through the reporter API: stored or 400, never 500', async () => {
    const image = await picture();
    for (const [i, sample] of samples.slice(0, 12).entries()) {
      const form = multipart([
        {
          name: 'article',
          value: JSON.stringify({
            title: `శీర్షిక ${sample}`.slice(0, 300),
            author: sample.slice(0, 120),
            region: sample.slice(0, 100),
            content: `<p>${sample}</p>${sample}`,
            categoryIds: [ids.categories[i % ids.categories.length]],
          }),
        },
        { name: 'images', value: image, filename: 'photo.jpg', type: 'image/jpeg' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/articles',
        headers: { cookie: reporter.cookie, 'content-type': form.contentType },
        payload: form.body,
      });
      expect(res.statusCode, `${JSON.stringify(sample)}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode === 201) {
        const id = res.json().id;
        const approve = await t.api(API.review.approve, { params: { id }, cookie: admin.cookie });
        expect(approve.statusCode).toBe(200);
        ids.articles.push(id);
      }
    }
    expect(ids.articles.length).toBeGreaterThan(3);
  });

  it('every public API answer over the hostile articles is 200', async () => {
    const reporterId = (await addReporter(t.services.db, 'hostile_fixture')).id;
    // Straight into the database too: what an older version, or an import, may have stored.
    ids.articles.push(
      ...(await addArticles(
        t.services.db,
        // PostgreSQL cannot store NUL at all (the API answers 400 for it).
        samples
          .map((s) => s.replaceAll('\u0000', '\ufffd'))
          .map((sample, i) => ({
            title: sample,
            content: sample,
            region: sample,
            reporterId,
            categoryIds: [ids.categories[i % ids.categories.length]],
            withImage: true,
          })),
      )),
    );
    const urls = [
      '/api/public/articles/homepage',
      '/api/categories',
      '/api/navigation-categories/public',
      ...ids.categories
        .slice(0, 5)
        .flatMap((c) => [
          `/api/public/articles/category/${c}?page=0&size=5`,
          `/api/public/articles/latest-news/${c}`,
          `/api/public/articles/related/${c}/${ids.articles[0]}`,
        ]),
      ...ids.articles.slice(0, 10).map((a) => `/api/public/articles/${a}`),
      ...samples
        .slice(0, 10)
        .map((s) => `/api/public/articles/search?query=${encodeURIComponent(s.toWellFormed())}&page=0&size=5`),
      '/api/public/articles/search?query=%ED%A0%80',
      '/rss.xml',
      '/sitemap.xml',
      '/news-sitemap.xml',
      ...ids.categories.slice(0, 3).map((c) => `/rss/category/${c}.xml`),
    ];
    const failures: string[] = [];
    for (const url of urls) {
      const res = await t.app.inject({ url });
      if (res.statusCode !== 200) failures.push(`${url}: ${res.statusCode}`);
      if (url.endsWith('.xml')) expect(res.body.isWellFormed()).toBe(true);
    }
    expect(failures).toEqual([]);
  });

  it('text with NUL (PostgreSQL cannot store it) is a 400, not a 500', async () => {
    const res = await t.api(API.categories.create, { cookie: admin.cookie, body: { name: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
  });
});

describe(`ids past the 32-bit range (${TEST_DB})`, () => {
  const big = 99_999_999_999;

  it('never answer 500, on any route, as any caller, in a path or in a body', async () => {
    const failures: string[] = [];
    const routes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/auth/'));
    for (const { method, url } of routes) {
      const p = url.replace(/:[A-Za-z]+/g, String(big)).replace('*', 'x');
      const bodies =
        method === 'GET' || method === 'DELETE'
          ? [undefined]
          : [
              { id: big, categoryId: big, categoryIds: [big], fromReporterId: big, toReporterId: big, newRole: 'USER' },
              [big],
              [{ categoryId: big, displayOrder: 1 }],
            ];
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: method === 'GET' ? `${p}?page=${big}&size=5&pageSize=5` : p,
          headers: { cookie: admin.cookie },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        // A site without SMTP_URL answers its mail routes 503 on purpose: mail is not set up here.
        const noMail = res.statusCode === 503 && res.json<{ message?: string }>().message === MAIL_MESSAGES.notConfigured;
        if (res.statusCode >= 500 && !noMail) failures.push(`${method} ${p} ${JSON.stringify(payload)}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('in a body: 400 naming the field', async () => {
    const featured = await t.api(API.featured.replace, { cookie: admin.cookie, body: [big] });
    expect(featured.statusCode).toBe(400);
    expect(featured.json().message).toBe('Each entry must be a category id');
    const form = multipart([
      {
        name: 'article',
        value: JSON.stringify({ title: 'పెద్ద సంఖ్య', author: 'a', region: 'r', content: '<p>x</p>', categoryIds: [big] }),
      },
      { name: 'images', value: await picture(), filename: 'p.jpg', type: 'image/jpeg' },
    ]);
    const article = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: { cookie: reporter.cookie, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(article.statusCode).toBe(400);
    expect(Object.keys(article.json().errors).join()).toMatch(/^categoryIds/);
  });

  it('in a path: the answer a malformed id gets on that route (404 for public articles)', async () => {
    for (const p of ['/api/public/articles/', '/api/admin/articles/']) {
      const malformed = await t.app.inject({ url: `${p}abc`, headers: { cookie: admin.cookie } });
      const huge = await t.app.inject({ url: `${p}${big}`, headers: { cookie: admin.cookie } });
      expect([huge.statusCode, huge.json().message], p).toEqual([malformed.statusCode, malformed.json().message]);
    }
  });
});

describe(`smaller findings (${TEST_DB})`, () => {
  it('the sanitiser refuses 120,000 nested tags with a 400 at once instead of holding the event loop', async () => {
    // 360 KB, inside the 500 KB limit on an article; the parser closes them all at the end.
    const nested = `${'<b>'.repeat(120_000)}x`;
    const category = await addCategory(t.services.db, 'లోతైన వర్గం');
    const withCategory = multipart([
      {
        name: 'article',
        value: JSON.stringify({ title: 'లోతు', author: 'a', region: 'r', content: nested, categoryIds: [category.id] }),
      },
      { name: 'images', value: await picture(), filename: 'p.jpg', type: 'image/jpeg' },
    ]);
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: { cookie: reporter.cookie, 'content-type': withCategory.contentType },
      payload: withCategory.body,
    });
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: HTML_TOO_DEEP, errors: { content: HTML_TOO_DEEP } });
    // Unbounded it took seconds (~2 s idle, ~30 s on a busy machine); bounded it is a linear scan.
    expect(ms).toBeLessThan(1500);
  });

  it('the pending queue lists articles without their bodies', async () => {
    const res = await t.api(API.review.pending, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    for (const item of res.json()) expect(item).not.toHaveProperty('content');
  });

  it('a JSON 404 under /media/ loses the page-only headers, as any image does', async () => {
    const res = await t.app.inject({ url: '/media/missing-320.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});

// With the real web app build (npm test builds it first): pages over hostile text, and headers.
const buildFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build/server/index.js');
describe.runIf(existsSync(buildFile))(`pages, with the real build (${TEST_DB})`, () => {
  let app: FastifyInstance;
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp();
    app = await buildApp({ services: site.services, build: (await import(buildFile)) as AppServerBuild });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await site.close();
  });

  it('every public page renders over hostile titles and category names (never a 500)', { timeout: 240_000 }, async () => {
    const db = site.services.db;
    const reporterId = (await addReporter(db, 'hostile_pages')).id;
    const names = HOSTILE_SAMPLES.map((s, i) => `${i}${s}`);
    const cats = await db
      .insert(categories)
      .values(names.map((name) => ({ name })).filter((c) => !c.name.includes('\u0000')))
      .returning({ id: categories.id });
    const catIds = cats.map((c) => c.id);
    await site.services.featured.replace(catIds.slice(0, 6));
    const articleIds = await addArticles(
      db,
      [...HOSTILE_SAMPLES, ...fc.sample(hostileText(), { numRuns: 8, seed: 7 })]
        .map((s) => s.replaceAll('\u0000', '\ufffd'))
        .map((title, i) => ({
          title,
          content: `<p>${title}</p>`,
          region: title,
          reporterId,
          categoryIds: [catIds[i % catIds.length]],
          youtubeVideoId: i % 3 === 0 ? 'aqz-KE-bpKQ' : null,
          withImage: true,
        })),
    );
    await site.services.changes.contentChanged('hostile');
    const urls = [
      '/',
      '/about-us',
      ...articleIds.flatMap((id) => [`/article/${id}`, `/public/articles/${id}`]),
      ...catIds.map((id) => `/public/articles/category/${id}`),
      ...HOSTILE_SAMPLES.map((s) => `/search?query=${encodeURIComponent(s.toWellFormed())}`),
      // Broken UTF-8 and an encoded lone surrogate in the query.
      '/search?query=%F0%9F',
      '/search?query=%ED%A0%80',
      '/search?query=%',
      '/rss.xml',
      '/sitemap.xml',
      '/news-sitemap.xml',
    ];
    const failures: string[] = [];
    for (const url of urls) {
      let res = await app.inject({ url });
      // Another spelling of the search page (an encoding of its query) goes to its one address.
      if (res.statusCode === 301) res = await app.inject({ url: String(res.headers.location) });
      if (res.statusCode !== 200) failures.push(`${url}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('scripts need no unsafe-inline: the CSP names the hash of each inline script on the page', async () => {
    for (const url of ['/', '/search?query=x', '/about-us']) {
      const first = await app.inject({ url });
      const again = await app.inject({ url }); // from the render cache
      for (const res of [first, again]) {
        const csp = String(res.headers['content-security-policy']);
        const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '))!;
        expect(scriptSrc).not.toContain('unsafe-inline');
        const inline = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
          // Data blocks (JSON-LD, the shared parts' JSON) are never run: CSP does not ask for their hashes.
          (m) => !/\ssrc=/.test(m[1]) && m[2] && !/application\/(ld\+)?json/.test(m[1]),
        );
        expect(inline.length, url).toBeGreaterThan(0);
        for (const m of inline) {
          expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(m[2]).digest('base64')}'`);
        }
        expect(res.headers['x-csp-script-hashes']).toBeUndefined();
      }
    }
  });

  it('HTML 404 pages under /assets/ and /media/ keep the CSP and frame protection', async () => {
    for (const url of ['/assets/nope.html', '/assets/missing-chunk.js', '/media/nope/page']) {
      const res = await app.inject({ url });
      if (!String(res.headers['content-type']).includes('html')) continue;
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const page = await app.inject({ url: '/assets/nope.html' });
    expect(String(page.headers['content-type'])).toContain('text/html');
  });
});
