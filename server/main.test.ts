// The process as an operator runs it: start from the environment, first admin, health checks,
// graceful shutdown that leaves the database reopenable, and one clear line for bad config.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, root } from '../scripts/build-if-stale.ts';
import { TEST_DB } from './test/app.ts';
import { createPgDatabase, freePort } from './test/resources.ts';
import { openPgliteCopy } from './test/databases.ts';

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['server/main.ts'], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function waitReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited: ${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready: ${output()}`);
}

const exited = (child: ChildProcess) => new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
beforeAll(async () => {
  await buildIfStale();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'news-main-'));
  if (TEST_DB === 'postgres') {
    const created = await createPgDatabase('main');
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
}, 180_000);
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

describe(`server process (${TEST_DB})`, () => {
  it('starts empty with the configured admin, serves pages and health checks, stops cleanly and restarts', async () => {
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: 'chief-pass-1',
      SEED_DEMO: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const url = `http://127.0.0.1:${port}`;
    const first = startServer(env);
    await waitReady(url, first.child, first.output);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="te"');
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'chief', password: 'chief-pass-1' }),
    });
    expect(await login.json()).toEqual({ role: 'ADMIN', message: 'Login successful' });
    expect(first.output()).toContain('First admin "chief" created');
    const api404 = await fetch(`${url}/api/nothing-here`);
    expect(api404.status).toBe(404);
    expect(api404.headers.get('content-type')).toMatch(/json/);

    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);

    // The data directory (or database) survived the shutdown: the same admin signs in again.
    const second = startServer(env);
    await waitReady(url, second.child, second.output);
    const again = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'chief', password: 'chief-pass-1' }),
    });
    expect(again.status).toBe(200);
    expect(second.output()).not.toContain('First admin');
    second.child.kill('SIGINT');
    expect(await exited(second.child)).toBe(0);
  }, 120_000);

  it.skipIf(TEST_DB === 'postgres')(
    'refuses a second server on the same embedded database, and takes over a lock whose process is gone',
    async () => {
      const own = await mkdtemp(path.join(os.tmpdir(), 'news-lock-'));
      // A data directory a server has used before (the first start on an empty one is tested above).
      await (await openPgliteCopy(own)).close();
      const env = { DATA_DIR: own, SEED_DEMO: '0', ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-pass-1' };
      try {
        const port = await freePort();
        const first = startServer({ ...env, PORT: String(port) });
        await waitReady(`http://127.0.0.1:${port}`, first.child, first.output);

        const second = startServer({ ...env, PORT: String(await freePort()) });
        expect(await exited(second.child)).toBe(1);
        expect(second.output().trim()).toBe(
          `The embedded database ${path.join(own, 'db')} is in use by process ${first.child.pid}: stop that server first (if none is running, delete ${path.join(own, 'db.lock')}).`,
        );
        first.child.kill('SIGTERM');
        expect(await exited(first.child)).toBe(0);
        expect(existsSync(path.join(own, 'db.lock'))).toBe(false);

        // A lock left by a process that no longer runs (killed, power cut) does not stop the next start.
        const gone = spawn(process.execPath, ['-e', '']);
        await exited(gone);
        await writeFile(path.join(own, 'db.lock'), String(gone.pid));
        const third = startServer({ ...env, PORT: String(port) });
        await waitReady(`http://127.0.0.1:${port}`, third.child, third.output);
        third.child.kill('SIGTERM');
        expect(await exited(third.child)).toBe(0);

        // Nor does one whose pid now belongs to another program (a pid reused after a reboot).
        const other = spawn('sleep', ['60']);
        try {
          await writeFile(path.join(own, 'db.lock'), String(other.pid));
          const fourth = startServer({ ...env, PORT: String(port) });
          await waitReady(`http://127.0.0.1:${port}`, fourth.child, fourth.output);
          fourth.child.kill('SIGTERM');
          expect(await exited(fourth.child)).toBe(0);
        } finally {
          other.kill('SIGKILL');
        }
      } finally {
        await rm(own, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('refuses a bad variable with one line and a non-zero exit', async () => {
    const bad = startServer({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(await exited(bad.child)).toBe(1);
    const lines = bad.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT=/);
  });
});
