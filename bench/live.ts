// `npm run bench -- --live`: a live story with 500 updates of the largest size an update may have,
// posted through the HTTP API of the production server (PGlite, demo newsroom). Measures what a
// reader costs: the article page's size, its render (RENDER_CACHE=off) and a view as readers get it
// (page cache on), the polled list (bytes, a full answer, a 304) and the reader's load-more of older
// updates, and another article's latency while 8 readers keep opening the live story. Prints a
// table (docs/performance.md, "Live coverage") and writes bench/results/live.json.
//   --updates N (500)   --runs N (20)   --chars N (the limit, LIVE_UPDATE_MAX): each update's size
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../server/test/resources.ts';
import { buildDir, buildIfStale } from '../scripts/build-if-stale.ts';
import { children, startChild, stopChild, waitFor } from './processes.ts';
import { signIn } from './newsroom.ts';
import { SENTENCES } from './seed.ts';
import * as live from '../contract/live.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(`[live] ${line}`);
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
const ADMIN = { username: 'benchadmin', password: 'bench-admin-live-1' };
const READERS = 8;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Each update's size in characters of HTML: by default as large as an update may be. */
const CHARS = arg('--chars', live.LIVE_UPDATE_MAX);

/** One update: Telugu sentences in paragraphs, cut to CHARS. */
function largestUpdate(n: number) {
  let html = `<p><strong>${n}.</strong> `;
  for (let i = 0; html.length < CHARS; i++) html += SENTENCES[(n + i) % SENTENCES.length] + (i % 6 === 5 ? '</p><p>' : ' ');
  return `${html.slice(0, CHARS - '</p>'.length)}</p>`;
}

async function get(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes, status: res.status, headers: res.headers };
}

async function timed(url: string, runs: number, headers: Record<string, string> = {}) {
  const samples: number[] = [];
  let last = await get(url, headers); // a warm-up
  for (let i = 0; i < runs; i++) samples.push((last = await get(url, headers)).ms);
  return { ms: median(samples), bytes: last.bytes, status: last.status, headers: last.headers };
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startChild(['scripts/start.ts'], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    BUILD_DIR: buildDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await waitFor(`${base}/readyz`, server, 300_000);
  return { base, server };
}

/** Files the live story: an approved demo article made live, then `count` updates by the admin. */
async function fileLiveStory(base: string, count: number) {
  const admin = await signIn(base, ADMIN.username, ADMIN.password);
  const categories = await admin.call<{ id: number }[]>('GET', '/categories');
  const [story, other] = await admin.call<{ id: number }[]>('GET', `/public/articles/category/${categories[0].id}?size=2`);
  await admin.call('PUT', `/admin/articles/${story.id}/live`);
  const posts: number[] = [];
  for (let n = 1; n <= count; n++) {
    const started = performance.now();
    await admin.call('POST', `/articles/${story.id}/live-updates`, { content: largestUpdate(n) });
    posts.push(performance.now() - started);
    if (n % 100 === 0) log(`${n} posted`);
  }
  return { story: story.id, other: other.id, postMs: median(posts) };
}

/**
 * Another article's latency while READERS readers keep opening the live story (and its list);
 * `failed` counts requests that got no answer (a server that went down under them).
 */
async function underReaders(base: string, story: number, other: number, seconds: number) {
  let stop = false;
  let views = 0;
  let failed = 0;
  const reader = async () => {
    while (!stop) {
      try {
        await get(`${base}/article/${story}`);
        await get(`${base}/api/public/articles/${story}/live-updates`);
        views++;
      } catch {
        failed++;
        stop = true;
      }
    }
  };
  const readers = Array.from({ length: READERS }, reader);
  const samples: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until && !stop) {
    try {
      samples.push((await get(`${base}/article/${other}`)).ms);
    } catch {
      failed++;
      stop = true;
    }
  }
  stop = true;
  await Promise.all(readers);
  return { ms: samples.length ? median(samples) : NaN, views, failed };
}

