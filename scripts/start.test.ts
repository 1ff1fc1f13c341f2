// `npm start` on a fresh data directory: builds what is stale, runs the compiled server with
// NODE_ENV=production (React's production build), and answers /readyz.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../server/test/resources.ts';
import { root } from './build-if-stale.ts';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'news-start-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('npm start serves from the compiled server in production mode', { timeout: 300_000 }, async () => {
  const port = await freePort();
  // Under vitest NODE_ENV is 'test': the start script must set production itself.
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    const deadline = Date.now() + 280_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      if (
        await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`not ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toMatch(/app_info\{node_env="production",compiled="true",engine="pglite"\} 1/);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
});
