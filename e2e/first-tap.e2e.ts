// The first tap on a phone: the header's ☰ and 🔍 on the home and article pages, tapped as soon as
// they show (before the islands script has arrived, let alone woken the header), on a small phone
// at 4× CPU. The tap is kept by the page's <head> script and replayed once the header is alive.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, browser, SCREENS, useBrowser } from './support/browser.ts';

useBrowser();

const RUNS = 3;

/** A phone's context with a cold cache, its CPU slowed 4× (Chrome's "mid-tier mobile"). */
async function slowPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({
    baseURL: baseUrl(),
    viewport: SCREENS.smallShortPhone,
    hasTouch: true,
    isMobile: true,
    locale: 'te-IN',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  // When the tap reached the page, and whether the header was alive then.
  await page.addInitScript(() => {
    addEventListener(
      'click',
      () => {
        const w = window as unknown as { firstTap?: { at: number; live: boolean } };
        w.firstTap ??= { at: performance.now(), live: !!document.querySelector('[data-island="header"][data-live]') };
      },
      { capture: true, once: true },
    );
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** Opens the page and taps the control as soon as the browser has the document; what the tap met. */
async function tapAtOnce(page: Page, url: string, control: string) {
  await page.goto(url, { waitUntil: 'commit' });
  // A touch where the button is drawn, without waiting for Playwright's checks of a steady page.
  const box = await page.getByRole('button', { name: control, exact: true }).boundingBox({ timeout: 10_000 });
  if (!box) throw new Error(`${control} is not drawn on ${url}`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  return page.evaluate(() => {
    const w = window as unknown as { firstTap?: { at: number; live: boolean } };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    const at = w.firstTap?.at ?? NaN;
    return { live: w.firstTap?.live, afterCommit: Math.round(at - nav.responseStart), afterPaint: Math.round(at - paint) };
  });
}

let articlePath = '';
async function pages() {
  if (!articlePath) {
    const res = await fetch(`${baseUrl()}/api/public/articles/homepage`);
    const home = (await res.json()) as { latestNews: { id: number }[] };
    articlePath = `/article/${home.latestNews[0].id}`;
  }
  return [
    ['home', '/'],
    ['article', articlePath],
  ] as const;
}

/**
 * Each run: a fresh slow phone opens the page and taps the control at once; the tap must come
 * before the header is alive, and `opened` must then see what the tap opens. Says how long after
 * the document's first byte, and after the first paint (the button cannot be tapped before it is
 * drawn), each tap came.
 */
async function everyRun(control: string, opened: (page: Page) => Promise<void>) {
  const after: string[] = [];
  for (const [, url] of await pages()) {
    for (let run = 0; run < RUNS; run++) {
      const { context, page } = await slowPhone();
      const tap = await tapAtOnce(page, `${url}${url.includes('?') ? '&' : '?'}utm_source=tap-${run}`, control);
      // The tap came before the header was alive: what this test is about.
      expect(tap.live, `${url} run ${run}: ${JSON.stringify(tap)}`).toBe(false);
      await opened(page);
      after.push(`${tap.afterCommit}/${tap.afterPaint}`);
      await context.close();
    }
  }
  console.info(`${control}: taps at ${after.join(', ')} ms after the first byte/the first paint`);
}

describe('the first tap on a 360 px phone at 4× CPU', () => {
  it('☰ opens the drawer, every run, on the home and article pages', async () => {
    await everyRun('మెనూ', async (page) => {
      await page.locator('#site-drawer.open').waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: 'మెనూ', exact: true }).getAttribute('aria-expanded')).toBe('true');
    });
  });

  it('🔍 opens the search, every run, on the home and article pages', async () => {
    await everyRun('వెతకండి', async (page) => {
      const input = page.getByRole('searchbox', { name: 'వార్తల కోసం వెతకండి' });
      await input.waitFor({ timeout: 15_000 });
      // Typing goes straight into it, as after a tap on a hydrated page.
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  });
});