export async function runLiveBench() {
  const count = arg('--updates', 500);
  const runs = arg('--runs', 20);
  log(`load average at start: ${os.loadavg()[0].toFixed(1)} (${os.cpus().length} CPUs); building if stale`);
  await buildIfStale();
  const env = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'live-bench-')), SEED_DEMO: '1' };
  const results: Record<string, number | string> = { updates: count, updateMaxChars: CHARS };
  let server: Awaited<ReturnType<typeof startServer>>['server'] | undefined;
  try {
    // Page cache off: every view is a render.
    let base: string;
    ({ base, server } = await startServer({ ...env, RENDER_CACHE: 'off' }));
    log(`posting ${count} updates of ${CHARS} characters`);
    const { story, other, postMs } = await fileLiveStory(base, count);
    results.postMs = postMs;
    const page = `${base}/article/${story}`;
    const list = `${base}/api/public/articles/${story}/live-updates`;
    const render = await timed(page, runs);
    results.pageBytes = render.bytes;
    results.renderMs = render.ms;
    results.otherRenderMs = (await timed(`${base}/article/${other}`, runs)).ms;
    await stopChild(server.child);

    ({ base, server } = await startServer(env));
    const view = await timed(`${base}/article/${story}`, runs);
    results.viewMs = view.ms;
    results.viewRenderCache = view.headers.get('x-render-cache') ?? '';
    const listUrl = list.replace(/^http:\/\/[^/]+/, base);
    const full = await timed(listUrl, runs);
    results.listBytes = full.bytes;
    results.listMs = full.ms;
    const etag = full.headers.get('etag') ?? '';
    const unchanged = await timed(listUrl, runs, { 'if-none-match': etag });
    results.list304Ms = unchanged.ms;
    results.list304Status = unchanged.status;
    const first = (await (await fetch(listUrl)).json()) as { updates: { id: number }[] };
    const oldest = first.updates.at(-1)?.id;
    const older = await timed(`${listUrl}?before=${oldest}`, runs);
    results.olderBytes = older.bytes;
    results.olderMs = older.ms;
    results.olderStatus = older.status;
    const quiet = await timed(`${base}/article/${other}`, runs);
    results.otherViewMs = quiet.ms;
    const loaded = await underReaders(base, story, other, 10);
    results.otherUnderReadersMs = loaded.ms;
    results.readerViews = loaded.views;
    results.readerFailures = loaded.failed;
    if (loaded.failed) log(`requests failed under ${READERS} readers; the server said:\n${server.output().slice(-1500)}`);
    await stopChild(server.child);
  } catch (error) {
    // The server's own last words: a failed request is often the server going down.
    log(`failed; the server said:\n${server?.output().slice(-3000)}`);
    throw error;
  } finally {
    for (const child of children) await stopChild(child);
  }
  log(`load average at end: ${os.loadavg()[0].toFixed(1)}`);
  const kb = (n: unknown) => `${(Number(n) / 1024).toFixed(0)} KB`;
  const ms = (n: unknown) => `${Number(n).toFixed(1)} ms`;
  console.log(
    [
      `\n| ${count} updates of ${CHARS} characters | figure |`,
      '|---|---:|',
      `| article page (HTML) | ${kb(results.pageBytes)} |`,
      `| its render, page cache off (p50) | ${ms(results.renderMs)} |`,
      `| a view, page cache on (p50; ${results.viewRenderCache}) | ${ms(results.viewMs)} |`,
      `| the polled list | ${kb(results.listBytes)} |`,
      `| a poll answered in full (p50) | ${ms(results.listMs)} |`,
      `| a poll answered 304 (p50) | ${ms(results.list304Ms)} |`,
      `| older updates, one load-more (HTTP ${results.olderStatus}) | ${kb(results.olderBytes)}, ${ms(results.olderMs)} |`,
      `| a post (p50) | ${ms(results.postMs)} |`,
      `| another article: render / view (p50) | ${ms(results.otherRenderMs)} / ${ms(results.otherViewMs)} |`,
      `| another article's view under ${READERS} readers of the live story (p50; ${results.readerViews} views, ${results.readerFailures} failed) | ${ms(results.otherUnderReadersMs)} |`,
    ].join('\n'),
  );
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/live.json'), `${JSON.stringify(results, null, 2)}\n`);
}
