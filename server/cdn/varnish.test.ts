// Through a real Varnish (Debian's varnishd with vmod xkey) running deploy/varnish/default.vcl in
// front of the app on a real port: an approval is on the home and category pages at once, every
// page's ticker shows it (ESI fragments purged by their tag), and an unrelated article page stays
// in Varnish's cache, its backend never asked again. And the review's edge attacks: 150 spellings
// of one page, made-up hosts and Save-Data values (one stored copy), and purges through a TLS
// proxy on the same host (refused without the purge secret).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp, injectRoute } from '../test/app.ts';
import { API } from '../../contract/api.ts';
import { buildApp } from '../app.ts';
import { addArticle, addCategory, addReporter } from '../test/fixtures.ts';
import { slotEnd, slotStart } from '../../app/lib/shared-parts.tsx';
import type { AppServerBuild } from '../http/ssr.ts';
import { spellingsOf } from '../test/spellings.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const buildFile = path.resolve(here, '../../build/server/index.js');
const VCL = path.resolve(here, '../../deploy/varnish/default.vcl');
const VARNISHD = '/usr/sbin/varnishd';

if (!existsSync(VARNISHD))
  console.warn(
    `Skipping the Varnish tests: ${VARNISHD} is absent (Debian: apt-get install varnish varnish-modules; .ci/run does).`,
  );

