// Through a real Varnish (Debian's varnishd with vmod xkey) running deploy/varnish/default.vcl in
// front of the app on a real port: an approval is on the home and category pages at once, every
// page's ticker shows it (ESI fragments purged by their tag), and an unrelated article page stays
// in Varnish's cache, its backend never asked again.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../test/app.ts';
import { buildApp } from '../app.ts';
import { addArticle, addCategory, addReporter } from '../test/fixtures.ts';
import { slotEnd, slotStart } from '../../app/lib/shared-parts.tsx';
import type { AppServerBuild } from '../http/ssr.ts';

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
/** A GET as a browser sends it (gzip accepted), the body decoded. */
function get(port: number, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: url, headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
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

describe.runIf(existsSync(VARNISHD) && existsSync(buildFile))(`through Varnish (${TEST_DB})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let varnish: ChildProcess;
  let varnishLog = '';
  let workDir: string;
  let port: number;
  /** Paths the app was asked for (by Varnish). */
  const backendAsked: string[] = [];
  let reporterId: number;
  let categoryB: number;
  let categoryC: number;
  let inB: number;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ env: { PURGE_VARNISH_URLS: `http://127.0.0.1:${port}/` } });
    const build = (await import(buildFile)) as AppServerBuild;
    app = await buildApp({ services: t.services, build });
    app.addHook('onRequest', async (request) => {
      backendAsked.push(request.url);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const backendPort = (app.server.address() as { port: number }).port;

    // The shipped VCL with the backend at the test app's port.
    workDir = await mkdtemp(path.join(os.tmpdir(), 'news-varnish-'));
    const vcl = (await readFile(VCL, 'utf8'))
      .replace(/\.host = "[^"]*";/, '.host = "127.0.0.1";')
      .replace(/\.port = "[^"]*";/, `.port = "${backendPort}";`);
    expect(vcl).toContain(`.port = "${backendPort}";`);
    await writeFile(path.join(workDir, 'default.vcl'), vcl);
    varnish = spawn(
      VARNISHD,
      [
        '-F',
        '-n',
        path.join(workDir, 'n'),
        '-a',
        `127.0.0.1:${port}`,
        '-f',
        path.join(workDir, 'default.vcl'),
        '-s',
        'malloc,64m',
        '-j',
        'none',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    varnish.stdout!.on('data', (chunk: Buffer) => (varnishLog += chunk.toString()));
    varnish.stderr!.on('data', (chunk: Buffer) => (varnishLog += chunk.toString()));
    for (let i = 0; ; i++) {
      const up = await get(port, '/healthz').then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (up) break;
      if (i > 300 || varnish.exitCode !== null) throw new Error(`varnishd did not start:\n${varnishLog}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    reporterId = (await addReporter(t.services.db, 'varnish_reporter')).id;
    categoryB = (await addCategory(t.services.db, 'వార్నిష్ వర్గం బీ')).id;
    categoryC = (await addCategory(t.services.db, 'వార్నిష్ వర్గం సీ')).id;
    inB = await addArticle(t.services.db, { title: 'బీ లో పాత వార్త', reporterId, categoryIds: [categoryB] });
    await t.services.changes.contentChanged();
  }, 180_000);

  afterAll(async () => {
    // No purge is sent (or retried) to the Varnish about to stop.
    t?.services.cdn.stop();
    if (varnish && varnish.exitCode === null) {
      const exited = new Promise((resolve) => varnish.once('exit', resolve));
      varnish.kill('SIGTERM');
      await exited;
    }
    await app?.close();
    await t?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
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
    for (const page of [home, listing, article]) {
      expect(page.body).not.toContain(title);
      expect(page.body).not.toContain('esi:include');
    }
    // Varnish stores gzip and sends it to a browser that takes it.
    expect(article.headers['content-encoding']).toBe('gzip');

    const admin = await t.signIn('ADMIN');
    const approve = await app.inject({
      method: 'PUT',
      url: `/api/admin/articles/approve/${fresh}`,
      headers: { cookie: admin.cookie },
    });
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
  });

  it('refuses fragments asked for directly, passes signed-in readers, and answers purges from its ACL', async () => {
    expect((await get(port, '/_shared/ticker')).status).toBe(404);
    const reader = await t.signIn('USER');
    const signedIn = await get(port, `/article/${inB}`, { cookie: reader.cookie });
    expect(signedIn.headers['x-cache']).toBe('MISS');
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.body).not.toContain('esi:include');

    await inVarnish(`/article/${inB}`);
    const purged = await fetch(`http://127.0.0.1:${port}/`, { method: 'PURGE', headers: { xkey: `article:${inB}` } });
    expect(purged.status).toBe(200);
    expect((await get(port, `/article/${inB}`)).headers['x-cache']).toBe('MISS');
  });
});
