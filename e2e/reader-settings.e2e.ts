// The reader's own settings and an article's dates, in Chromium on a phone (412×823) and a desktop:
// A−/A+ and the dark theme, kept in the browser across pages and reloads, following the phone's
// colour scheme until switched, applied by the page's own <head> before anything loads (no flash)
// and never in the shared cached HTML; dark-theme contrast on the home, article and category pages;
// 'ప్రచురణ' and 'నవీకరణ' with the time to the minute in India time.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { type APIRequestContext, type Page } from 'playwright-core';
import { createUser, database, goto, newPage, SCREENS, useBrowser } from './support/browser.ts';
import { articles } from '../server/db/schema.ts';
import { apiContext, ok, publishApproved } from './support/api.ts';
import type { Article } from '../contract/articles.ts';

const PHONE = SCREENS.shortPhone;
const DESKTOP = SCREENS.laptop;
const stamp = Date.now().toString(36);

useBrowser();
let admin: APIRequestContext;
let reporter: APIRequestContext;
let category = 0;
let story: Article;

async function publish(title: string): Promise<Article> {
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const article = { title, author: 'ప్రతినిధి', content: '<p>చదివే సౌకర్యం పరీక్ష వార్త.</p>', categoryIds: [category], region: 'నగరం' };
  return publishApproved({ reporter, admin }, article, [png]);
}

async function shot(page: Page, name: string) {
  const dir = path.join(process.cwd(), 'e2e/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `reader-settings-${name}.png`) });
}

/** A busy test machine may take seconds to wake an island. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 200 });
const html = (page: Page) => page.locator('html');
const rootFontSize = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BG = 'rgb(18, 18, 18)';
const LIGHT_BG = 'rgb(255, 255, 255)';

/** The menu's settings (on a phone the header shows none); the page opened with goto(), so its islands entry listens. */
async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'మెనూ' }).click();
  const drawer = page.locator('#site-drawer');
  await poll(() => drawer.getAttribute('class')).toContain('open');
  return drawer;
}

beforeAll(async () => {
  const chief = inject('admin');
  admin = await apiContext(chief.username, chief.password);
  const writer = await createUser('REPORTER', 'readers');
  reporter = await apiContext(writer.username, writer.password);
  category = (await ok<{ id: number }>(await admin.post('/api/admin/categories', { data: { name: `పాఠకులు ${stamp}` } }))).id;
  story = await publish(`పాఠకుల సౌకర్యం ${stamp}`);
  // Published at 12:05 and changed at 16:20 the next day, India time: set before any page shows it.
  await database()
    .update(articles)
    .set({ publicationDate: new Date('2026-11-20T06:35:00Z'), updatedAt: new Date('2026-11-21T10:50:00Z') })
    .where(eq(articles.id, story.id));
}, 180_000);

afterAll(async () => {
  await admin?.dispose();
  await reporter?.dispose();
});

describe('text size (అ− / అ+)', () => {
  it('on a phone, from the menu: larger text on this page, the next one and after a reload; the cached HTML stays the same for everyone', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    await goto(page, `/article/${story.id}`);
    expect(await rootFontSize(page)).toBe('16px');
    const drawer = await openMenu(page);
    const larger = drawer.getByRole('button', { name: 'అక్షరాలు పెద్దవిగా' });
    const smaller = drawer.getByRole('button', { name: 'అక్షరాలు చిన్నవిగా' });
    await larger.click();
    await larger.click();
    await poll(() => html(page).getAttribute('data-text-size')).toBe('2');
    expect(await rootFontSize(page)).toBe('20px');
    await shot(page, 'phone-article-larger-text');
    // Not beyond the largest step: the button says so, and a tap changes nothing.
    await larger.click();
    await poll(() => larger.getAttribute('aria-disabled')).toBe('true');
    expect(await html(page).getAttribute('data-text-size')).toBe('3');
    await larger.click({ force: true });
    expect(await html(page).getAttribute('data-text-size')).toBe('3');
    await smaller.click();
    await poll(() => html(page).getAttribute('data-text-size')).toBe('2');

    await goto(page, `/public/articles/category/${category}`);
    expect(await html(page).getAttribute('data-text-size')).toBe('2');
    expect(await rootFontSize(page)).toBe('20px');
    await page.reload();
    expect(await rootFontSize(page)).toBe('20px');
    // The server's HTML knows nothing of it.
    const served = await (await page.request.get(`/article/${story.id}`)).text();
    expect(served).not.toMatch(/<html[^>]*data-text-size/);
    expect(served).not.toMatch(/<html[^>]*data-theme/);
    await context.close();
  });

  it('is applied by the page itself before any script file loads (no flash of the default size)', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('news:text-size', '1'));
    // No JavaScript file at all: only the page's own <head> script can have set it.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`/article/${story.id}`);
    expect(await html(page).getAttribute('data-text-size')).toBe('1');
    expect(await rootFontSize(page)).toBe('18px');
    await context.close();
  });
});

