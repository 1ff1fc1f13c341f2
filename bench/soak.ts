// `npm run bench -- --soak [--minutes 30]`: two instances on one PostgreSQL behind Varnish, a newsroom
// at work while readers read, for a long run. What it checks: no error anywhere; each instance's
// resident memory grows less than 10% after warm-up; each is at most 200 MiB when idle after the run;
// every publication is on the home page through Varnish (its own content, not only the ticker)
// within 10 s of the approval's answer. What it reports: p50/p99 of pages Varnish served from its
// cache and of those it fetched from an instance, the same for pictures, that home-page delay, and
// the memory of both instances along the way.
//
// The newsroom is filed through the API of the first instance before the run (bench/newsroom.ts:
// `--stories` Telugu stories, a third of them with photo-like JPEGs); the second starts fresh, so
// the two side by side show what filing leaves behind. During the run a reporter files a story with
// a photo every `--publish-every` seconds and an admin approves it, and an admin edits a recent story
// every `--edit-every` seconds, each on the two instances in turn.
//
// Varnish: the shipped deploy/varnish/default.vcl of this checkout, its backend pointed at the first
// instance and a round-robin director over both added (soakVcl below); a minimal VCL when the file
// is missing. The instances send their purges to it (PURGE_VARNISH_URLS).
//
// Options: --minutes (30), --stories (200), --connections (200), --publish-every (10 s),
// --edit-every (30 s), --warmup-minutes (a tenth of the run, 1 to 5), --idle-seconds (60),
// --rate (requests per second for all readers together; 0, the default, asks as fast as answers come).
// Results: bench/results/soak.json and soak.md; exits 1 when a check fails.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { createPgDatabase, freePort } from '../server/test/resources.ts';
import { children, memoryOf, memoryParts, startChild, stopChild, waitFor } from './processes.ts';
import { client, fileNewsroom, NEWSROOM_ADMIN, NEWSROOM_REPORTER, signIn, story } from './newsroom.ts';
import { photoLikeJpeg } from './photos.ts';
import { PLACES } from './seed.ts';
import { articlePath } from '../app/components/public/paging.ts';
import type { ReaderMessage, ReaderPaths, ReaderStats } from './soak-readers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHIPPED_VCL = path.join(root, 'deploy/varnish/default.vcl');
const VARNISHD = process.env.VARNISHD ?? '/usr/sbin/varnishd';
/** Varnish's counters that say why a reader got no answer or a 503 (varnishstat, next to varnishd). */
const VARNISH_COUNTERS = [
  'MAIN.sess_conn',
  'MAIN.sess_drop',
  'MAIN.sess_fail',
  'MAIN.sess_closed_err',
  'MAIN.sess_queued',
  'MAIN.sess_dropped',
  'MAIN.req_dropped',
  'MAIN.backend_fail',
  'MAIN.fetch_failed',
  'MAIN.threads_limited',
  'MAIN.threads_failed',
  'MAIN.sc_rx_timeout',
  'MAIN.sc_rx_close_idle',
  'MAIN.sc_rx_bad',
  'MAIN.sc_tx_error',
  'MAIN.sc_overload',
];
function varnishCounters(name: string): Record<string, number> {
  try {
    const json = JSON.parse(
      execFileSync(
        path.join(path.dirname(VARNISHD), '../bin/varnishstat'),
        ['-n', name, '-j', ...VARNISH_COUNTERS.flatMap((f) => ['-f', f])],
        {
          encoding: 'utf8',
        },
      ),
    ) as { counters?: Record<string, { value: number }> };
    return Object.fromEntries(Object.entries(json.counters ?? {}).map(([k, v]) => [k.replace(/^MAIN\./, ''), v.value]));
  } catch (error) {
    log(`varnishstat: ${(error as Error).message.slice(0, 200)}`);
    return {};
  }
}
const CHECKS = { growthPercent: 10, idleMb: 200, onHomeMs: 10_000, onHomeGiveUpMs: 60_000 };

