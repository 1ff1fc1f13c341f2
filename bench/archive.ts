// `npm run bench -- --archive`: the reads of a reader and an editor over a big archive.
// Seeds (`npm run seed -- --articles N`: 1,000,000 on PostgreSQL, 100,000 on PGlite by default),
// starts the production server with the render cache bypassed, and times each read sequentially
// (one request at a time, after a warm-up), printing p50/p95 per read. Exits 1 when a p95 misses
// its budget: 50 ms on PostgreSQL, 150 ms on PGlite.
//   --engine postgres|pglite|both (both)   --pg-articles N   --pglite-articles N   --runs N (40)
//   BENCH_PG_URL: an existing database to seed/reuse (default: a new one on the test server)
//   BENCH_DATA_DIR: an existing embedded DATA_DIR to seed/reuse (default: a fresh temp dir)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPgDatabase, freePort } from '../server/test/resources.ts';
import { RARE_WORD } from '../scripts/seed/archive.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COMMON_WORD = 'హైదరాబాద్';
// A business subheading's word: in ~0.5 % of the archive, a few in the newest 400 (search's
// window), none in a title: its matches are read and counted exactly through the body's index.
const UNCOMMON_WORD = 'విశ్లేషణ';
// In one title template of eight (12% of the archive): a filter with many matches, not none.
const TITLE_FILTER = 'సినిమా';
// Two common words (a place in a fifteenth of the archive, a topic in a title template of eight),
// rarely both in a title: neither the newest articles nor the indexes alone answer it cheaply.
const TWO_WORDS = 'హైదరాబాద్ సినిమా';
// A place with its case ending, as readers type it (ZWNJ or not).
const AGGLUTINATED = 'హైదరాబాద్‌లో';
const BUDGET_MS = { postgres: 50, pglite: 150 } as const;

type Engine = keyof typeof BUDGET_MS;
export type ReadResult = {
  name: string;
  p50: number;
  p95: number;
  status: number;
  budget: number;
  load: number;
  /** Per request: queries and the time they took (summed; queries running side by side overlap). */
  queries: number;
  dbMs: number;
};

/** The server's own query counters (GET /metrics answers loopback callers). */
async function dbCounters(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? 0);
  return { queries: value('db_queries_total'), seconds: value('db_query_seconds_total') };
}

const log = (line: string) => console.log(`[archive] ${line}`);
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};

function run(args: string[], env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  // The server as `npm start` runs it (compiled, React's production build, the production V8 and
  // malloc settings), page cache off.
  const { buildDir } = await import('../scripts/build-if-stale.ts');
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      RENDER_CACHE: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited early');
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child };
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not become ready');
}

async function signIn(base: string, username: string, password: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * The demo reporter's password is random and printed once: the admin issues a reset link and the
 * bench sets a password through it, as a newsroom would.
 */
async function signInAsDemoReporter(base: string, admin: string) {
  const headers = { cookie: admin, origin: base, 'content-type': 'application/json' };
  const users = (await (await fetch(`${base}/api/admin/users?search=reporter&size=50`, { headers })).json()) as {
    content: { id: number; username: string }[];
  };
  const demo = users.content.find((u) => u.username === 'reporter');
  if (!demo) throw new Error('no demo reporter: run the demo seed');
  const link = await fetch(`${base}/api/admin/users/${demo.id}/password-reset`, { method: 'POST', headers, body: '{}' });
  if (!link.ok) throw new Error(`reset link: ${link.status} ${await link.text()}`);
  const token = ((await link.json()) as { resetUrl: string }).resetUrl.split('/').pop();
  const password = 'bench-reporter-1';
  const reset = await fetch(`${base}/api/auth/reset-password`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ token, newPassword: password }),
  });
  if (!reset.ok) throw new Error(`reset: ${reset.status} ${await reset.text()}`);
  return signIn(base, 'reporter', password);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const WARM_UP = 3;

async function time(url: string, cookie: string | undefined, runs: number) {
  const samples: number[] = [];
  let status = 0;
  for (let i = 0; i < runs + WARM_UP; i++) {
    // A query the page ignores makes every request a render-cache miss as well.
    const u = `${url}${url.includes('?') ? '&' : '?'}_b=${i}`;
    const started = performance.now();
    const res = await fetch(u, { headers: cookie ? { cookie } : {} });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    status = res.status;
    if (i >= WARM_UP) samples.push(ms); // the first ones warm caches and the JIT
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), status };
}

