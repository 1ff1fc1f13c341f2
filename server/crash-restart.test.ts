// Starting again right after a crash: `npm start` killed with SIGKILL in the middle of a stream of
// writes, then started again at once on the same DATA_DIR. The killed server stays a zombie until
// its parent collects it; the new start must not take that zombie for a live owner of the lock,
// and every write the old server acknowledged must be there.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, root } from '../scripts/build-if-stale.ts';
import { TEST_DB } from './test/app.ts';
import { freePort } from './test/resources.ts';

type Run = { holder: ChildProcess; serverPid: Promise<number>; output: () => string };

/**
 * `npm start` under a parent that never collects its children (as a supervisor that is itself
 * killed, or a container's slow init): `sh` starts the server in the background, prints its pid
 * and becomes `sleep`. A SIGKILLed server then stays a zombie for as long as the holder lives.
 */
function startUnderHolder(env: Record<string, string>): Run {
  const holder = spawn('sh', ['-c', '"$NODE" scripts/start.ts & echo "pid=$!"; exec sleep 600'], {
    cwd: root,
    env: { ...process.env, NODE: process.execPath, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const serverPid = new Promise<number>((resolve, reject) => {
    holder.stdout!.on('data', (d: Buffer) => {
      output += d;
      const m = /pid=(\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    holder.once('exit', () => reject(new Error(`holder exited: ${output}`)));
  });
  serverPid.catch(() => {});
  holder.stderr!.on('data', (d: Buffer) => (output += d));
  return { holder, serverPid, output: () => output };
}

/** The state letter in /proc/<pid>/stat (Z: a zombie); undefined once the process is gone. */
const procState = (pid: number) =>
  readFile(`/proc/${pid}/stat`, 'utf8').then(
    (s) => s.slice(s.lastIndexOf(')') + 2, s.lastIndexOf(')') + 3),
    () => undefined,
  );

async function waitReady(url: string, run: Run, deadlineMs = 90_000) {
  const deadline = Date.now() + deadlineMs;
  const pid = await run.serverPid;
  while (Date.now() < deadline) {
    const state = await procState(pid);
    if (state === 'Z' || state === undefined) throw new Error(`server exited:\n${run.output()}`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready:\n${run.output()}`);
}

const killGroup = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    /* already gone */
  }
};

describe.runIf(TEST_DB === 'pglite')('restart right after a crash (kill -9)', () => {
  let parent: string;
  let dataDir: string;
  const holders: ChildProcess[] = [];
  beforeAll(async () => {
    await buildIfStale();
    parent = await mkdtemp(path.join(os.tmpdir(), 'news-crash-'));
    // Not there yet: the first start creates it.
    dataDir = path.join(parent, 'data');
  }, 300_000);
  afterAll(async () => {
    for (const h of holders) killGroup(h);
    await rm(parent, { recursive: true, force: true });
  });

  it('starts again at once, five times in a row, with every acknowledged write kept', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: 'chief-pass-1',
      AUTH_RATE_LIMIT: '100000',
    };
    const ready = (run: Run) => waitReady(url, run);

    let run = startUnderHolder(env);
    holders.push(run.holder);
    await ready(run);
    // Created for the server's account alone: it holds password hashes and TOTP secrets.
    expect(((await stat(dataDir)).mode & 0o777).toString(8)).toBe('700');
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'chief', password: 'chief-pass-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];

    const acknowledged: string[] = [];
    for (let round = 1; round <= 5; round++) {
      // A stream of writes; the server is killed while they are still coming.
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          const name = `crash ${round}-${i}`;
          const res = await fetch(`${url}/api/admin/categories`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ name }),
          }).catch(() => undefined);
          if (res?.status === 201) acknowledged.push(name);
          else if (res) throw new Error(`write answered ${res.status}: ${await res.text()}`);
        }
      })();
      const before = acknowledged.length;
      while (acknowledged.length < before + 5) await new Promise((r) => setTimeout(r, 10));
      const pid = await run.serverPid;
      process.kill(pid, 'SIGKILL');
      writing = false;
      await writer;
      // The killed server is a zombie now: its parent (the holder) never collects it.
      await new Promise((r) => setTimeout(r, 100));
      expect(await procState(pid), `state of the killed server ${pid}`).toBe('Z');
      expect(await readFile(path.join(dataDir, 'db.lock'), 'utf8')).toBe(String(pid));

      // Started again at once, beside the zombie that still "holds" the lock.
      const previous = run;
      run = startUnderHolder(env);
      holders.push(run.holder);
      await ready(run);
      expect(run.output()).not.toMatch(/in use by process/);
      killGroup(previous.holder);

      const res = await fetch(`${url}/api/admin/categories`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const names = new Set(((await res.json()) as { name: string }[]).map((c) => c.name));
      const lost = acknowledged.filter((n) => !names.has(n));
      expect(lost, `round ${round}: acknowledged writes missing after the restart`).toEqual([]);
    }
    const last = await run.serverPid;
    process.kill(last, 'SIGTERM');
    const deadline = Date.now() + 30_000;
    while ((await procState(last)) !== 'Z' && (await procState(last)) !== undefined && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
  });
});
