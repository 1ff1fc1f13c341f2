// Scheduled publishing, breaking news and the Activity screen in Chromium. The scheduled moment
// is real here (a few seconds ahead): the server's publishing clock must publish it on time
// with no restart and no outside cron, and the cached home page must show it.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { categories } from '../server/db/schema.ts';
import { baseUrl, browser, createUser, database, goto, newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import type { Article } from '../contract/articles.ts';

useBrowser();
let reporter: { id: number; username: string; password: string };
let categoryId: number;
let image: Buffer;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  reporter = await createUser('REPORTER', 'sched_reporter');
  [{ id: categoryId }] = await database()
    .insert(categories)
    .values({ name: `షెడ్యూల్-${stamp}` })
    .returning({ id: categories.id });
  image = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();
});

const origin = () => ({ origin: baseUrl() });

/** axe-core: no serious or critical violation. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function submitArticle(request: APIRequestContext, title: string): Promise<Article> {
  const res = await request.post('/api/articles', {
    headers: origin(),
    multipart: {
      article: JSON.stringify({
        title,
        author: 'షెడ్యూల్ రచయిత',
        content: `<p>${title}: వివరాలు.</p>`,
        youtubeVideoId: '',
        categoryIds: [categoryId],
        region: 'తిరుపతి',
      }),
      images: { name: 'cover.png', mimeType: 'image/png', buffer: image },
    },
  });
  if (res.status() !== 201) throw new Error(`submit failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Article;
}

async function reporterArticle(title: string) {
  const { page, context } = await newPage();
  await signIn(page, reporter.username, reporter.password);
  const article = await submitArticle(page.request, title);
  await context.close();
  return article;
}

/** An admin whose device is in New York: the picker must still read and show India time. */
async function adminInNewYork() {
  const context = await browser().newContext({
    baseURL: baseUrl(),
    viewport: { width: 1024, height: 900 },
    timezoneId: 'America/New_York',
    locale: 'en-US',
  });
  const page = await context.newPage();
  const admin = inject('admin');
  await signIn(page, admin.username, admin.password);
  return { page, context, admin };
}

/**
 * The home page's main content and ticker as a new anonymous reader sees it (a fresh context: the
 * page is sent with max-age=60, so one browser would rightly keep its copy for a minute).
 */
async function homeText() {
  const { page, context } = await newPage();
  try {
    await page.goto('/');
    return {
      main: (await page.locator('main').textContent()) ?? '',
      ticker: (await page.locator('.ticker').textContent()) ?? '',
    };
  } finally {
    await context.close();
  }
}

describe('scheduled publishing', { timeout: 180_000 }, () => {
  it('the picker reads India time on any device; the scheduled list shows the time; the article appears when its time comes', async () => {
    const article = await reporterArticle(`షెడ్యూల్ పరీక్ష వార్త ${stamp}`);
    const { page, context } = await adminInNewYork();
    await goto(page, `/admin-dashboard/view-article/${article.id}`);
    await page.getByRole('heading', { name: article.title }).waitFor();

    // Tomorrow 06:00 in India, typed on a New York device.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(tomorrow); // yyyy-mm-dd
    // Typed as India reads it (DD/MM/YYYY, 24-hour), whatever the browser's language.
    await page.getByLabel('Publish at (India time, IST)').fill(day.split('-').reverse().join('/'));
    await page.getByLabel('Time (24-hour, HH:MM)').fill('06:00');
    await screenshot(page, 'schedule-picker');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect
      .poll(() => page.locator('.review-page [role="status"]').first().textContent())
      .toBe('Article scheduled for publication.');
    const stored = (await (await page.request.get(`/api/admin/articles/${article.id}`)).json()) as Article;
    expect(stored.approvalStatus).toBe('SCHEDULED');
    expect(stored.publicationDate).toBe(new Date(`${day}T06:00:00+05:30`).toISOString());

    // The dashboard's Scheduled list shows it with its India time.
    await goto(page, '/admin-dashboard');
    await page.getByRole('link', { name: 'Scheduled Articles' }).click();
    await page.getByRole('heading', { name: 'Scheduled Articles' }).waitFor();
    const row = page.locator('.review-item', { hasText: article.title });
    await row.waitFor();
    const [y, m, d] = day.split('-');
    expect(await row.textContent()).toContain(`Publishes ${d}/${m}/${y} 06:00 IST`);
    await screenshot(page, 'scheduled-articles');
    await expectAccessible(page);

    // Invisible to readers meanwhile.
    const reader = await newPage();
    expect((await reader.page.request.get(`/api/public/articles/${article.id}`)).status()).toBe(404);
    const before = await homeText();
    expect(before.main).not.toContain(article.title);
    expect(before.ticker).not.toContain(article.title);
    await reader.page.goto(`/article/${article.id}`);
    expect(await reader.page.getByText('Article not found.').count()).toBeGreaterThan(0);

    // Rescheduled a few seconds ahead: the server publishes it by itself at that time.
    const soon = new Date(Date.now() + 6000);
    const res = await page.request.put(
      `/api/admin/articles/approve/${article.id}?publishAt=${encodeURIComponent(soon.toISOString())}`,
      {
        headers: origin(),
      },
    );
    expect(res.status()).toBe(200);
    // Not before its time (checked only if the page came back before that time: the machine may be slow).
    const early = await homeText();
    if (Date.now() < soon.getTime()) expect(early.main).not.toContain(article.title);
    await expect.poll(async () => (await homeText()).main.includes(article.title), { timeout: 30_000, interval: 500 }).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(soon.getTime());
    expect((await homeText()).ticker).toContain(article.title);
    const published = (await (await reader.page.request.get(`/api/public/articles/${article.id}`)).json()) as Article;
    expect(published.publicationDate).toBe(soon.toISOString());
    await reader.page.goto('/');
    await screenshot(reader.page, 'scheduled-article-on-home');
    await reader.context.close();
    await context.close();
  });
});