async function measure(engine: Engine, articles: number, runs: number): Promise<ReadResult[]> {
  const env: Record<string, string> = { DATA_DIR: process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'archive-')) };
  const pg = engine === 'postgres' && !process.env.BENCH_PG_URL ? await createPgDatabase('archive') : undefined;
  if (engine === 'postgres') env.DATABASE_URL = process.env.BENCH_PG_URL ?? pg!.url;
  env.ADMIN_USERNAME = 'benchadmin';
  env.ADMIN_PASSWORD = 'bench-admin-1';
  const seedStarted = performance.now();
  log(`${engine}: seeding ${articles} approved articles (skips what is there)`);
  await run(['scripts/seed.ts', '--articles', String(articles)], env);
  log(`${engine}: seeded in ${Math.round((performance.now() - seedStarted) / 1000)} s`);
  const { base, child } = await startServer(env);
  try {
    if (engine === 'pglite') {
      // An embedded server runs ANALYZE 30 s after start, then every 5 minutes, and the single
      // connection waits for it (~1 s on 100,000 articles): measure the steady state after it.
      log('pglite: waiting out the first ANALYZE (30 s after start)');
      await new Promise((r) => setTimeout(r, 35_000));
    }
    const admin = await signIn(base, 'benchadmin', 'bench-admin-1');
    const reporter = await signInAsDemoReporter(base, admin);
    const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
    const category = categories[0]?.id ?? 1;
    const someArticle = (
      (await (await fetch(`${base}/api/public/articles/category/${category}?page=100&size=1`)).json()) as { id: number }[]
    )[0]?.id;
    const reads: [string, string, string | undefined][] = [
      ['home', '/', undefined],
      ['article', `/article/${someArticle}`, undefined],
      ['category page 1', `/public/articles/category/${category}`, undefined],
      ['category page 2000 (API)', `/api/public/articles/category/${category}?page=1999&size=5`, undefined],
      ['search, common word', `/search?query=${encodeURIComponent(COMMON_WORD)}`, undefined],
      ['search, word in 0.5 % of articles', `/search?query=${encodeURIComponent(UNCOMMON_WORD)}`, undefined],
      ['search, rare word', `/search?query=${encodeURIComponent(RARE_WORD)}`, undefined],
      ['search, two words', `/search?query=${encodeURIComponent(TWO_WORDS)}`, undefined],
      ['search, agglutinated form', `/search?query=${encodeURIComponent(AGGLUTINATED)}`, undefined],
      ['search API, two words', `/api/public/articles/search?query=${encodeURIComponent(TWO_WORDS)}&size=5`, undefined],
      ['search, English letters (hyderabad)', '/search?query=hyderabad', undefined],
      ['search, English loanword, approximate (cinema)', '/search?query=cinema', undefined],
      ['search, short name (vizag)', '/search?query=vizag', undefined],
      ['search, letters and digits (t20)', '/search?query=t20', undefined],
      ['search, English word with no Telugu counterpart', '/search?query=penguin', undefined],
      ['admin approved, first page', '/api/admin/articles/approved?page=0', admin],
      ['admin approved, page 5000', '/api/admin/articles/approved?page=5000', admin],
      ['admin approved, title filter', `/api/admin/articles/approved?page=0&title=${encodeURIComponent(TITLE_FILTER)}`, admin],
      ['reporter approved, first page', '/api/reporter/articles/approved?page=0', reporter],
      ['reporter approved, page 5000', '/api/reporter/articles/approved?page=5000', reporter],
      [
        'reporter approved, title filter',
        `/api/reporter/articles/approved?page=0&title=${encodeURIComponent(TITLE_FILTER)}`,
        reporter,
      ],
      ['admin user search', '/api/admin/users?page=0&search=rep', admin],
    ];
    const results: ReadResult[] = [];
    for (const [name, url, cookie] of reads) {
      const before = await dbCounters(base);
      const r = await time(`${base}${url}`, cookie, runs);
      const after = await dbCounters(base);
      const requests = runs + WARM_UP;
      const queries = (after.queries - before.queries) / requests;
      const dbMs = ((after.seconds - before.seconds) * 1000) / requests;
      // The machine's 1-minute load average as the read ends: on a shared machine, part of every figure.
      const load = os.loadavg()[0];
      results.push({ name, ...r, budget: BUDGET_MS[engine], load, queries, dbMs });
      log(
        `${engine} ${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (HTTP ${r.status}, load ${load.toFixed(1)}; ${queries.toFixed(0)} queries, ${dbMs.toFixed(1)} ms in them)`,
      );
    }
    return results;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await pg?.drop();
  }
}

export async function runArchiveBench() {
  const engine = arg('--engine', 'both');
  const runs = Number(arg('--runs', '40'));
  log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${os.cpus().length} CPUs)`,
  );
  log('building the app if stale');
  await run(['scripts/build-if-stale.ts'], {});
  const all: [Engine, ReadResult[]][] = [];
  if (engine === 'both' || engine === 'postgres')
    all.push(['postgres', await measure('postgres', Number(arg('--pg-articles', '1000000')), runs)]);
  if (engine === 'both' || engine === 'pglite')
    all.push(['pglite', await measure('pglite', Number(arg('--pglite-articles', '100000')), runs)]);
  log(
    `load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    '\n| engine | read | p50 ms | p95 ms | budget | HTTP | load | queries | ms in queries |\n|---|---|---|---|---|---|---|---|---|',
  );
  let missed = 0;
  for (const [e, results] of all) {
    for (const r of results) {
      const ok = r.p95 <= r.budget && r.status === 200;
      if (!ok) missed++;
      console.log(
        `| ${e} | ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.budget} | ${r.status}${ok ? '' : ' MISSED'} | ${r.load.toFixed(1)} | ${r.queries.toFixed(0)} | ${r.dbMs.toFixed(1)} |`,
      );
    }
  }
  if (missed) {
    console.error(`[archive] ${missed} read(s) missed the budget`);
    process.exitCode = 1;
  }
}
