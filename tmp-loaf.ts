// Long animation frames (LoAF) of a page load and the idle time after it, 4x CPU: what each long
// frame spent on scripts (by source), style and layout.
import { chromium } from 'playwright-core';
const [url, seconds = '12', ...flags] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, reducedMotion: flags.includes('reduce') ? 'reduce' : 'no-preference' });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.addInitScript(() => {
  const w = window as unknown as { __frames: unknown[] };
  w.__frames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as Record<string, any>[]) {
      w.__frames.push({
        start: Math.round(e.startTime), ms: Math.round(e.duration), blocking: Math.round(e.blockingDuration),
        style: Math.round(e.renderStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0),
        render: Math.round(e.renderStart ? e.startTime + e.duration - e.renderStart : 0),
        scripts: (e.scripts ?? []).map((s: any) => `${Math.round(s.duration)}ms ${s.invokerType}:${(s.invoker || '').slice(0, 50)} ${(s.sourceURL || '').split('/').pop()} fl=${Math.round(s.forcedStyleAndLayoutDuration)}`),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
});
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(Number(seconds) * 1000);
const frames = (await page.evaluate(() => (window as unknown as { __frames: any[] }).__frames)) as any[];
const total = frames.reduce((n, f) => n + f.blocking, 0);
console.log(`${frames.length} long frames, blocking ${total} ms`);
for (const f of frames) console.log(`${String(f.start).padStart(6)} ${String(f.ms).padStart(5)}ms block ${String(f.blocking).padStart(4)} style+layout ${f.style} render ${f.render} | ${f.scripts.join(' ; ')}`);
await browser.close();
