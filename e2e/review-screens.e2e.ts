// The review and published-story screens in Chromium, on a phone (412×823) and a desktop: the
// dashboard tiles' counts, the next pending story after a review, a published story's review
// address leading to its own screen, its history and restore with a preview, and Edit & Approve
// scheduling a story in India time.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { categories } from '../server/db/schema.ts';
import { baseUrl, createUser, database, goto, newPage, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';
import type { Article } from '../contract/articles.ts';

const PHONE = SCREENS.shortPhone;
const DESKTOP = SCREENS.desktop;
const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

useBrowser();
let reporter: { id: number; username: string; password: string };
let category: { id: number; name: string };
let image: Buffer;
const stamp = Date.now().toString(36);
const origin = () => ({ origin: baseUrl() });
/** Generous: the machine is shared. */
const POLL = { timeout: 15_000 };

beforeAll(async () => {
  reporter = await createUser('REPORTER', 'review_screens');
  [category] = await database()
    .insert(categories)
    .values([{ name: `సమీక్ష-తెరలు-${stamp}` }])
    .returning({ id: categories.id, name: categories.name });
  image = await sharp({ create: { width: 960, height: 640, channels: 3, background: { r: 26, g: 95, b: 180 } } })
    .png()
    .toBuffer();
});

let seq = 0;
/** A reporter's submission through the real API. */
async function submit(title = `పని సి వార్త ${stamp} ${++seq}`): Promise<Article> {
  const author = await newPage();
  await signIn(author.page, reporter.username, reporter.password);
  const res = await author.page.request.post('/api/articles', {
    headers: origin(),
    multipart: {
      article: JSON.stringify({
        title,
        author: 'పని రచయిత',
        content: `<p>${title} – మొదటి వివరాలు.</p>`,
        youtubeVideoId: '',
        categoryIds: [category.id],
        region: 'గుంటూరు',
      }),
      images: { name: 'cover.png', mimeType: 'image/png', buffer: image },
    },
  });
  const status = res.status();
  const body = await res.text();
  await author.context.close();
  if (status !== 201) throw new Error(`submit failed: ${status} ${body}`);
  return JSON.parse(body) as Article;
}

async function adminPage(viewport: { width: number; height: number }) {
  const { page, context } = await newPage({ viewport });
  const admin = inject('admin');
  await signIn(page, admin.username, admin.password);
  return { page, context };
}

const put = (request: APIRequestContext, url: string, data?: unknown) => request.put(url, { headers: origin(), data });
const stored = async (page: Page, id: number) => (await (await page.request.get(`/api/admin/articles/${id}`)).json()) as Article;

describe('review and published stories', { timeout: 180_000 }, () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`the dashboard tiles show their counts (${name})`, async () => {
      await submit();
      const { page, context } = await adminPage(viewport);
      await goto(page, '/admin-dashboard');
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      const counts = (await (await page.request.get('/api/admin/articles/counts')).json()) as Record<string, number>;
      expect(counts.pending).toBeGreaterThan(0);
      const tile = (label: string) => page.locator('.dashboard-links li', { has: page.getByRole('link', { name: label }) });
      expect(await tile('Pending Articles').locator('.dashboard-count').textContent()).toBe(
        `${counts.pending} waiting for review`,
      );
      expect(await tile('Scheduled Articles').locator('.dashboard-count').textContent()).toBe(`${counts.scheduled} scheduled`);
      expect(await tile('Approved Articles').locator('.dashboard-count').textContent()).toBe(`${counts.approved} published`);
      await screenshot(page, `review-screens-dashboard-counts-${name}`);
      await context.close();
    });

    it(`after approving, the review screen offers the next pending story (${name})`, async () => {
      const first = await submit();
      await submit();
      const { page, context } = await adminPage(viewport);
      await goto(page, `/admin-dashboard/view-article/${first.id}`);
      await page.getByRole('heading', { name: first.title }).waitFor();
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      const next = page.locator('.review-next');
      await next.waitFor();
      expect(await page.locator('.review-page [role="status"]').first().textContent()).toBe('Article approved successfully.');
      // The oldest story still waiting, by the queue's order.
      const queue = (await (await page.request.get('/api/admin/articles/pending')).json()) as Article[];
      const expected = queue.find((a) => a.id !== first.id)!;
      const link = next.getByRole('link', { name: /^Next pending:/ });
      expect(await link.textContent()).toBe(`Next pending: ${expected.title}`);
      await screenshot(page, `review-screens-next-pending-${name}`);
      await link.click();
      await page.waitForURL(`**/admin-dashboard/view-article/${expected.id}`);
      await page.getByRole('heading', { name: expected.title }).waitFor();
      // A fresh review: nothing said yet, the buttons ready.
      expect(await page.locator('.review-next').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Approve', exact: true }).isEnabled()).toBe(true);
      await context.close();
    });

    it(`a published story's review address leads to its own screen, with its history and restore (${name})`, async () => {
      const article = await submit();
      const { page, context } = await adminPage(viewport);
      expect((await put(page.request, `/api/admin/articles/approve/${article.id}`)).status()).toBe(200);
      // A new text, kept as a revision: the first version stays in the history.
      const newTitle = `కొత్త శీర్షిక ${stamp} ${++seq}`;
      const edit = await put(page.request, `/api/articles/${article.id}`, {
        title: newTitle,
        author: 'పని రచయిత',
        content: '<p>మారిన వివరాలు.</p>',
        region: 'గుంటూరు',
        categoryIds: [category.id],
      });
      expect(edit.status()).toBe(200);

      await goto(page, `/admin-dashboard/view-article/${article.id}`);
      await page.waitForURL(`**/admin-dashboard/view-approved-article/${article.id}`);
      await page.getByRole('heading', { name: newTitle }).waitFor();
      // Not the review screen: no Approve or Reject, greyed or not.
      expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Reject', exact: true }).count()).toBe(0);

      const history = page.locator('.revision-history');
      await history.getByRole('heading', { name: 'Revision history' }).waitFor();
      expect(await history.locator('li').first().textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} IST/);
      await history.getByRole('button', { name: 'Restore', exact: true }).last().click();
      const ask = page.getByRole('dialog', { name: 'Restore revision' });
      await ask.getByText(/^Restore the version of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} IST\?/).waitFor();
      // The old version is shown before anything changes.
      await ask.getByTestId('revision-preview').getByRole('heading', { name: article.title }).waitFor();
      expect(await ask.getByTestId('revision-preview').textContent()).toContain('మొదటి వివరాలు.');
      await screenshot(page, `review-screens-restore-preview-${name}`);
      expect((await stored(page, article.id)).title).toBe(newTitle);
      await ask.getByRole('button', { name: 'Restore this version' }).click();
      await expect.poll(() => history.getByRole('status').textContent(), POLL).toBe('Revision restored.');
      await ask.waitFor({ state: 'hidden' });
      await page.getByRole('article').getByRole('heading', { name: article.title, exact: true }).waitFor();
      expect(await stored(page, article.id)).toMatchObject({ title: article.title, approvalStatus: 'APPROVED' });
      await expect.poll(() => history.locator('li').first().textContent(), POLL).toContain('Restored by');

      // The edit screen has the history too.
      await goto(page, `/admin-dashboard/edit-approved-article/${article.id}`);
      await page.locator('form.article-form .editor-content').waitFor();
      await page.locator('.revision-history').getByRole('heading', { name: 'Revision history' }).waitFor();
      expect(await page.locator('.revision-history li').count()).toBe(3);
      await context.close();
    });

    it(`the review screen previews the story; Edit & Approve schedules it at a time in India time (${name})`, async () => {
      const article = await submit();
      const { page, context } = await adminPage(viewport);
      await goto(page, `/admin-dashboard/view-article/${article.id}`);
      await page.getByRole('heading', { name: article.title }).waitFor();
      // The review screen previews the story as readers will see it, as it is and as edited.
      const preview = page.getByRole('dialog', { name: 'Preview: the story as readers will see it' });
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect.poll(() => preview.locator('.article-title').textContent(), POLL).toBe(article.title);
      await page.keyboard.press('Escape');
      await expect.poll(() => preview.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Edit & Approve' }).click();
      const form = page.locator('form.article-form');
      await form.locator('.editor-content').waitFor();
      const newTitle = `షెడ్యూల్ సవరణ ${stamp} ${++seq}`;
      await form.getByLabel('Title', { exact: true }).fill(newTitle);
      await form.getByRole('button', { name: 'Preview' }).click();
      await expect.poll(() => preview.locator('.article-title').textContent(), POLL).toBe(newTitle);
      await page.keyboard.press('Escape');
      await expect.poll(() => preview.isVisible()).toBe(false);
      const tomorrow = new Date(Date.now() + 86_400_000);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(tomorrow);
      await form.getByLabel('Publish at (India time, IST; empty: now)').fill(day.split('-').reverse().join('/'));
      await form.getByLabel('Time (24-hour, HH:MM)').fill('07:30');
      await screenshot(page, `review-screens-edit-schedule-${name}`);
      await form.getByRole('button', { name: 'Save & Schedule' }).click();
      await expect.poll(() => form.getByRole('status').textContent(), POLL).toBe('Article saved and scheduled for publication.');
      // Then its own screen, with its time.
      await page.waitForURL(`**/admin-dashboard/view-approved-article/${article.id}`);
      await page.getByRole('heading', { name: 'Scheduled article' }).waitFor();
      const [y, m, d] = day.split('-');
      await page.getByRole('heading', { name: `Scheduled for ${d}/${m}/${y} 07:30 IST` }).waitFor();
      const saved = await stored(page, article.id);
      expect(saved).toMatchObject({ title: newTitle, approvalStatus: 'SCHEDULED' });
      expect(saved.publicationDate).toBe(new Date(`${day}T07:30:00+05:30`).toISOString());
      // Its review address leads here too.
      await goto(page, `/admin-dashboard/view-article/${article.id}`);
      await page.waitForURL(`**/admin-dashboard/view-approved-article/${article.id}`);
      await context.close();
    });
  }
});