describe('dark theme', () => {
  it("follows the phone's colour scheme until switched, and the switch is kept across pages and reloads", async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    await page.emulateMedia({ colorScheme: 'dark' });
    await goto(page, `/article/${story.id}`);
    expect(await background(page)).toBe(DARK_BG);
    const drawer = await openMenu(page);
    const theme = drawer.getByRole('button', { name: 'డార్క్ థీమ్' });
    await poll(() => theme.getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'phone-article-dark-menu');
    // Switched off: light on a dark phone, kept.
    await theme.click();
    await poll(() => background(page)).toBe(LIGHT_BG);
    expect(await theme.getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('news:theme'))).toBe('light');
    await page.reload();
    expect(await background(page)).toBe(LIGHT_BG);
    await goto(page, `/public/articles/category/${category}`);
    expect(await background(page)).toBe(LIGHT_BG);
    // Back on: the same as the phone's, so the site follows the phone again.
    const again = await openMenu(page);
    await again.getByRole('button', { name: 'డార్క్ థీమ్' }).click();
    await poll(() => background(page)).toBe(DARK_BG);
    expect(await page.evaluate(() => localStorage.getItem('news:theme'))).toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
    await poll(() => background(page)).toBe(LIGHT_BG);
    await context.close();
  });

  it('on a desktop, from the header: the switch works on an islands page without waking the header, and is kept', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`/article/${story.id}`);
    const header = page.locator('.site-header .header-reader-settings');
    const theme = header.getByRole('button', { name: 'డార్క్ థీమ్' });
    await poll(() => theme.isVisible()).toBe(true);
    expect(await theme.getAttribute('aria-pressed')).toBe('false');
    await theme.click();
    await poll(() => background(page)).toBe(DARK_BG);
    expect(await theme.getAttribute('aria-pressed')).toBe('true');
    await header.getByRole('button', { name: 'అక్షరాలు పెద్దవిగా' }).click();
    await poll(() => rootFontSize(page)).toBe('18px');
    // The header island (React Router's code) did not load for this.
    expect(await page.locator('[data-island="header"]').getAttribute('data-live')).toBeNull();
    await shot(page, 'desktop-article-dark');
    await page.reload();
    expect(await background(page)).toBe(DARK_BG);
    expect(await rootFontSize(page)).toBe('18px');
    await goto(page, '/');
    expect(await background(page)).toBe(DARK_BG);
    await shot(page, 'desktop-home-dark');
    await context.close();
  });

  it('keeps every text readable (axe colour contrast) on the home, article and category pages, phone and desktop', async () => {
    const problems: string[] = [];
    for (const [device, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { page, context } = await newPage({ viewport });
      await page.emulateMedia({ colorScheme: 'dark' });
      for (const [name, url] of [
        ['home', '/'],
        ['article', `/article/${story.id}`],
        ['category', `/public/articles/category/${category}`],
      ]) {
        await page.goto(url);
        await page.waitForLoadState('networkidle');
        expect(await background(page)).toBe(DARK_BG);
        await shot(page, `${device}-${name}-dark`);
        const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
        for (const v of result.violations)
          problems.push(
            `${device} ${name}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join('; ')}`,
          );
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 180_000);
});

describe('dates', () => {
  it("an article shows 'ప్రచురణ' and 'నవీకరణ' to the minute in India time; lists show the time too", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      // A reader abroad sees India's time all the same.
      const { page, context } = await newPage({ viewport, timezoneId: 'America/New_York' });
      await goto(page, `/public/articles/category/${category}`);
      await poll(() => page.locator('.article-card-meta time').first().textContent()).toBe('20/11/2026 12:05 IST');
      await page.goto(`/article/${story.id}`);
      const dates = page.locator('.article-meta .article-dates');
      expect(await dates.locator(':scope > span').allTextContents()).toEqual([
        'ప్రచురణ: 20/11/2026 12:05 IST',
        'నవీకరణ: 21/11/2026 16:20 IST',
      ]);
      expect(await dates.locator('time').first().getAttribute('datetime')).toBe('2026-11-20T06:35:00.000Z');
      await context.close();
    }
  });
});
