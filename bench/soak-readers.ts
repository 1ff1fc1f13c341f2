// The soak's readers (bench/soak.ts), in a worker thread of their own so that the newsroom's work in
// the main thread (filing, approving, editing, sampling memory) does not delay their clocks.
// `connections` keep-alive connections to Varnish, each asking for the next page as soon as the last
// one has arrived (or at the paced rate): the home page, recent articles most, category pages, a
// search, the articles' pictures, and article links with a query Varnish has never seen. Each answer's time is filed under what Varnish says it did:
// `x-soak-cache: hit` (served from its cache) or anything else (fetched from an instance).
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export type ReaderPaths = { articles: string[]; categories: string[]; searches: string[]; pictures: string[] };
export type ReaderOptions = { base: string; connections: number; rate: number; paths: ReaderPaths };
export type ReaderMessage = { paths: ReaderPaths } | { reset: true } | { stop: true };
type Kind = 'page' | 'picture';
type Cache = 'hit' | 'miss';
export type ReaderStats = {
  /** Answers per kind and cache state since the last reset, with their latency percentiles (ms). */
  latency: Record<`${Kind} ${Cache}`, { count: number; p50: number; p99: number; max: number }>;
  /** Since the start: answers by status, and failures (no answer, or status >= 400) with a few examples. */
  statuses: Record<string, number>;
  errors: number;
  examples: string[];
  /** Requests since the last reset, and its age. */
  requests: number;
  /** Since the start: requests asked again after a reset on a reused connection. */
  retried: number;
  seconds: number;
};

/** Latencies in 0.1 ms steps up to 60 s (the last bucket holds anything slower). */
class Histogram {
  private buckets = new Uint32Array(600_001);
  count = 0;
  max = 0;
  record(ms: number) {
    this.buckets[Math.min(this.buckets.length - 1, Math.round(ms * 10))]++;
    this.count++;
    if (ms > this.max) this.max = ms;
  }
  percentile(p: number) {
    if (!this.count) return 0;
    const target = Math.ceil(this.count * p);
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i];
      if (seen >= target) return i / 10;
    }
    return this.max;
  }
}

const options = workerData as ReaderOptions;
let paths = options.paths;
const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
const base = new URL(options.base);
const fresh = () =>
  ({
    'page hit': new Histogram(),
    'page miss': new Histogram(),
    'picture hit': new Histogram(),
    'picture miss': new Histogram(),
  }) as Record<`${Kind} ${Cache}`, Histogram>;
let histograms = fresh();
let since = performance.now();
const statuses: Record<string, number> = {};
const examples: string[] = [];
let errors = 0;
let requests = 0;
let retried = 0;
let unique = 0;
let stopping = false;

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

/** What a reader asks for next, as a news site's readers do: mostly the newest stories. */
function nextPath(): { path: string; kind: Kind } {
  const r = Math.random();
  const { articles, categories, searches, pictures } = paths;
  if (r < 0.15 || !articles.length) return { path: '/', kind: 'page' };
  if (r < 0.6) {
    const newest = articles.slice(-20);
    return { path: Math.random() < 0.7 ? pick(newest) : pick(articles), kind: 'page' };
  }
  // A shared link with a query of its own (a tracking parameter): Varnish has never seen it and asks
  // an instance, whose page cache ignores parameters a page does not read.
  if (r < 0.65) return { path: `${pick(articles.slice(-40))}?soak=${++unique}`, kind: 'page' };
  if (r < 0.8 && categories.length) return { path: `${pick(categories)}${Math.random() < 0.2 ? '?page=2' : ''}`, kind: 'page' };
  if (r < 0.85 && searches.length) return { path: pick(searches), kind: 'page' };
  if (pictures.length) return { path: pick(pictures), kind: 'picture' };
  return { path: pick(articles), kind: 'page' };
}

/**
 * One GET, read to the end. A keep-alive connection that Varnish closed as idle just as the request
 * went out fails with a reset: asked once more on a new connection, as browsers and Node's own
 * documentation do (counted apart, not an error).
 */
async function get(path: string): Promise<{ status: number; cache: Cache }> {
  try {
    return await getOnce(path);
  } catch (error) {
    if (!(error as { reused?: boolean }).reused) throw error;
    retried++;
    return getOnce(path, false);
  }
}

function getOnce(path: string, pooled = true): Promise<{ status: number; cache: Cache }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: base.hostname,
        port: base.port,
        path,
        // The retry's own connection: the pool may hold more that Varnish has closed.
        agent: pooled ? agent : false,
        headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*', 'user-agent': 'news-soak' },
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, cache: response.headers['x-soak-cache'] === 'hit' ? 'hit' : 'miss' }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(60_000, () => request.destroy(new Error('no answer in 60 s')));
    request.on('error', (error) => {
      const code = (error as NodeJS.ErrnoException).code;
      reject(Object.assign(error, { reused: request.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE') }));
    });
  });
}

let nextSlot = performance.now();
async function reader() {
  while (!stopping) {
    if (options.rate > 0) {
      // Paced: the readers together ask `rate` times a second.
      const slot = (nextSlot = Math.max(nextSlot + 1000 / options.rate, performance.now()));
      const wait = slot - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    const { path, kind } = nextPath();
    const started = performance.now();
    requests++;
    try {
      const { status, cache } = await get(path);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 400) {
        errors++;
        if (examples.length < 20) examples.push(`${status} ${path}`);
      } else histograms[`${kind} ${cache}`].record(performance.now() - started);
    } catch (error) {
      errors++;
      statuses.failed = (statuses.failed ?? 0) + 1;
      if (examples.length < 20) examples.push(`${(error as Error).message} ${path}`);
    }
  }
}

function stats(): ReaderStats {
  const latency = {} as ReaderStats['latency'];
  for (const [name, h] of Object.entries(histograms) as [`${Kind} ${Cache}`, Histogram][])
    latency[name] = { count: h.count, p50: h.percentile(0.5), p99: h.percentile(0.99), max: Math.round(h.max * 10) / 10 };
  return { latency, statuses, errors, examples, requests, retried, seconds: Math.round((performance.now() - since) / 1000) };
}

const readers = Array.from({ length: options.connections }, () => reader());
parentPort!.on('message', async (message: ReaderMessage) => {
  if ('paths' in message) paths = message.paths;
  else if ('reset' in message) {
    histograms = fresh();
    since = performance.now();
    requests = 0;
  } else if ('stop' in message) {
    stopping = true;
    await Promise.all(readers);
    agent.destroy();
    parentPort!.postMessage(stats());
  }
});
