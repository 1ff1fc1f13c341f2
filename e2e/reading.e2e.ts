// Readers in Chromium: views counted by the beacon and the most-read section in view order;
// offline reading through the service worker (kept articles and home page, the Telugu offline
// page for anything else, no view counted twice); Save-Data pages with the smallest pictures.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, browser, createUser, goto, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';
import { apiContext, ok, publishApproved } from './support/api.ts';
import type { Article } from '../contract/articles.ts';

/** A phone's Chrome: the headless browser's own user agent is (rightly) a bot to isbot. */
const READER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const MOST_READ = 'ఎక్కువ మంది చదివినవి';
const OFFLINE_HEADING = 'మీరు ఆఫ్‌లైన్‌లో ఉన్నారు';

useBrowser();
let admin: APIRequestContext;
let reporter: APIRequestContext;
const stamp = Date.now().toString(36);
let category = 0;
let desk = '';
/** The most-read test's articles, most read first. */
let ranked: Article[] = [];
/** The articles the most-read test made, for a retry to take away first. */
let mostReadMade: Article[] = [];
/** How long a poll waits for what happens in the background: views are written every few seconds. */
const BACKGROUND = { timeout: 15_000 };

async function publish(title: string, images = 1): Promise<Article> {
  const pictures: Uint8Array[] = [];
  for (let i = 0; i < images; i++) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="788"><rect width="100%" height="100%" fill="#${(i * 3 + 5).toString(16).repeat(6).slice(0, 6)}"/></svg>`;
    pictures.push(await sharp(Buffer.from(svg)).png().toBuffer());
  }
  const article = { title, author: 'ప్రతినిధి', content: '<p>వార్త వివరాలు.</p>', categoryIds: [category], region: 'గుంటూరు' };
  return publishApproved({ reporter, admin }, article, pictures);
}

async function readerContext(extra: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({
    baseURL: baseUrl(),
    viewport: SCREENS.phone,
    userAgent: READER_UA,
    locale: 'te-IN',
    ...extra,
  });
  return { context, page: await context.newPage() };
}

/** Opens an article and waits for its view beacon to leave the page. */
async function read(page: Page, id: number) {
  const beacon = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/public/articles/${id}/view`));
  await page.goto(`/article/${id}`);
  await beacon;
}

/** All-time views per article, as the admin's approved list shows them. */
async function viewsOf(ids: number[]): Promise<number[]> {
  const page = await ok<{ content: { id: number; views: number }[] }>(
    await admin.get('/api/admin/articles/approved?sort=views&pageSize=50'),
  );
  return ids.map((id) => page.content.find((a) => a.id === id)?.views ?? 0);
}

/** URLs (path only) the service worker has kept, in every one of its caches. */
const keptPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

beforeAll(async () => {
  const chief = inject('admin');
  admin = await apiContext(chief.username, chief.password);
  const writer = await createUser('REPORTER', 'reader_desk');
  reporter = await apiContext(writer.username, writer.password);
  desk = writer.username;
  category = (await ok<{ id: number }>(await admin.post('/api/admin/categories', { data: { name: `పాఠకులు ${stamp}` } }))).id;
}, 120_000);

afterAll(async () => {
  await admin?.dispose();
  await reporter?.dispose();
});