describe('breaking news', { timeout: 180_000 }, () => {
  it('an admin marks an approved article breaking: banner on the home page and first in the ticker; cleared, both go', async () => {
    const article = await reporterArticle(`బ్రేకింగ్ పరీక్ష వార్త ${stamp}`);
    const { page, context } = await adminInNewYork();
    expect((await page.request.put(`/api/admin/articles/approve/${article.id}`, { headers: origin() })).status()).toBe(200);
    // A newer story, so the breaking one must lead the ticker by being breaking.
    const newer = await reporterArticle(`కొత్త వార్త ${stamp}`);
    await page.request.put(`/api/admin/articles/approve/${newer.id}`, { headers: origin() });
    // The demo newsroom has a breaking story of its own: ended first, so the banner is this one's alone.
    const home = (await (await page.request.get('/api/public/articles/homepage')).json()) as { breakingNews: { id: number }[] };
    for (const b of home.breakingNews) await page.request.delete(`/api/admin/articles/breaking/${b.id}`, { headers: origin() });

    await goto(page, `/admin-dashboard/view-approved-article/${article.id}`);
    await page.getByRole('heading', { name: article.title }).waitFor();
    await page.getByLabel('For', { exact: true }).selectOption('3');
    await page.getByRole('button', { name: 'Mark as breaking', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as breaking and notify' }).click();
    await page.getByText('Article marked as breaking news.').waitFor();
    await page.getByRole('button', { name: 'Clear breaking' }).waitFor();
    await screenshot(page, 'breaking-control');
    await expectAccessible(page);
    // The approved list marks it too.
    await goto(page, '/admin-dashboard/approved-articles');
    const listed = page.locator('.review-item', { hasText: article.title });
    expect(await listed.locator('.breaking-label').textContent()).toBe('బ్రేకింగ్');
    await goto(page, `/admin-dashboard/view-approved-article/${article.id}`);
    await page.getByRole('button', { name: 'Clear breaking' }).waitFor();

    const reader = await newPage();
    await reader.page.goto('/');
    const banner = reader.page.locator('.breaking-banner');
    expect(await banner.locator('.breaking-banner-label').textContent()).toBe('బ్రేకింగ్');
    expect(await banner.getByRole('link', { name: article.title }).count()).toBe(1);
    const first = reader.page.locator('.ticker-track li').first();
    expect(await first.locator('.ticker-breaking').textContent()).toBe('బ్రేకింగ్');
    expect(await first.getByRole('link').textContent()).toBe(article.title);
    await screenshot(reader.page, 'breaking-home');
    await expectAccessible(reader.page);

    await reader.context.close();

    await page.getByRole('button', { name: 'Clear breaking' }).click();
    await page.getByText('Breaking news cleared.').waitFor();
    const later = await newPage();
    await later.page.goto('/');
    expect(await later.page.locator('.breaking-banner').count()).toBe(0);
    expect(await later.page.locator('.ticker-breaking').count()).toBe(0);
    await later.context.close();
    await context.close();
  });
});

/**
 * Applies the Activity screen's filters and waits for their answer: the address changes once
 * the filtered list has loaded; until then the unfiltered rows are still on the screen and would
 * be read as the answer.
 */
async function filterActivity(page: Page, action: string, actor: string) {
  await page.getByLabel('Action').selectOption(action);
  await page.getByLabel('Who').fill(actor);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL((url) => url.searchParams.get('action') === action && url.searchParams.get('actor') === actor);
}

describe('activity', { timeout: 180_000 }, () => {
  it('lists an approval with who, what and from where; filters by action', async () => {
    const article = await reporterArticle(`ఆడిట్ పరీక్ష వార్త ${stamp}`);
    const { page, context, admin } = await adminInNewYork();
    await goto(page, `/admin-dashboard/view-article/${article.id}`);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() => page.locator('.review-page [role="status"]').first().textContent())
      .toBe('Article approved successfully.');

    await goto(page, '/admin-dashboard');
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    await filterActivity(page, 'article.approve', admin.username);
    const row = page.locator('.activity-table tbody tr', { hasText: article.title });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(admin.username);
    expect(text).toContain('Approved an article');
    expect(text).toContain(`article #${article.id}`);
    expect(text).toMatch(/IST/);
    expect(text).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
    // Every listed row is an approval.
    const actions = await page.locator('.activity-table tbody tr td:nth-child(3)').allTextContents();
    expect(new Set(actions)).toEqual(new Set(['Approved an article']));
    await screenshot(page, 'activity');
    await expectAccessible(page);
    await context.close();
  });

  it("lists a staff account's security events under their own action", async () => {
    // The reporter signs out their other sessions (as from their own page).
    const own = await newPage();
    await signIn(own.page, reporter.username, reporter.password);
    const res = await own.page.request.post('/api/auth/logout-others', { headers: origin() });
    expect(res.status()).toBe(204);
    await own.context.close();

    const { page, context } = await adminInNewYork();
    await goto(page, '/admin-dashboard/activity');
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    await filterActivity(page, 'auth.sign_out_everywhere', reporter.username);
    const row = page.locator('.activity-table tbody tr', { hasText: 'Signed out everywhere else' });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain(reporter.username);
    await screenshot(page, 'activity-security');
    await context.close();
  });
});
