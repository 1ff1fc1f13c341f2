// District editions and live coverage in Chromium on a phone: a story filed under its district
// (the form's district pick), the district page, 'నా జిల్లా' kept in the browser and drawn on the
// cached home page; a story made live from the admin screen, its updates reaching an open article
// page within 10 s without a reload (ETag polls), the 'లైవ్' badge in lists and the JSON-LD; a long
// story's page with its newest updates only, the older ones on 'పాత అప్‌డేట్‌లు', and the desk's
// Edit and Delete on the reporter's own updates only.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import { type APIRequestContext, type Page } from 'playwright-core';
import { createUser, goto, newPage, signIn, useBrowser } from './support/browser.ts';
import { apiContext, ok, publishApproved } from './support/api.ts';
import type { Article } from '../contract/articles.ts';
import { MY_DISTRICT_KEY } from '../contract/districts.ts';

useBrowser();
let admin: APIRequestContext;
let reporter: APIRequestContext;
let chief: { username: string; password: string };
let writer: { username: string; password: string };
const stamp = Date.now().toString(36);
let category = 0;

/** Screenshots the issue asks for, kept with the docs. */
async function shot(page: Page, name: string) {
  const dir = path.join(process.cwd(), 'docs/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

/** A phone-sized page; a busy test machine gets more time to load it. */
async function phone() {
  const opened = await newPage();
  opened.page.setDefaultTimeout(60_000);
  return opened;
}

async function publish(title: string, extra: Record<string, unknown> = {}): Promise<Article> {
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const article = { title, author: 'ప్రతినిధి', content: '<p>వార్త వివరాలు.</p>', categoryIds: [category], region: 'నగరం', ...extra };
  return publishApproved({ reporter, admin }, article, [png]);
}

beforeAll(async () => {
  chief = inject('admin');
  admin = await apiContext(chief.username, chief.password);
  writer = await createUser('REPORTER', 'district_desk');
  reporter = await apiContext(writer.username, writer.password);
  category = (await ok<{ id: number }>(await admin.post('/api/admin/categories', { data: { name: `జిల్లాలు ${stamp}` } }))).id;
}, 120_000);

afterAll(async () => {
  await admin?.dispose();
  await reporter?.dispose();
});

describe('district editions', () => {
  it(
    "files a story under its district, lists it on the district page and on a reader's home page",
    { timeout: 240_000 },
    async () => {
      const story = await publish(`ఖమ్మం జిల్లా వార్త ${stamp}`, { district: 'khammam' });
      expect(story.district).toBe('khammam');

      // The reporter's form offers every district.
      const desk = await phone();
      const former = await createUser('REPORTER', 'district_form');
      await signIn(desk.page, former.username, former.password);
      await desk.page.goto('/reporter-dashboard/write-article');
      const pick = desk.page.locator('select[name="district"]');
      await pick.waitFor();
      expect(await pick.locator('option').count()).toBe(60);
      await pick.selectOption('warangal');
      await shot(desk.page, 'district-pick-in-form-412');
      await desk.context.close();

      const { context, page } = await phone();
      await page.goto('/district/khammam');
      await page.locator('main h1', { hasText: 'ఖమ్మం జిల్లా వార్తలు' }).waitFor();
      await page.getByRole('link', { name: story.title }).first().waitFor();
      expect(await page.locator('link[type="application/rss+xml"][href="/rss/district/khammam.xml"]').count()).toBe(1);
      await shot(page, 'district-page-412');
      expect((await page.goto('/district/gotham'))?.status()).toBe(404);

      // The home page: one cached page for everyone; the reader's district is drawn in the browser.
      const plain = await (await page.request.get('/')).text();
      expect(plain).toContain('<div class="island" data-island="my-district" data-props="{}"><section class="my-district"');
      expect(plain).toContain('data-district=""');
      await page.goto('/');
      const mine = page.locator('.my-district');
      await mine.scrollIntoViewIfNeeded();
      await mine.getByRole('button', { name: 'మీ జిల్లాను ఎంచుకోండి' }).click();
      await mine.locator('select').selectOption('khammam');
      await mine.getByRole('link', { name: story.title }).waitFor();
      expect(await page.evaluate((key) => localStorage.getItem(key), MY_DISTRICT_KEY)).toBe('khammam');
      expect(await context.cookies()).toEqual([]);
      await mine.scrollIntoViewIfNeeded();
      await shot(page, 'my-district-home-412');

      // Kept: the next visit shows it at once, from the district API (no cookie sent).
      await page.reload();
      await page.locator('.my-district').scrollIntoViewIfNeeded();
      await page.locator('.my-district').getByRole('link', { name: story.title }).waitFor();
      await context.close();
    },
  );
});

describe('live coverage', () => {
  it('goes live from the admin screen and shows a new update on an open article within 10 s', { timeout: 240_000 }, async () => {
    const story = await publish(`ఎన్నికల లైవ్ ${stamp}`, { district: 'hyderabad' });

    // The admin makes it live and posts the first update on the approved article's screen.
    const desk = await phone();
    await signIn(desk.page, chief.username, chief.password);
    await goto(desk.page, `/admin-dashboard/view-approved-article/${story.id}`);
    await desk.page.getByRole('button', { name: 'Go live' }).click();
    await desk.page.getByText(/Live since/).waitFor();
    const editor = desk.page.locator('.live-panel .editor-content');
    await editor.click();
    await editor.pressSequentially('మొదటి రౌండ్ లెక్కింపు మొదలైంది');
    await desk.page.getByRole('button', { name: 'Post update' }).click();
    await desk.page.getByText('Update posted.').waitFor();
    await shot(desk.page, 'live-admin-412');

    // A reader opens the story: the first update is in the server's HTML.
    const { context, page } = await phone();
    const polls: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith(`/api/public/articles/${story.id}/live-updates`)) polls.push(r.status());
    });
    await page.goto(`/article/${story.id}`);
    const live = page.locator('.live-updates');
    await live.getByText('మొదటి రౌండ్ లెక్కింపు మొదలైంది').waitFor();
    await live.scrollIntoViewIfNeeded();
    await page.locator('[data-island="live"][data-live]').waitFor();
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const posting = jsonLd.map((t) => JSON.parse(t) as Record<string, unknown>).find((j) => j['@type'] === 'LiveBlogPosting');
    expect(posting).toBeDefined();
    expect((posting!.liveBlogUpdate as unknown[]).length).toBe(1);
    expect(posting!.contentLocation).toMatchObject({ name: 'Hyderabad district' });

    // The reporter posts the next one; the open page shows it within 10 s, without a reload.
    const posted = Date.now();
    await ok(await reporter.post(`/api/articles/${story.id}/live-updates`, { data: { content: '<p>రెండో రౌండ్: ఆధిక్యం</p>' } }));
    await live.getByText('రెండో రౌండ్: ఆధిక్యం').waitFor({ timeout: 10_000 });
    expect(Date.now() - posted).toBeLessThan(10_000);
    expect(await live.locator('.live-update').first().textContent()).toContain('రెండో రౌండ్');
    await shot(page, 'live-article-412');
    // Waiting readers cost a 304 each: the list did not change between two polls.
    await expect.poll(() => polls.includes(304), { timeout: 12_000 }).toBe(true);

    // The 'లైవ్' badge in the category list.
    await page.goto(`/public/articles/category/${category}`);
    const card = page.locator('.article-card', { hasText: story.title });
    await card.locator('.live-badge', { hasText: 'లైవ్' }).waitFor();

    // Ending it: the open article says so within 10 s, and the badge goes.
    await page.goto(`/article/${story.id}`);
    await page.locator('.live-updates').scrollIntoViewIfNeeded();
    await page.locator('[data-island="live"][data-live]').waitFor();
    await ok(await admin.delete(`/api/admin/articles/${story.id}/live`));
    await page.locator('.live-updates').getByText('లైవ్ కవరేజ్ ముగిసింది.').waitFor({ timeout: 10_000 });
    const refused = await reporter.post(`/api/articles/${story.id}/live-updates`, { data: { content: '<p>ఆలస్యం</p>' } });
    expect(refused.status()).toBe(409);
    // A fresh browser: this one may keep the list page it was sent a minute (Cache-Control).
    await context.close();
    const fresh = await phone();
    await fresh.page.goto(`/public/articles/category/${category}`);
    await fresh.page.locator('.article-card', { hasText: story.title }).waitFor();
    expect(await fresh.page.locator('.article-card', { hasText: story.title }).locator('.live-badge').count()).toBe(0);
    await fresh.context.close();
    await desk.context.close();
  });

  it(
    "shows a long story's newest 20 updates, the older ones on 'పాత అప్‌డేట్‌లు'; the reporter changes only their own",
    { timeout: 240_000 },
    async () => {
      const story = await publish(`లెక్కింపు లైవ్ ${stamp}`);
      await ok(await admin.put(`/api/admin/articles/${story.id}/live`));
      const path = `/api/articles/${story.id}/live-updates`;
      await ok(await admin.post(path, { data: { content: '<p>డెస్క్ ప్రకటన</p>' } }));
      for (let n = 1; n <= 24; n++) await ok(await reporter.post(path, { data: { content: `<p>రౌండ్ ${n} ఫలితం</p>` } }));

      // The reader's page carries the newest 20, in the HTML and in the JSON-LD.
      const { context, page } = await phone();
      await page.goto(`/article/${story.id}`);
      const live = page.locator('.live-updates');
      await live.getByText('రౌండ్ 24 ఫలితం').waitFor();
      expect(await live.locator('.live-update').count()).toBe(20);
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      const posting = jsonLd.map((t) => JSON.parse(t) as Record<string, unknown>).find((j) => j['@type'] === 'LiveBlogPosting');
      expect((posting!.liveBlogUpdate as unknown[]).length).toBe(20);
      // The older ones on request (a tap before the island is alive waits for it and is replayed).
      const older = live.getByRole('button', { name: 'పాత అప్‌డేట్‌లు' });
      await older.scrollIntoViewIfNeeded();
      await older.click();
      await live.getByText('డెస్క్ ప్రకటన').waitFor();
      expect(await live.locator('.live-update').count()).toBe(25);
      expect(await live.locator('.live-update').last().textContent()).toContain('డెస్క్ ప్రకటన');
      await older.waitFor({ state: 'detached' });
      await context.close();

      // The reporter's desk: Edit and Delete on their own updates, none on the admin's.
      const desk = await phone();
      await signIn(desk.page, writer.username, writer.password);
      await goto(desk.page, `/reporter/view-article/${story.id}`);
      const panel = desk.page.locator('.live-panel');
      await panel.getByText('రౌండ్ 24 ఫలితం').waitFor();
      await panel.getByRole('button', { name: 'Older updates' }).click();
      const desks = panel.locator('.live-staff-list li', { hasText: 'డెస్క్ ప్రకటన' });
      await desks.waitFor();
      expect(await panel.locator('.live-staff-list li').count()).toBe(25);
      expect(await desks.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      expect(await panel.getByRole('button', { name: 'Edit' }).count()).toBe(24);
      await desk.context.close();
    },
  );
});
