// A PostgreSQL restart under two instances: cached pages keep answering, writes and /readyz say
// the database is unavailable (503), and afterwards writes work again and the change feed's LISTEN
// connection is back on both, so a change on one instance drops the other's cached page.
// The test runs its own PostgreSQL server (Debian's initdb/pg_ctl in a temporary folder, on its
// own port): stopping it costs no other test its database.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { loadConfig } from '../config.ts';
import { DATABASE_UNAVAILABLE } from '../http/errors.ts';
import { createServices, type Services } from '../services.ts';
import { createSsrStandIn, TEST_DB } from '../test/app.ts';
import { freePort } from '../test/resources.ts';
import { openDatabase, type Database } from './client.ts';
import { categories, users } from './schema.ts';

const run = promisify(execFile);

/** Debian's newest PostgreSQL binaries, if installed. */
function postgresBinaries(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/pg_ctl')) && existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(base, versions[0], 'bin');
}

const bin = postgresBinaries();
const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its binaries run as the postgres user. */
function pgTool(tool: string, args: string[]) {
  const file = path.join(bin!, tool);
  return isRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
}

type Instance = { database: Database; services: Services; api: FastifyInstance; pages: FastifyInstance };

async function startInstance(databaseUrl: string, dataDir: string): Promise<Instance> {
  const database = await openDatabase({ databaseUrl });
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    DATABASE_URL: databaseUrl,
  });
  const services = createServices({
    config,
    database,
    log: { ...console, info() {}, debug() {}, warn() {} } as unknown as Console,
  });
  const api = await buildApp({ services });
  // A public page that lists the categories, through the real page cache (server/http/ssr.ts).
  const pages = await createSsrStandIn(services, async () => {
    const names = (await services.db.select({ name: categories.name }).from(categories)).map((c) => c.name);
    return new Response(`<ul>${names.map((n) => `<li>${n}</li>`).join('')}</ul>`, {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  });
  await services.changes.subscribe();
  return { database, services, api, pages };
}

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await attempt().catch(() => undefined);
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(TEST_DB !== 'postgres' || !bin)(
  TEST_DB === 'postgres' && !bin
    ? 'PostgreSQL restart: skipped, no initdb/pg_ctl under /usr/lib/postgresql/<version>/bin'
    : 'PostgreSQL restart under two instances',
  () => {
    let folder: string;
    let pgData: string;
    let port: number;
    const instances: Instance[] = [];
    const pgCtl = (...args: string[]) => pgTool('pg_ctl', ['-D', pgData, ...args]);
    /** Loopback only, its own socket folder, waiting until it accepts connections. */
    const startServer = () =>
      pgCtl(
        '-l',
        path.join(folder, 'server.log'),
        '-o',
        `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off`,
        '-w',
        'start',
      );

    beforeAll(async () => {
      folder = await mkdtemp(path.join(os.tmpdir(), 'news-pgrestart-'));
      pgData = path.join(folder, 'pg');
      if (isRoot) {
        const { stdout } = await run('id', ['-u', 'postgres']);
        const { stdout: gid } = await run('id', ['-g', 'postgres']);
        chownSync(folder, Number(stdout.trim()), Number(gid.trim()));
      }
      port = await freePort();
      await pgTool('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
      await startServer();
      const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
      instances.push(await startInstance(url, path.join(folder, 'one')));
      instances.push(await startInstance(url, path.join(folder, 'two')));
    }, 120_000);

    afterAll(async () => {
      for (const { api, pages, database } of instances) {
        await pages.close();
        await api.close();
        await database.close();
      }
      if (pgData) await pgCtl('-m', 'immediate', 'stop').catch(() => {});
      if (folder) await rm(folder, { recursive: true, force: true });
    });

    it('serves cached pages and answers 503 while the server is down, then writes and the change feed work again on both', async () => {
      const [one, two] = instances;
      const [admin] = await one.services.db
        .insert(users)
        .values({
          username: 'restart_admin',
          email: 'restart_admin@example.com',
          passwordHash: await hashPassword('secret123'),
          role: 'ADMIN',
        })
        .returning();
      const session = await one.services.sessions.create(admin.id);
      const cookie = `${one.services.config.sessionCookie}=${session.token}`;
      const addCategory = (instance: Instance, name: string) =>
        instance.api.inject({ method: 'POST', url: '/api/admin/categories', headers: { cookie }, payload: { name } });
      expect((await addCategory(one, 'ముందు')).statusCode).toBe(201);

      // Cached on both (once the category's notice, which comes back by NOTIFY too, has arrived).
      const cachedPage = (instance: Instance) =>
        waitFor('a cached page', async () => {
          const res = await instance.pages.inject({ url: '/' });
          return res.headers['x-render-cache'] === 'hit' ? res : undefined;
        });
      for (const instance of instances) expect((await cachedPage(instance)).body).toContain('<li>ముందు</li>');

      await pgCtl('-m', 'fast', '-w', 'stop');

      for (const { pages, api } of instances) {
        const page = await pages.inject({ url: '/' });
        expect(page.statusCode).toBe(200);
        expect(page.headers['x-render-cache']).toBe('hit');
        expect(page.body).toContain('<li>ముందు</li>');
        const ready = await api.inject({ url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ status: 'unavailable' });
      }
      const refused = await addCategory(one, 'ఆగినప్పుడు');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      expect(refused.headers['retry-after']).toBe('5');
      // The LISTEN connections noticed the stop.
      await waitFor('both LISTEN connections to notice', async () =>
        instances.every(({ database }) => database.stats().gauges.pg_listen_connected === 0) ? true : undefined,
      );

      await startServer();
      const started = performance.now();
      const created = await waitFor('a write after the start', async () => {
        const res = await addCategory(one, 'తర్వాత');
        return res.statusCode === 201 ? res : undefined;
      });
      expect(created.json()).toMatchObject({ name: 'తర్వాత' });
      // Nothing was half-saved while the server was down.
      const names = (await two.services.db.select({ name: categories.name }).from(categories)).map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining(['ముందు', 'తర్వాత']));
      expect(names).not.toContain('ఆగినప్పుడు');
      for (const { api } of instances) expect((await api.inject({ url: '/readyz' })).statusCode).toBe(200);
      // Both instances LISTEN again (within the reconnect's pauses).
      await waitFor('both LISTEN connections', async () =>
        instances.every(({ database }) => database.stats().gauges.pg_listen_connected === 1) ? true : undefined,
      );
      console.info(`writes and LISTEN back ${((performance.now() - started) / 1000).toFixed(2)} s after the start`);

      // Instance two caches its page again; a change made on instance one drops it there.
      expect((await cachedPage(two)).body).not.toContain('<li>మార్పు</li>');
      expect((await addCategory(one, 'మార్పు')).statusCode).toBe(201);
      const page = await waitFor(
        'the change on instance two',
        async () => {
          const res = await two.pages.inject({ url: '/' });
          return res.body.includes('<li>మార్పు</li>') ? res : undefined;
        },
        5_000,
      );
      expect(page.headers['x-render-cache']).toBe('miss');
    }, 90_000);
  },
);
