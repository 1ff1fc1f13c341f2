// `node bench/trace.ts <url>... [--runs N] [--cpu 1] [--slow-4g]`: the main thread of a phone loading
// each page. Debian Chromium as a phone (412×823 CSS px, DPR 1.75, touch; CPU slowed `--cpu` times;
// slow-4G latency and bandwidth with --slow-4g), a Chrome performance trace from navigation to 6 s
// after load, then every main-thread task of 50 ms or more (by wall time, or by thread time × 4 as
// Lighthouse's simulated phone counts it): when it started (ms after navigation), how long it ran, and
// what ran in it (scripts by file, style, layout, paint, image decoding, garbage collection);
// the islands' hydration marks (app/islands/entry.client.tsx) and the page's FCP and LCP beside
// them. Prints the total blocking time of the tasks (the part of each beyond 50 ms) by wall time and
// by thread time × 4: the second hardly moves with the load other processes put on the machine.
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: what the task cost, whatever else the machine was doing. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; type?: string; functionName?: string; frame?: string } };
};

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const RUNS = Number(argument('--runs', '1'));
const CPU = Number(argument('--cpu', '1'));
const SLOW_4G = process.argv.includes('--slow-4g');
const urls = process.argv.slice(2).filter((a, i, all) => a.startsWith('http') && !['--runs', '--cpu'].includes(all[i - 1]));

/** What a piece of a task is, for the summary. */
function kind(e: TraceEvent): string | null {
  const file = (url?: string) => (url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*/, '') || url : 'inline');
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `script ${file(e.args?.data?.url)}`;
    case 'FunctionCall':
      return `script ${file(e.args?.data?.url)}`;
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'FireIdleCallback':
      return null; // the script inside says more
    case 'EventDispatch':
      return `event ${e.args?.data?.type}`;
    case 'ParseHTML':
      return 'parse HTML';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'PrePaint':
    case 'Paint':
    case 'PaintImage':
    case 'UpdateLayer':
    case 'Layerize':
    case 'Commit':
      return 'paint';
    case 'Decode Image':
    case 'ImageDecodeTask':
    case 'Decode LazyPixelRef':
      return 'image decode';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
    case 'BlinkGC.AtomicPhase':
      return 'GC';
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
      return 'compile';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    default:
      return null;
  }
}

async function traceOnce(url: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    if (SLOW_4G) {
      await cdp.send('Network.enable');
      // Lighthouse's slow 4G: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
    }
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'loading',
        'v8',
        'v8.execute',
        'disabled-by-default-v8.compile',
        'toplevel',
      ],
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(6000);
    const buffer = await browser.stopTracing();
    const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    return events;
  } finally {
    await browser.close();
  }
}

function report(url: string, events: TraceEvent[]) {
  // The page's main thread: of the renderers' main threads (the first page and the one that
  // navigated may differ), the one that ran most; the navigation is its last navigationStart.
  const names = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (n: TraceEvent) =>
    events.filter((e) => e.pid === n.pid && e.tid === n.tid && e.name === 'RunTask').reduce((t, e) => t + (e.dur ?? 0), 0);
  const main = names.sort((a, b) => busy(b) - busy(a))[0];
  const nav = events.filter((e) => e.name === 'navigationStart' && e.pid === main?.pid).sort((a, b) => b.ts - a.ts)[0];
  if (!main || !nav) throw new Error('no page navigation in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= nav.ts);
  const at = (ts: number) => Math.round((ts - nav.ts) / 1000);
  // Top-level tasks only (Chromium nests one task event in another): long by wall time, or by
  // thread time × 4.
  const tasks: TraceEvent[] = [];
  for (const e of onMain
    .filter(
      (e) =>
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        ((e.dur ?? 0) >= 50_000 || (e.tdur ?? 0) * 4 >= 50_000),
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    const last = tasks[tasks.length - 1];
    if (!last || e.ts >= last.ts + (last.dur ?? 0)) tasks.push(e);
  }
  const marks = events
    .filter((e) => e.pid === main.pid && (e.cat.includes('blink.user_timing') || e.cat.includes('loading')) && e.ts >= nav.ts)
    .filter((e) =>
      /^(island|firstContentfulPaint|largestContentfulPaint::Candidate|loadEventStart|domContentLoaded)/.test(e.name),
    );
  console.log(`\n${url}`);
  for (const m of marks) console.log(`  ${String(at(m.ts)).padStart(6)} ms  mark ${m.name}`);
  let blocking = 0;
  let cpuBlocking = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    // The outermost piece of each kind inside the task (a script inside a script counts once).
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && kind(e));
    const open: TraceEvent[] = [];
    for (const e of inside.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
      const k = kind(e)!;
      while (open.length && open[open.length - 1].ts + (open[open.length - 1].dur ?? 0) <= e.ts) open.pop();
      if (open.some((o) => kind(o)!.split(' ')[0] === k.split(' ')[0])) continue;
      parts.set(k, (parts.get(k) ?? 0) + (e.dur ?? 0));
      open.push(e);
    }
    const ms = Math.round((task.dur ?? 0) / 1000);
    const cpu = Math.round((task.tdur ?? task.dur ?? 0) / 1000);
    blocking += Math.max(0, ms - 50);
    // As Lighthouse simulates a phone: the task's thread time × 4, less 50 ms.
    cpuBlocking += Math.max(0, cpu * 4 - 50);
    const summary = [...parts.entries()]
      .sort((a, b) => b[1] - a[1])
      .filter(([, d]) => d >= 2000)
      .map(([k, d]) => `${k} ${Math.round(d / 1000)}`)
      .join(', ');
    console.log(
      `  ${String(at(task.ts)).padStart(6)} ms  task ${String(ms).padStart(4)} ms (CPU ${String(cpu).padStart(4)} ms): ${summary}`,
    );
  }
  const topLevel = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  let cpuTotal = 0;
  let lastEnd = 0;
  for (const e of topLevel.sort((a, b) => a.ts - b.ts)) {
    if (e.ts < lastEnd) continue;
    cpuTotal += e.tdur ?? 0;
    lastEnd = e.ts + (e.dur ?? 0);
  }
  console.log(
    `  ${tasks.length} tasks ≥ 50 ms; blocking time beyond 50 ms: ${blocking} ms wall, ${cpuBlocking} ms by thread time × 4; ` +
      `main thread CPU in all: ${Math.round(cpuTotal / 1000)} ms (CPU ×${CPU})`,
  );
  return blocking;
}

for (const url of urls) {
  for (let run = 0; run < RUNS; run++) report(url, await traceOnce(url));
}