describe('most read', () => {
  it('counts one view per browser and article an hour, none from a headless one, and lists the most read first', async () => {
    // A retry starts clean: an earlier attempt's articles, with their views and the same titles,
    // would otherwise rank beside this attempt's in the admin's list and the reporter's totals.
    for (const made of mostReadMade.splice(0)) await ok(await admin.delete(`/api/admin/articles/${made.id}`));
    const [a, b, c] = [await publish(`ఎక్కువ చదివిన ఎ ${stamp}`), await publish(`బి ${stamp}`), await publish(`సి ${stamp}`)];
    mostReadMade = [a, b, c];
    // Three readers' phones (one address here, told apart by their browsers).
    const readers = await Promise.all(
      [8, 7, 6].map((n) => readerContext({ userAgent: READER_UA.replace('Pixel 8', `Pixel ${n}`) })),
    );
    const { context, page } = readers[0];
    for (const [article, times] of [
      [c, 3],
      [a, 2],
      [b, 1],
    ] as const) {
      for (let i = 0; i < times; i++) await read(readers[i].page, article.id);
    }
    // The first reader opens c again within the hour: not another view.
    await read(page, c.id);
    for (const other of readers.slice(1)) await other.context.close();
    // The same page opened by the headless browser's own user agent is a bot: not counted.
    const headless = await browser().newContext({ baseURL: baseUrl() });
    const bot = await headless.newPage();
    const botBeacon = bot.waitForRequest((r) => r.url().endsWith(`/api/public/articles/${c.id}/view`));
    await bot.goto(`/article/${c.id}`);
    await botBeacon;

    // Written in one batch within a few seconds.
    await expect.poll(() => viewsOf([c.id, a.id, b.id]), BACKGROUND).toEqual([3, 2, 1]);

    const ours = new Set([a.id, b.id, c.id]);
    // Looks are taken by the headless browser, whose views are not counted, at a new address each
    // time: a page may be a minute old in the browser's HTTP cache (max-age=60). A tracking tag
    // makes the new address (any other parameter is answered with a redirect to the page's one
    // address, which the browser's cache may still hold).
    let look = 0;
    const mostReadOn = async (path: string) => {
      const answer = await bot.goto(`${path}?utm_source=look-${++look}`);
      expect(answer?.request().redirectedFrom(), 'a tracking tag is not redirected').toBeNull();
      const section = bot.locator('section.most-read');
      if ((await section.count()) === 0) return [];
      return (
        await section.locator('li').evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-article-id'))))
      ).filter((id) => ours.has(id));
    };
    await expect.poll(() => mostReadOn('/'), BACKGROUND).toEqual([c.id, a.id, b.id]);
    expect(await bot.getByRole('heading', { name: MOST_READ }).isVisible()).toBe(true);
    await screenshot(bot, 'most-read-home');
    expect(await bot.locator('section.most-read li').count()).toBeLessThanOrEqual(5);
    expect(await bot.locator('section.most-read li').first().getAttribute('data-article-id')).toBe(String(c.id));
    // The article page shows the same list (as server HTML: an islands page).
    await expect.poll(() => mostReadOn(`/article/${b.id}`), BACKGROUND).toEqual([c.id, a.id, b.id]);
    expect(await viewsOf([c.id, a.id, b.id])).toEqual([3, 2, 1]);
    await screenshot(bot, 'most-read-article');
    await headless.close();
    await context.close();
    ranked = [c, a, b];
  });

  it('the admin sorts approved articles by views and sees views per reporter', async () => {
    expect(ranked).toHaveLength(3);
    const context = await browser().newContext({ baseURL: baseUrl(), viewport: SCREENS.desktop });
    const page = await context.newPage();
    const chief = inject('admin');
    await signIn(page, chief.username, chief.password);
    await goto(page, '/admin-dashboard/approved-articles');
    const sorted = page.waitForResponse(
      (r) => r.url().includes('/api/admin/articles/approved?') && r.url().includes('sort=views'),
    );
    await page.getByRole('button', { name: 'Most views' }).click();
    await sorted;
    await page.waitForSelector('.review-list[aria-busy="false"]');
    // The list is read as it settles: the sorted answer is drawn after it arrives.
    const items = page.locator('.review-item');
    for (const [i, views] of [3, 2, 1].entries()) {
      await expect.poll(() => items.nth(i).locator('.review-item-title').textContent()).toBe(ranked[i].title);
      await expect.poll(() => items.nth(i).locator('.review-views').textContent()).toBe(`${views} views`);
    }
    await expect.poll(() => page.getByRole('button', { name: 'Most views' }).getAttribute('aria-pressed')).toBe('true');
    const row = page.locator('.reporter-views tr', { hasText: desk });
    await expect.poll(() => row.locator('td').allTextContents()).toEqual([desk, '3', '6']);
    await screenshot(page, 'admin-approved-views');
    await context.close();
  });
});

