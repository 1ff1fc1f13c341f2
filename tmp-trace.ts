// What the main thread does during idle time (one carousel turn): a Chrome trace summarised by event.
import { chromium } from 'playwright-core';
const [url, from = '5000', to = '10000'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const context = await browser.newContext({
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(Number(from));
const fromLoad = from === 'load';
if (!fromLoad) { await page.goto(url, { waitUntil: 'load' }); await page.waitForTimeout(Number(from)); }
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink'] });
if (fromLoad) await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(Number(to) - (fromLoad ? 0 : Number(from)));
const events: any[] = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
const busy = (k: string) => events.filter((e) => `${e.pid}:${e.tid}` === k && e.ph === 'X').reduce((n, e) => n + (e.dur ?? 0), 0);
const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
const totals = new Map<string, number>();
for (const e of events) if (e.ph === 'X' && e.name === 'RunTask') totals.set(`${e.pid}:${e.tid}`, (totals.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
console.log([...totals].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${names.get(k)} ${k} ${Math.round(v / 1000)}ms`).join('\n'));
const mainTid = mains.sort((a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0))[0];
const on = events.filter((e) => `${e.pid}:${e.tid}` === mainTid && e.ph === 'X' && e.dur);
const by = new Map<string, number>();
for (const e of on) {
  const name =
    e.name === 'FunctionCall'
      ? `FunctionCall ${e.args?.data?.functionName || ''} ${(e.args?.data?.url || '').split('/').pop()}`
      : e.name;
  by.set(name, (by.get(name) ?? 0) + e.dur / 1000);
}
for (const t of on.filter((e) => e.name === 'RunTask' && e.dur > 50000)) {
  const inside = on.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.name !== 'RunTask');
  const top = new Map<string, number>();
  for (const e of inside) { const k = e.name === 'FunctionCall' ? `FunctionCall ${(e.args?.data?.url || '').split('/').pop()}` : e.name; top.set(k, Math.max(top.get(k) ?? 0, e.dur / 1000)); }
  console.log(`task ${Math.round(t.dur / 1000)} ms at ${Math.round((t.ts - on[0].ts) / 1000)}:`, [...top].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' | '));
}
console.log(
  'long RunTasks:',
  on
    .filter((e) => e.name === 'RunTask' && e.dur > 50000)
    .map((e) => Math.round(e.dur / 1000))
    .join(' '),
);
for (const [k, v] of [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`${v.toFixed(0).padStart(7)} ms  ${k}`);
await browser.close();
