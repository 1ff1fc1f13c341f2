// `node bench/compare.ts <before-checkout> [after-checkout]`: the cached-page and full-render
// figures of `npm run bench` (home and an article, 50 connections) for two built checkouts side by
// side: both servers run at once, each on its own copy of one seeded database, and are loaded in
// alternating slices so that load from other processes on a shared machine falls on both alike.
// Prints each side's median over the slices and the median of the slices' after/before ratios, for
// requests per second and for the server's CPU time per request (/proc: less moved by other load).
// Build each checkout first (`npm run build` in it). BENCH_SLICES (6 per side), BENCH_DURATION
// (2 s a slice), BENCH_ARTICLES (2000) and BENCH_DATA_DIR (keep and reuse the seeded database).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { seedBenchDatabase } from './seed.ts';
import { freePort } from '../server/test/resources.ts';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [beforeDir, afterDir = here] = process.argv.slice(2).map((dir) => path.resolve(dir));
if (!beforeDir) throw new Error('usage: node bench/compare.ts <before-checkout> [after-checkout]');
const SLICES = Number(process.env.BENCH_SLICES ?? 6);
const DURATION = Number(process.env.BENCH_DURATION ?? 2);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 2000);
const log = (line: string) => console.log(`[compare] ${line}`);

async function start(checkout: string, dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      BUILD_DIR: path.join(checkout, 'build'),
      NODE_COMPILE_CACHE: path.join(checkout, 'build/compile-cache'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${checkout}: server exited`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The process's user and system CPU time so far, in ms (Linux: /proc/<pid>/stat, 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Requests per second, and CPU ms per request of the server at `pid`. */
async function rate(url: string, pid: number): Promise<{ rps: number; cpu: number }> {
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: 50, duration: DURATION });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), cpu: (cpuMs(pid) - before) / result.requests.total };
}

const keptDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDir ? path.resolve(keptDir) : mkdtempSync(path.join(os.tmpdir(), 'news-compare-'));
try {
  const seeded = await seedBenchDatabase(dataDir, ARTICLES, log);
  const copies = ['before', 'after'].map((side) => {
    const copy = `${dataDir}-${side}`;
    rmSync(copy, { recursive: true, force: true });
    cpSync(dataDir, copy, { recursive: true });
    return copy;
  });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rows: string[] = [];
  for (const cache of ['on', 'off'] as const) {
    const before = await start(beforeDir, copies[0], { RENDER_CACHE: cache });
    const after = await start(afterDir, copies[1], { RENDER_CACHE: cache });
    try {
      for (const page of ['home', 'article']) {
        const name = `${page}, ${cache === 'on' ? 'cached' : 'full render'}`;
        const pathOf = page === 'home' ? '/' : `/article/${seeded.articleId}`;
        // Warm-up: fill the page cache and let V8 optimise, both sides.
        for (const side of [before, after]) await autocannon({ url: `${side.base}${pathOf}`, connections: 10, amount: 300 });
        const b: { rps: number; cpu: number }[] = [];
        const a: { rps: number; cpu: number }[] = [];
        for (let slice = 0; slice < SLICES; slice++) {
          // Alternate which side goes first in each pair of slices, too.
          if (slice % 2) a.push(await rate(`${after.base}${pathOf}`, after.pid));
          b.push(await rate(`${before.base}${pathOf}`, before.pid));
          if (!(slice % 2)) a.push(await rate(`${after.base}${pathOf}`, after.pid));
        }
        const rps = median(a.map((x, i) => x.rps / b[i].rps));
        const cpu = median(a.map((x, i) => x.cpu / b[i].cpu));
        const ms = (xs: { cpu: number }[]) => median(xs.map((x) => x.cpu)).toFixed(3);
        const row =
          `${name.padEnd(22)} before ${String(median(b.map((x) => x.rps))).padStart(6)}  after ${String(median(a.map((x) => x.rps))).padStart(6)} req/s  after/before ${rps.toFixed(2)}; ` +
          `CPU per request before ${ms(b)}  after ${ms(a)} ms  after/before ${cpu.toFixed(2)}`;
        log(`${row}  (req/s slices: before ${b.map((x) => x.rps).join(' ')}; after ${a.map((x) => x.rps).join(' ')})`);
        rows.push(row);
      }
    } finally {
      await before.stop();
      await after.stop();
    }
  }
  log(
    `${SLICES} slices of ${DURATION} s per side, 50 connections, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}:`,
  );
  for (const row of rows) log(row);
} finally {
  for (const side of ['before', 'after']) rmSync(`${dataDir}-${side}`, { recursive: true, force: true });
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