describe('offline reading', () => {
  it('keeps the articles a reader opened and the home page; anything else is the Telugu offline page', async () => {
    const [first, second] = [await publish(`ఆఫ్‌లైన్ ఒకటి ${stamp}`), await publish(`ఆఫ్‌లైన్ రెండు ${stamp}`)];
    const { context, page } = await readerContext();
    const kept = async (paths: string[]) => {
      const all = await keptPaths(page);
      return paths.filter((p) => all.includes(p));
    };
    // A reader stays on a story for a while: each is kept before the next one is opened.
    for (const article of [first, second]) {
      await read(page, article.id);
      await expect.poll(() => kept([`/article/${article.id}`]), BACKGROUND).toEqual([`/article/${article.id}`]);
    }
    await page.goto('/');
    await expect.poll(() => kept(['/', '/offline.html']), BACKGROUND).toEqual(['/', '/offline.html']);
    await expect.poll(() => viewsOf([first.id, second.id]), BACKGROUND).toEqual([1, 1]);
    // The API is never stored.
    expect((await keptPaths(page)).filter((p) => p.startsWith('/api/'))).toEqual([]);

    await context.setOffline(true);
    for (const article of [first, second]) {
      await page.goto(`/article/${article.id}`);
      await expect(page.locator('h1.article-title').textContent()).resolves.toBe(article.title);
      // Its cover picture too.
      const cover = page.locator('.article-image').first();
      await expect(cover.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBeGreaterThan(
        0,
      );
    }
    await page.goto('/');
    expect(await page.locator('main.home').count()).toBe(1);
    expect(await page.locator('.latest-slide').count()).toBeGreaterThan(0);
    // A page never opened: the offline page, in Telugu.
    await page.goto('/about-us');
    expect(await page.locator('h1').textContent()).toBe(OFFLINE_HEADING);
    await screenshot(page, 'offline-page');
    await page.goto(`/article/${first.id}?utm_source=share`);
    expect(await page.locator('h1.article-title').textContent()).toBe(first.title);

    // Back online: the offline reads were not counted, then or later. Later is after a write of
    // the views that came since: one more article read online is counted, and these are not.
    await context.setOffline(false);
    await page.goto('/about-us');
    const control = await publish(`ఆఫ్‌లైన్ తర్వాత ${stamp}`);
    await read(page, control.id);
    await expect.poll(() => viewsOf([control.id]), BACKGROUND).toEqual([1]);
    expect(await viewsOf([first.id, second.id])).toEqual([1, 1]);
    await context.close();
  }, 90_000);
});

describe('Save-Data', () => {
  it('sends the smallest picture variant and does not autoplay the carousel', async () => {
    const article = await publish(`తక్కువ డేటా ${stamp}`, 3);
    const smallest = article.images[0].srcset
      .split(',')
      .map((p) => p.trim().split(/\s+/))
      .sort((x, y) => parseInt(x[1]) - parseInt(y[1]))[0][0];

    const lite = await readerContext({ extraHTTPHeaders: { 'save-data': 'on' } });
    // The page's clock is the test's: the autoplay delay passes when the test says, not on the wall.
    await lite.page.clock.install();
    const response = await lite.page.goto(`/article/${article.id}`);
    expect(response?.headers().vary).toMatch(/Save-Data/i);
    expect(await lite.page.locator('html').getAttribute('data-save-data')).toBe('on');
    const first = lite.page.locator('.article-image').first();
    expect(await first.getAttribute('src')).toBe(smallest);
    expect(await first.getAttribute('srcset')).toBeNull();
    // Left alone past the autoplay delay, the carousel stays on its first slide.
    await lite.page.waitForSelector('html[data-hydrated="true"]');
    await lite.page.clock.runFor(4_500);
    expect(await lite.page.locator('.carousel-slide').first().getAttribute('class')).toMatch(/is-selected/);
    await lite.context.close();

    // The same page without the header (from the page cache) keeps every variant.
    const full = await readerContext();
    await full.page.goto(`/article/${article.id}`);
    expect(await full.page.locator('html').getAttribute('data-save-data')).toBeNull();
    expect(await full.page.locator('.article-image').first().getAttribute('srcset')).toContain('w,');
    await full.context.close();
  }, 60_000);
});