/** A port nobody listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };
/** A GET as a browser sends it (gzip accepted), the body decoded; redirects are not followed. */
function get(port: number, url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path: url, method, headers: { 'accept-encoding': 'gzip', ...headers } };
    const req = httpRequest(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode!, headers: res.headers, body: body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const slotOf = (html: string, slot: string) => {
  const start = html.indexOf(slotStart(slot));
  expect(start, `slot ${slot}`).toBeGreaterThan(-1);
  return html.slice(start + slotStart(slot).length, html.indexOf(slotEnd(slot), start));
};

type Varnish = { port: number; stop(): Promise<void> };
/** varnishd on `port` with the shipped VCL in front of the app at `backendPort`. */
async function startVarnish(port: number, backendPort: number, env: Record<string, string> = {}): Promise<Varnish> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'news-varnish-'));
  const vcl = (await readFile(VCL, 'utf8'))
    .replace(/\.host = "[^"]*";/, '.host = "127.0.0.1";')
    .replace(/\.port = "[^"]*";/, `.port = "${backendPort}";`);
  expect(vcl).toContain(`.port = "${backendPort}";`);
  await writeFile(path.join(workDir, 'default.vcl'), vcl);
  const args = ['-F', '-n', path.join(workDir, 'n'), '-a', `127.0.0.1:${port}`, '-f', path.join(workDir, 'default.vcl')];
  const child = spawn(VARNISHD, [...args, '-s', 'malloc,64m', '-j', 'none'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, ...env },
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  for (let i = 0; ; i++) {
    const up = await get(port, '/healthz').then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (up) break;
    if (i > 300 || child.exitCode !== null) throw new Error(`varnishd did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

/** A TCP pass-through on loopback to `port`, as a TLS proxy on Varnish's host is: every client is 127.0.0.1. */
async function sameHostProxy(port: number): Promise<{ port: number; server: Server }> {
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

const PURGE_TOKEN = 'purge-secret-0123456789abcdef';

describe.runIf(existsSync(VARNISHD) && existsSync(buildFile))(`through Varnish (${TEST_DB})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let varnish: Varnish;
  let port: number;
  let backendPort: number;
  /** Paths the app was asked for (by Varnish). */
  const backendAsked: string[] = [];
  let reporterId: number;
  let categoryB: number;
  let categoryC: number;
  let inB: number;

  beforeAll(async () => {
    // Varnish's port is chosen before the app starts: the app's purger is configured with it.
    port = await freePort();
    t = await createTestApp({ env: { PURGE_VARNISH_URLS: `http://127.0.0.1:${port}/`, PURGE_TOKEN } });
    const build = (await import(buildFile)) as AppServerBuild;
    app = await buildApp({ services: t.services, build });
    app.addHook('onRequest', async (request) => {
      backendAsked.push(request.url);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    backendPort = (app.server.address() as { port: number }).port;
    varnish = await startVarnish(port, backendPort, { PURGE_TOKEN });
    reporterId = (await addReporter(t.services.db, 'varnish_reporter')).id;
    categoryB = (await addCategory(t.services.db, 'వార్నిష్ వర్గం బీ')).id;
    categoryC = (await addCategory(t.services.db, 'వార్నిష్ వర్గం సీ')).id;
    inB = await addArticle(t.services.db, { title: 'బీ లో పాత వార్త', reporterId, categoryIds: [categoryB] });
    await t.services.changes.contentChanged();
  }, 180_000);

  afterAll(async () => {
    // No purge is sent (or retried) to the Varnish about to stop.
    t?.services.cdn.stop();
    await varnish?.stop();
    await app?.close();
    await t?.close();
  });

  /** Through Varnish twice: the second answer comes from its cache. */
  async function inVarnish(url: string) {
    expect((await get(port, url)).status, url).toBe(200);
    const again = await get(port, url);
    expect(again.headers['x-cache'], url).toBe('HIT');
    return again;
  }

  it('the app tags its answers; to Varnish it sends pages with ESI includes and the parts at /_shared', async () => {
    const direct = await app.inject({ url: `/article/${inB}` });
    expect(direct.headers['surrogate-key']).toBe(`article:${inB} category:${categoryB} shared all`);
    expect(direct.headers['cache-tag']).toBe(`article:${inB},category:${categoryB},shared,all`);
    // A purger is configured: shared caches keep it long, browsers a minute.
    expect(direct.headers['cache-control']).toBe('public, s-maxage=86400, max-age=60, stale-while-revalidate=600');
    expect(direct.body).not.toContain('<esi:include');

    const viaVarnish = await app.inject({ url: `/article/${inB}`, headers: { 'surrogate-capability': 'varnish=ESI/1.0' } });
    expect(viaVarnish.headers['surrogate-control']).toBe('content="ESI/1.0"');
    expect(viaVarnish.headers['surrogate-key']).toBe(`article:${inB} category:${categoryB} all`);
    expect(slotOf(viaVarnish.body, 'ticker')).toBe('<esi:include src="/_shared/ticker"/>');

    const fragment = await app.inject({ url: '/_shared/ticker' });
    expect(fragment.statusCode).toBe(200);
    expect(fragment.headers['surrogate-key']).toBe('shared all');
    expect(fragment.body).toBe(slotOf(direct.body, 'ticker'));
    expect((await app.inject({ url: '/_shared/nothing' })).statusCode).toBe(404);
  });

  it('an approval is on the home and category pages at once, in every ticker, and an unrelated article page stays cached', async () => {
    const title = 'వార్నిష్ ద్వారా ఆమోదించిన వార్త';
    const fresh = await addArticle(t.services.db, { title, reporterId, categoryIds: [categoryC], status: 'PENDING' });
    const home = await inVarnish('/');
    const listing = await inVarnish(`/public/articles/category/${categoryC}`);
    const article = await inVarnish(`/article/${inB}`);
    // The API's answer for the unrelated article names it (it was `any-change`: purged by every approval).
    await inVarnish(`/api/public/articles/${inB}`);
    for (const page of [home, listing, article]) {
      expect(page.body).not.toContain(title);
      expect(page.body).not.toContain('esi:include');
    }
    // Varnish stores gzip and sends it to a browser that takes it.
    expect(article.headers['content-encoding']).toBe('gzip');

    const admin = await t.signIn('ADMIN');
    const approve = await injectRoute(app, API.review.approve, { params: { id: fresh }, cookie: admin.cookie });
    expect(approve.statusCode).toBe(200);
    await t.services.cdn.idle();
    expect(t.services.cdn.counts.get(`varnish 127.0.0.1:${port}`)).toMatchObject({ failed: 0 });

    backendAsked.length = 0;
    const homeAfter = await get(port, '/');
    expect(homeAfter.body).toContain(title);
    const listingAfter = await get(port, `/public/articles/category/${categoryC}`);
    expect(listingAfter.body).toContain(title);
    expect(slotOf(listingAfter.body, 'ticker')).toContain(title);

    const articleAfter = await get(port, `/article/${inB}`);
    expect(articleAfter.headers['x-cache']).toBe('HIT');
    expect(Number(articleAfter.headers.age)).toBeGreaterThanOrEqual(0);
    expect(slotOf(articleAfter.body, 'ticker')).toContain(title);
    expect(articleAfter.body).toContain(`"id":${fresh}`);
    // The article page itself was not asked for again: only the fragments were.
    expect(backendAsked).not.toContain(`/article/${inB}`);
    expect(backendAsked).toContain('/_shared/ticker');
    expect((await get(port, `/api/public/articles/${inB}`)).headers['x-cache']).toBe('HIT');
    expect(backendAsked).not.toContain(`/api/public/articles/${inB}`);
  });

  // The review's attack: through Varnish every spelling of a page missed and was stored (40 of 40).
  it('150 spellings of a page are 301s Varnish does not store; the page is rendered and stored once', async () => {
    const canonical = `/public/articles/${inB}`;
    // As a client may send them; Varnish itself does not resolve dot segments.
    const spellings = [...spellingsOf(inB, 148), `/public/./articles/${inB}`, `/x/../public/articles/${inB}`];
    backendAsked.length = 0;
    const statuses: Record<string, number> = {};
    const cache: Record<string, number> = {};
    for (const url of spellings) {
      const answer = await get(port, url);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status === 301) expect(answer.headers.location, url).toBe(canonical);
      // The reader's browser follows the redirect to the page's one address.
      const followed = answer.status === 301 ? await get(port, String(answer.headers.location)) : answer;
      cache[String(followed.headers['x-cache'])] = (cache[String(followed.headers['x-cache'])] ?? 0) + 1;
    }
    const rendered = backendAsked.filter((url) => !url.startsWith('/_shared/') && url === canonical);
    expect({ statuses, cache, rendered: rendered.length }).toEqual({
      statuses: { 301: 150 },
      cache: { MISS: 1, HIT: 149 },
      rendered: 1,
    });
    // Asked again, a spelling is answered by the app again (a redirect takes no room in Varnish).
    const again = await get(port, spellings[0]);
    expect(again.status).toBe(301);
    expect(again.headers['x-cache']).toBe('MISS');
  });

  it("the browser's own parameters reach the page as sent and share its one stored copy", async () => {
    const url = `/public/articles/category/${categoryC}`;
    await inVarnish(url);
    backendAsked.length = 0;
    const cache: Record<string, number> = {};
    for (let i = 0; i < 40; i++) {
      for (const query of [`?utm_source=${i}`, `?next=%2Fx${i}&utm_medium=m`, `?fbclid=${i}&gclid=${i}`]) {
        const answer = await get(port, `${url}${query}`);
        expect(answer.status, query).toBe(200);
        cache[String(answer.headers['x-cache'])] = (cache[String(answer.headers['x-cache'])] ?? 0) + 1;
      }
    }
    expect({ cache, backend: backendAsked.filter((asked) => !asked.startsWith('/_shared/')) }).toEqual({
      cache: { HIT: 120 },
      backend: [],
    });
    // Any other parameter is still another spelling: a redirect, never a copy.
    expect((await get(port, `${url}?utm_source=a&ref=b`)).headers.location).toBe(`${url}?utm_source=a`);
  });

  it('made-up Host headers and Save-Data values share the one stored copy of a page', async () => {
    const url = `/public/articles/category/${categoryB}`;
    await inVarnish(url);
    const cache: Record<string, number> = {};
    for (let i = 0; i < 40; i++) {
      for (const headers of [{ host: `made-up-${i}.example` }, { 'save-data': `x${i}` }] as Record<string, string>[]) {
        const answer = await get(port, url, headers);
        cache[String(answer.headers['x-cache'])] = (cache[String(answer.headers['x-cache'])] ?? 0) + 1;
      }
    }
    expect(cache).toEqual({ HIT: 80 });
    // `on` is the one value that means something: its own (smaller pictures) copy, stored once.
    expect((await get(port, url, { 'save-data': 'on' })).headers['x-cache']).toBe('MISS');
    expect((await get(port, url, { 'save-data': 'On ' })).headers['x-cache']).toBe('HIT');
  });

  // The review's attack: through a TLS proxy on Varnish's host every client is 127.0.0.1, which the
  // shipped VCL trusted: `PURGE` with `xkey: all` from anywhere answered "200 Purged 5".
  it('refuses a purge through a same-host proxy without the purge secret; accepts it with the secret', async () => {
    const proxy = await sameHostProxy(port);
    try {
      await inVarnish(`/article/${inB}`);
      const attempts: Record<string, string>[] = [
        { xkey: 'all' },
        { xkey: 'all', 'purge-token': `${PURGE_TOKEN}x` },
        { xkey: 'all', 'purge-token': '' },
      ];
      for (const headers of attempts) {
        const refused = await get(proxy.port, '/', headers, 'PURGE');
        expect(refused.status, JSON.stringify(headers)).toBe(403);
      }
      // Straight from loopback, without the secret, is refused too: an address proves nothing.
      expect((await get(port, '/', { xkey: 'all' }, 'PURGE')).status).toBe(403);
      expect((await get(port, `/article/${inB}`)).headers['x-cache']).toBe('HIT');

      const accepted = await get(proxy.port, '/', { xkey: `article:${inB}`, 'purge-token': PURGE_TOKEN }, 'PURGE');
      expect(accepted.status).toBe(200);
      expect((await get(port, `/article/${inB}`)).headers['x-cache']).toBe('MISS');
      // The product's purger sends the secret.
      await inVarnish(`/article/${inB}`);
      const ok = t.services.cdn.counts.get(`varnish 127.0.0.1:${port}`)!.ok;
      t.services.cdn.purge([`article:${inB}`]);
      await t.services.cdn.idle();
      expect(t.services.cdn.counts.get(`varnish 127.0.0.1:${port}`)).toEqual({ ok: ok + 1, failed: 0 });
      expect((await get(port, `/article/${inB}`)).headers['x-cache']).toBe('MISS');
    } finally {
      await new Promise((resolve) => proxy.server.close(resolve));
    }
  });

  it('without PURGE_TOKEN in its environment the shipped VCL takes purges from no address (its ACL is empty)', async () => {
    const bare = await startVarnish(await freePort(), backendPort);
    try {
      expect((await get(bare.port, '/', { xkey: 'all' }, 'PURGE')).status).toBe(403);
      expect((await get(bare.port, '/', { xkey: 'all', 'purge-token': PURGE_TOKEN }, 'PURGE')).status).toBe(403);
    } finally {
      await bare.stop();
    }
  });

  it('refuses fragments asked for directly, passes signed-in readers, and answers purges with the purge secret', async () => {
    expect((await get(port, '/_shared/ticker')).status).toBe(404);
    const reader = await t.signIn('USER');
    const signedIn = await get(port, `/article/${inB}`, { cookie: reader.cookie });
    expect(signedIn.headers['x-cache']).toBe('MISS');
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.body).not.toContain('esi:include');

    await inVarnish(`/article/${inB}`);
    const purged = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'PURGE',
      headers: { xkey: `article:${inB}`, 'purge-token': PURGE_TOKEN },
    });
    expect(purged.status).toBe(200);
    expect((await get(port, `/article/${inB}`)).headers['x-cache']).toBe('MISS');
  });
});