const log = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);
/** `--name value` from the command line, a number. */
const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number, got ${process.argv[at + 1]}`);
  return value;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A page without its shared parts (ticker, breaking news, most read: app/lib/shared-parts.tsx marks them). */
const ownContent = (html: string) =>
  html.replace(/<template data-slot="([\w-]+)"><\/template>[\s\S]*?<template data-slot="\/\1"><\/template>/g, '');
const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);

/**
 * The VCL Varnish runs: the shipped one with its first backend pointed at the first instance, a
 * copy of that backend for the second, and a round-robin director over both chosen for every fetch.
 * The additions go right after that backend, before the shipped subroutines, so they run first
 * (Varnish joins subroutines of one name in order); they also tell the readers whether an answer
 * came from Varnish's cache (`x-soak-cache`).
 */
export function soakVcl(shipped: string, instances: { host: string; port: number }[]): string {
  const found = /^\s*backend\s+([A-Za-z_][\w-]*)\s*\{/m.exec(shipped);
  if (!found) throw new Error('deploy/varnish/default.vcl has no backend');
  const name = found[1];
  let depth = 0;
  let end = found.index + found[0].length - 1;
  for (; end < shipped.length; end++) {
    if (shipped[end] === '{') depth++;
    else if (shipped[end] === '}' && --depth === 0) break;
  }
  const block = shipped.slice(found.index, end + 1);
  const pointed = (at: { host: string; port: number }) =>
    block.replace(/\.host\s*=\s*"[^"]*"/, `.host = "${at.host}"`).replace(/\.port\s*=\s*"[^"]*"/, `.port = "${at.port}"`);
  const extra = [
    '',
    '# Added by bench/soak.ts: a second instance and a round-robin director over both.',
    pointed(instances[1]).replace(/backend\s+[A-Za-z_][\w-]*/, 'backend soak_second'),
    /^\s*import\s+directors\b/m.test(shipped) ? '' : 'import directors;',
    'sub vcl_init {',
    '  new soak_instances = directors.round_robin();',
    `  soak_instances.add_backend(${name});`,
    '  soak_instances.add_backend(soak_second);',
    '}',
    'sub vcl_backend_fetch {',
    '  set bereq.backend = soak_instances.backend();',
    '}',
    'sub vcl_deliver {',
    '  if (obj.hits > 0) {',
    '    set resp.http.x-soak-cache = "hit";',
    '  } else {',
    '    set resp.http.x-soak-cache = "miss";',
    '  }',
    '}',
    '',
  ].join('\n');
  return shipped.slice(0, found.index) + pointed(instances[0]) + extra + shipped.slice(end + 1);
}

/**
 * Until the repository ships deploy/varnish/default.vcl: cache what the instances let shared caches
 * keep, drop objects by xkey on a PURGE from loopback, pass everything else.
 */
export const MINIMAL_VCL = `vcl 4.1;
import xkey;
backend default { .host = "127.0.0.1"; .port = "3000"; }
acl purgers { "127.0.0.1"; "::1"; }
sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) { return (synth(403, "Forbidden")); }
    if (req.http.xkey-purge) {
      set req.http.x-purged = xkey.purge(req.http.xkey-purge);
      return (synth(200, "Purged " + req.http.x-purged));
    }
    if (req.http.xkey) {
      set req.http.x-purged = xkey.purge(req.http.xkey);
      return (synth(200, "Purged " + req.http.x-purged));
    }
    return (purge);
  }
  if (req.method != "GET" && req.method != "HEAD") { return (pass); }
  if (req.url ~ "^/api/" || req.http.authorization) { return (pass); }
  unset req.http.cookie;
  return (hash);
}
sub vcl_backend_response {
  if (beresp.http.surrogate-key) { set beresp.http.xkey = beresp.http.surrogate-key; }
}
`;

type Instance = { name: string; base: string; port: number; pid: number; stop(): Promise<void> };
type Sample = { at: number; rss: number[] };

export async function runSoak() {
  const minutes = option('minutes', 30);
  const stories = option('stories', 200);
  const connections = option('connections', 200);
  const publishEvery = option('publish-every', 10);
  const editEvery = option('edit-every', 30);
  const warmupMinutes = option('warmup-minutes', Math.min(5, Math.max(1, minutes / 10)));
  const idleSeconds = option('idle-seconds', 60);
  const rate = option('rate', 0);
  if (warmupMinutes >= minutes) throw new Error('--warmup-minutes must be shorter than --minutes');
  const started = Date.now();
  const resultsDir = path.join(root, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const { buildIfStale, buildDir } = await import('../scripts/build-if-stale.ts');
  await buildIfStale();

  // Varnish's worker process runs as its own user: the VCL's folder must be readable by it.
  const work = mkdtempSync(path.join(os.tmpdir(), 'news-soak-'));
  chmodSync(work, 0o755);
  const dataDir = path.join(work, 'data');
  const database = await createPgDatabase('soak');
  const instances: Instance[] = [];
  let worker: Worker | undefined;
  try {
    const [portA, portB, varnishPort] = [await freePort(), await freePort(), await freePort()];
    const varnishBase = `http://127.0.0.1:${varnishPort}`;
    const shipped = existsSync(SHIPPED_VCL);
    if (!shipped)
      log(`${path.relative(root, SHIPPED_VCL)} is missing: Varnish runs a minimal VCL written by bench/soak.ts instead`);
    else log(`Varnish runs ${path.relative(root, SHIPPED_VCL)} with a round-robin director over the two instances`);
    const vcl = soakVcl(shipped ? readFileSync(SHIPPED_VCL, 'utf8') : MINIMAL_VCL, [
      { host: '127.0.0.1', port: portA },
      { host: '127.0.0.1', port: portB },
    ]);
    const vclFile = path.join(work, 'soak.vcl');
    writeFileSync(vclFile, vcl, { mode: 0o644 });
    const varnishName = path.join(work, 'varnish');
    const varnish = startChild(
      ['-F', '-n', varnishName, '-a', `127.0.0.1:${varnishPort}`, '-f', vclFile, '-T', 'none', '-s', 'malloc,256m'],
      {},
      root,
      VARNISHD,
    );
    for (let i = 0; i < 100 && !varnish.output().includes('Child launched OK'); i++) {
      if (varnish.child.exitCode !== null) throw new Error(`varnishd exited:\n${varnish.output()}`);
      await sleep(100);
    }
    if (!varnish.output().includes('Child launched OK')) throw new Error(`varnishd did not start:\n${varnish.output()}`);

    const startInstance = async (name: string, port: number): Promise<Instance> => {
      const base = `http://127.0.0.1:${port}`;
      const server = startChild(['scripts/start.ts'], {
        PORT: String(port),
        HOST: '127.0.0.1',
        // Readers know the site by Varnish's address; the newsroom's desk calls an instance directly.
        PUBLIC_URL: varnishBase,
        LOG_LEVEL: 'warn',
        BUILD_DIR: buildDir,
        NODE_COMPILE_CACHE: path.join(buildDir, 'compile-cache'),
        // One folder for both: the pictures one instance stores, the other serves.
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SEED_DEMO: '0',
        ADMIN_USERNAME: NEWSROOM_ADMIN.username,
        ADMIN_PASSWORD: NEWSROOM_ADMIN.password,
        PURGE_VARNISH_URLS: varnishBase,
        TRUST_PROXY: '127.0.0.1',
      });
      await waitFor(`${base}/readyz`, server, 120_000, 50);
      return { name, base, port, pid: server.child.pid!, stop: () => stopChild(server.child) };
    };
    // One at a time: the first runs the migrations.
    instances.push(await startInstance('A', portA));
    instances.push(await startInstance('B', portB));
    const rssNow = () => instances.map((instance) => memoryOf(instance.pid)?.rssMb ?? NaN);
    await sleep(5000);
    const fresh = rssNow();
    log(
      `both instances ready: ${fresh.map((mb, i) => `${instances[i].name} ${mb} MiB`).join(', ')} resident; Varnish on ${varnishBase}`,
    );

    // The newsroom, filed through the first instance's API.
    const [a, b] = instances;
    const newsroom = await fileNewsroom(a.base, log, stories);
    await sleep(10_000);
    const afterFiling = rssNow();
    log(`after filing ${stories} stories through A, idle 10 s: A ${afterFiling[0]} MiB, B (fresh) ${afterFiling[1]} MiB`);
    const partsAfterFiling = await memoryParts(a.pid, a.base);
    log(`A's parts after filing: ${JSON.stringify(partsAfterFiling)}`);

    // What the readers read, growing with every publication.
    const articleIds = [...(newsroom.articleIds ?? [])];
    const categoryOf = new Map<number, { n: number; categoryId: number }>();
    const categoryIds = newsroom.categoryIds ?? [newsroom.categoryId];
    articleIds.forEach((id, i) => {
      const n = stories - 1 - i;
      categoryOf.set(id, { n, categoryId: categoryIds[n % categoryIds.length] });
    });
    const pictures: string[] = [];
    const picturesOf = async (id: number) => {
      const res = await fetch(`${a.base}/api/public/articles/${id}`);
      if (!res.ok) throw new Error(`/api/public/articles/${id}: ${res.status}`);
      const { imageUrls } = (await res.json()) as { imageUrls: string[] };
      return imageUrls.map((url) => new URL(url, varnishBase).pathname);
    };
    for (const id of articleIds.slice(-40)) pictures.push(...(await picturesOf(id)));
    const paths = (): ReaderPaths => ({
      articles: articleIds.map((id) => `/article/${id}`),
      categories: categoryIds.map((id) => `/public/articles/category/${id}`),
      searches: PLACES.slice(0, 5).map((place) => `/search?query=${encodeURIComponent(place)}`),
      pictures: pictures.slice(-200),
    });

    // The desk: one session each for the reporter and the admin (sessions live in the database, so
    // either instance takes them); photos made now, before the readers' clocks run.
    const admin = await signIn(a.base, NEWSROOM_ADMIN.username, NEWSROOM_ADMIN.password);
    const reporter = await signIn(a.base, NEWSROOM_REPORTER.username, NEWSROOM_REPORTER.password);
    const on = (who: { cookie: string }, instance: Instance) => client(instance.base, who.cookie);
    const photos = await Promise.all(Array.from({ length: 6 }, (_, i) => photoLikeJpeg(7000 + i)));
    log(`${photos.length} photos for the run's publications; load average ${os.loadavg()[0].toFixed(1)}`);

    const runMs = minutes * 60_000;
    const warmupMs = warmupMinutes * 60_000;
    log(
      `${minutes} min: ${connections} reader connections${rate ? ` at ${rate} req/s` : ''} through Varnish, a publication every ${publishEvery} s, ` +
        `an edit every ${editEvery} s; warm-up ${warmupMinutes} min`,
    );
    worker = new Worker(new URL('./soak-readers.ts', import.meta.url), {
      workerData: { base: varnishBase, connections, rate, paths: paths() },
    });
    const tell = (message: ReaderMessage) => worker!.postMessage(message);
    const runStart = Date.now();
    const samples: Sample[] = [];
    const sampler = setInterval(() => samples.push({ at: Date.now() - runStart, rss: rssNow() }), 5000);

    const deskErrors: string[] = [];
    const writeMs: number[] = [];
    const onHomeMs: number[] = [];
    const notOnHome: number[] = [];
    const onHome: { id: number; ms: number }[] = [];
    let published = 0;
    let edited = 0;
    let stopping = false;
    const timed = async <T>(what: string, work: () => Promise<T>): Promise<T | undefined> => {
      const t = performance.now();
      try {
        const result = await work();
        writeMs.push(performance.now() - t);
        return result;
      } catch (error) {
        deskErrors.push(`${what}: ${(error as Error).message.slice(0, 300)}`);
        return undefined;
      }
    };
    /**
     * How long from the approval's answer (committed; the purges go out in the background) until the
     * home page through Varnish links the new article in its own content (the latest carousel), not
     * only in the shared parts every page includes: the purges at work. Cut short (not counted) when
     * the load stops first.
     */
    const watchHome = async (id: number, since: number) => {
      while (!stopping) {
        if (Date.now() - since > CHECKS.onHomeGiveUpMs) return void notOnHome.push(id);
        try {
          const html = await (await fetch(`${varnishBase}/`)).text();
          if (ownContent(html).includes(`href="${articlePath(id)}"`)) {
            onHomeMs.push(Date.now() - since);
            return void onHome.push({ id, ms: Date.now() - since });
          }
        } catch {
          // counted by the readers if Varnish fails
        }
        await sleep(250);
      }
    };
    const publish = async (k: number) => {
      const [filer, approver] = k % 2 ? [b, a] : [a, b];
      const n = stories + k;
      const categoryId = categoryIds[n % categoryIds.length];
      // A photo of its own: the pool's, re-encoded with a shifted hue (distinct bytes, distinct files).
      const photo = await sharp(photos[k % photos.length])
        .modulate({ hue: (k * 17) % 360 })
        .jpeg({ quality: 82 })
        .toBuffer();
      const form = new FormData();
      form.set('article', JSON.stringify({ ...story(n), categoryIds: [categoryId] }));
      form.append('images', new File([new Uint8Array(photo)], `soak-${k}.jpg`, { type: 'image/jpeg' }));
      const created = await timed(`file story ${k} on ${filer.name}`, () =>
        on(reporter, filer).call<{ id: number }>('POST', '/articles', form),
      );
      if (!created) return;
      if (
        (await timed(`approve ${created.id} on ${approver.name}`, () =>
          on(admin, approver).call('PUT', `/admin/articles/approve/${created.id}`),
        )) === undefined
      )
        return;
      void watchHome(created.id, Date.now());
      published++;
      articleIds.push(created.id);
      categoryOf.set(created.id, { n, categoryId });
      pictures.push(...(await picturesOf(created.id).catch(() => [])));
      tell({ paths: paths() });
    };
    const edit = async (k: number) => {
      const instance = k % 2 ? a : b;
      const id = articleIds[articleIds.length - 1 - (k % Math.min(30, articleIds.length))];
      const { n, categoryId } = categoryOf.get(id)!;
      const form = new FormData();
      const base = story(n);
      form.set(
        'article',
        JSON.stringify({
          ...base,
          title: `${base.title} – నవీకరణ ${k + 1}`,
          content: `${base.content}<p>నవీకరణ ${k + 1}: ${new Date().toISOString()}</p>`,
          categoryIds: [categoryId],
        }),
      );
      if (
        (await timed(`edit ${id} on ${instance.name}`, () => on(admin, instance).call('PUT', `/articles/${id}`, form))) !==
        undefined
      )
        edited++;
    };
    // On the clock, whether or not the last one has finished: a slow desk does not slow the newsroom.
    const inFlight = new Set<Promise<void>>();
    const every = (seconds: number, act: (k: number) => Promise<void>) =>
      (async () => {
        for (let k = 0; !stopping; k++) {
          const due = runStart + (k + 1) * seconds * 1000;
          while (!stopping && Date.now() < due) await sleep(Math.min(500, due - Date.now()));
          if (stopping) break;
          const job = act(k).finally(() => inFlight.delete(job));
          inFlight.add(job);
        }
      })();
    const desk = [every(publishEvery, publish), every(editEvery, edit)];

    // Warm-up, then the measured part; a line a minute.
    const progress = setInterval(() => {
      const last = samples.at(-1);
      log(
        `${Math.round((Date.now() - runStart) / 60_000)} min: ${published} published, ${edited} edited, ${deskErrors.length} desk errors; ` +
          `resident ${last?.rss.join(' / ')} MiB; load average ${os.loadavg()[0].toFixed(1)}`,
      );
    }, 60_000);
    await sleep(warmupMs);
    tell({ reset: true });
    const warmedAt = Date.now() - runStart;
    await sleep(runMs - warmupMs);
    stopping = true;
    clearInterval(progress);
    const statsReady = new Promise<ReaderStats>((resolve) => worker!.once('message', resolve));
    tell({ stop: true });
    const readers = await statsReady;
    await Promise.all(desk);
    await Promise.all(inFlight);
    const endedAt = Date.now() - runStart;
    clearInterval(sampler);
    await worker.terminate();
    worker = undefined;

    // Idle: nothing asks anything of the instances.
    const varnishAfterLoad = varnishCounters(varnishName);
    log(`Varnish's counters after the load: ${JSON.stringify(varnishAfterLoad)}`);
    log(`load stopped; idle ${idleSeconds} s`);
    await sleep(idleSeconds * 1000);
    const idle = rssNow();
    const idleParts = await Promise.all(instances.map((instance) => memoryParts(instance.pid, instance.base)));
    const peaks = instances.map((instance) => memoryOf(instance.pid)?.peakMb ?? NaN);

    // Growth after warm-up: the median of the last 30 s of load against that of the 30 s before the
    // warm-up ended (a single sample moves with each collection).
    const window = (from: number, to: number, i: number) => samples.filter((s) => s.at > from && s.at <= to).map((s) => s.rss[i]);
    const memory = instances.map((instance, i) => {
      const atWarm = median(window(warmedAt - 30_000, warmedAt, i));
      const atEnd = median(window(endedAt - 30_000, endedAt, i));
      const highest = Math.max(...window(warmedAt, endedAt, i));
      return {
        instance: instance.name,
        freshMb: fresh[i],
        afterFilingMb: afterFiling[i],
        warmMb: atWarm,
        endMb: atEnd,
        highestAfterWarmMb: highest,
        growthPercent: Math.round(((atEnd - atWarm) / atWarm) * 1000) / 10,
        idleMb: idle[i],
        peakMb: peaks[i],
        idleParts: idleParts[i],
      };
    });
    const rps = Math.round(readers.requests / Math.max(1, readers.seconds));
    const result = {
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}`,
      node: process.versions.node,
      vcl: shipped ? 'deploy/varnish/default.vcl' : 'minimal (bench/soak.ts)',
      options: { minutes, stories, connections, publishEvery, editEvery, warmupMinutes, idleSeconds, rate },
      readers: { ...readers, requestsPerSec: rps },
      desk: {
        published,
        edited,
        errors: deskErrors,
        writeP50Ms: Math.round(median(writeMs)),
        writeMaxMs: Math.round(Math.max(0, ...writeMs)),
        onHomeP50Ms: median(onHomeMs),
        onHomeMaxMs: Math.max(0, ...onHomeMs),
        onHomeSeen: onHomeMs.length,
        notOnHome,
        onHome,
      },
      varnish: varnishAfterLoad,
      memory,
      samples,
      loadAverage: os.loadavg(),
    };
    writeFileSync(path.join(resultsDir, 'soak.json'), JSON.stringify(result, null, 2));
    const summary = summarise(result);
    writeFileSync(path.join(resultsDir, 'soak.md'), `${summary}\n`);
    console.log(`\n${summary}\n`);

    const misses = [
      ...(readers.errors ? [`${readers.errors} reader errors (${readers.examples.slice(0, 5).join('; ')})`] : []),
      ...(deskErrors.length ? [`${deskErrors.length} desk errors (${deskErrors.slice(0, 3).join('; ')})`] : []),
      ...(notOnHome.length
        ? [
            `${notOnHome.length} publications not on the home page through Varnish after ${CHECKS.onHomeGiveUpMs / 1000} s (${notOnHome.slice(0, 5).join(', ')})`,
          ]
        : []),
      ...(published > 0 && onHomeMs.length === 0 ? ['no publication was seen on the home page through Varnish'] : []),
      ...(Math.max(0, ...onHomeMs) > CHECKS.onHomeMs
        ? [`a publication took ${Math.max(...onHomeMs)} ms to reach the home page through Varnish (> ${CHECKS.onHomeMs})`]
        : []),
      ...memory.flatMap((m) => [
        ...(!(m.growthPercent < CHECKS.growthPercent) ? [`${m.instance}: resident grew ${m.growthPercent}% after warm-up`] : []),
        ...(!(m.idleMb <= CHECKS.idleMb) ? [`${m.instance}: ${m.idleMb} MiB resident when idle > ${CHECKS.idleMb}`] : []),
      ]),
    ];
    log(`finished in ${Math.round((Date.now() - started) / 1000)} s`);
    if (misses.length) {
      log(`checks failed:\n  ${misses.join('\n  ')}`);
      process.exitCode = 1;
    } else log('all checks passed');
  } finally {
    await worker?.terminate();
    await Promise.all([...children].map(stopChild));
    await database.drop().catch((error) => log(`dropping the soak database: ${(error as Error).message}`));
    rmSync(work, { recursive: true, force: true });
  }
}

function summarise(r: {
  date: string;
  machine: string;
  node: string;
  vcl: string;
  options: Record<string, number>;
  readers: ReaderStats & { requestsPerSec: number };
  desk: {
    published: number;
    edited: number;
    errors: string[];
    writeP50Ms: number;
    onHomeP50Ms: number;
    onHomeMaxMs: number;
    onHomeSeen: number;
    notOnHome: number[];
  };
  memory: {
    instance: string;
    freshMb: number;
    afterFilingMb: number;
    warmMb: number;
    endMb: number;
    highestAfterWarmMb: number;
    growthPercent: number;
    idleMb: number;
    peakMb: number;
  }[];
  varnish: Record<string, number>;
  loadAverage: number[];
}) {
  const o = r.options;
  const row = (name: string, l: { count: number; p50: number; p99: number; max: number }) =>
    `| ${name} | ${l.count} | ${l.p50} | ${l.p99} | ${l.max} |`;
  return [
    `Soak ${r.date} on ${r.machine}, Node ${r.node}, load average at the end ${r.loadAverage.map((l) => l.toFixed(1)).join(' ')}: ` +
      `${o.minutes} min (warm-up ${o.warmupMinutes}), two instances on one PostgreSQL behind Varnish (${r.vcl}), ` +
      `${o.connections} reader connections${o.rate ? ` at ${o.rate} req/s` : ''}, ${o.stories} stories filed before; ` +
      `${r.desk.published} publications and ${r.desk.edited} edits during the run (${r.desk.errors.length} failed), ` +
      `${r.readers.requestsPerSec} req/s after warm-up, ${r.readers.errors} reader errors ` +
      `(${r.readers.retried} requests asked again after Varnish closed an idle connection).`,
    '',
    '| after warm-up | answers | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|',
    row('page, from Varnish’s cache', r.readers.latency['page hit']),
    row('page, from an instance', r.readers.latency['page miss']),
    row('picture, from Varnish’s cache', r.readers.latency['picture hit']),
    row('picture, from an instance', r.readers.latency['picture miss']),
    '',
    '| instance | fresh | after filing | end of warm-up | end of load | growth | highest | idle after | peak |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.memory.map(
      (m) =>
        `| ${m.instance} | ${m.freshMb} | ${m.afterFilingMb} | ${m.warmMb} | ${m.endMb} | ${m.growthPercent}% | ${m.highestAfterWarmMb} | ${m.idleMb} | ${m.peakMb} |`,
    ),
    '',
    `Resident memory in MiB. ` +
      `Publications on the home page through Varnish: ${r.desk.onHomeSeen} seen after ${r.desk.onHomeP50Ms} ms (median, max ${r.desk.onHomeMaxMs}) from the approval's answer, ` +
      `${r.desk.notOnHome.length} not within ${CHECKS.onHomeGiveUpMs / 1000} s, ${r.desk.published - r.desk.onHomeSeen - r.desk.notOnHome.length} still watched when the load stopped; ` +
      `desk writes took ${r.desk.writeP50Ms} ms (median). Varnish's counters at the end of the load (those not 0): ` +
      (Object.entries(r.varnish)
        .filter(([, v]) => v)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none') +
      '.',
  ].join('\n');
}
