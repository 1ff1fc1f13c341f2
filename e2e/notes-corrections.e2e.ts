// Notes and corrections in Chromium, on a 360 px phone (issue 37, items 3 and 5): the admin writes a
// note on a pending story from the review screen, its reporter reads it on their own view and
// answers, and the admin sees the answer and the count on the pending list; then the admin adds a
// correction to the published story and the reader's page shows it under 'సవరణ' (the page read
// before the correction is not served again), and a removal (confirmed first) takes it off.
// Screenshots of the thread and the corrections, at 360 px and on a desktop, in e2e/screenshots/.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { categories } from '../server/db/schema.ts';
import { baseUrl, createUser, database, goto, newPage, SCREENS, signIn, useBrowser } from './support/browser.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Article } from '../contract/articles.ts';

useBrowser();
const PHONE = SCREENS.smallPhone;
const stamp = Date.now().toString(36);
const POLL = { timeout: 15_000 };
let reporter: { id: number; username: string; password: string };
let story: Article;

/** A part of the screen, as a picture for the record (e2e/screenshots/ is not committed). */
async function shoot(part: Locator, name: string) {
  const dir = path.join(process.cwd(), 'e2e/screenshots');
  mkdirSync(dir, { recursive: true });
  await part.screenshot({ path: path.join(dir, `${name}.png`) });
}

async function staffPage(who: { username: string; password: string }, viewport: { width: number; height: number } = PHONE) {
  const opened = await newPage({ viewport });
  await signIn(opened.page, who.username, who.password);
  return opened;
}

const thread = (page: Page) => page.getByTestId('notes-thread');

async function writeNote(page: Page, text: string) {
  const box = thread(page).getByLabel('New note');
  await box.fill(text);
  await thread(page).getByRole('button', { name: 'Send note' }).click();
  await thread(page).locator('.note-text', { hasText: text }).waitFor(POLL);
  expect(await box.inputValue()).toBe('');
}

beforeAll(async () => {
  reporter = await createUser('REPORTER', 'notes_e2e');
  const [category] = await database()
    .insert(categories)
    .values([{ name: `గమనికలు-${stamp}` }])
    .returning({ id: categories.id });
  const image = await sharp({ create: { width: 960, height: 640, channels: 3, background: { r: 180, g: 95, b: 26 } } })
    .png()
    .toBuffer();
  const author = await staffPage(reporter);
  const res = await author.page.request.post('/api/articles', {
    headers: { origin: baseUrl() },
    multipart: {
      article: JSON.stringify({
        title: `వరద సహాయం వార్త ${stamp}`,
        author: 'గమనికల రచయిత',
        content: '<p>వరద బాధితులకు సహాయం అందుతోంది.</p>',
        youtubeVideoId: '',
        categoryIds: [category.id],
        region: 'విజయవాడ',
      }),
      images: { name: 'cover.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(res.status()).toBe(201);
  story = (await res.json()) as Article;
  await author.context.close();
});

describe('notes and corrections', { timeout: 180_000 }, () => {
  it('the admin writes a note, the reporter reads and answers it, the admin sees the answer and the count', async () => {
    const admin = await staffPage(inject('admin'));
    await goto(admin.page, `/admin-dashboard/view-article/${story.id}`);
    await thread(admin.page).getByText('No notes yet.').waitFor(POLL);
    // The box has the typing toggle, as the other fields.
    await thread(admin.page).getByRole('button', { name: /తెలుగు/ }).waitFor();
    await writeNote(admin.page, 'ముఖ్యమంత్రి ప్రకటనకు మూలం ఏది? వీడియో లింక్ పంపండి.');

    const desk = await staffPage(reporter);
    await goto(desk.page, `/reporter/view-article/${story.id}`);
    await thread(desk.page).locator('.note-text', { hasText: 'ముఖ్యమంత్రి ప్రకటనకు మూలం ఏది?' }).waitFor(POLL);
    expect(await thread(desk.page).locator('.note-meta strong').first().textContent()).toBe(inject('admin').username);
    await writeNote(desk.page, 'ప్రెస్ మీట్ వీడియో, 4వ నిమిషం నుంచి.');
    await shoot(thread(desk.page), 'notes-thread-360');
    // The reporter's list counts the thread.
    await goto(desk.page, '/reporter-dashboard/pending-rejected-articles');
    const row = desk.page.locator(`[data-article-id="${story.id}"]`);
    await expect.poll(() => row.getByTestId('note-count').textContent(), POLL).toBe('2 notes');
    await desk.context.close();

    await goto(admin.page, `/admin-dashboard/view-article/${story.id}`);
    await thread(admin.page).locator('.note-text', { hasText: 'ప్రెస్ మీట్ వీడియో' }).waitFor(POLL);
    expect(await thread(admin.page).locator('.note').count()).toBe(2);
    await goto(admin.page, '/admin-dashboard/pending-articles');
    const item = admin.page.locator('.review-item', { hasText: story.title });
    await expect.poll(() => item.getByTestId('note-count').textContent(), POLL).toBe('2 notes');
    await admin.context.close();

    const wide = await staffPage(inject('admin'), SCREENS.desktop);
    await goto(wide.page, `/admin-dashboard/view-article/${story.id}`);
    await thread(wide.page).locator('.note').nth(1).waitFor(POLL);
    await shoot(thread(wide.page), 'notes-thread-desktop');
    await wide.context.close();
  });

  it("the admin adds a correction to the published story, the reader's page shows it, and a confirmed removal takes it off", async () => {
    const admin = await staffPage(inject('admin'));
    const approved = await admin.page.request.put(`/api/admin/articles/approve/${story.id}`, { headers: { origin: baseUrl() } });
    expect(approved.status()).toBe(200);

    // The reader's page before any correction: read (and so cached) without one.
    const reader = await newPage({ viewport: PHONE });
    await reader.page.goto(`/article/${story.id}?utm_source=look-1`);
    await reader.page.getByRole('heading', { name: story.title }).waitFor(POLL);
    expect(await reader.page.locator('.article-corrections').count()).toBe(0);
    // The desk's notes are nowhere in what readers get: the page's HTML and the public JSON.
    for (const url of [`/article/${story.id}?utm_source=look-0`, `/api/public/articles/${story.id}`]) {
      const body = await (await reader.page.request.get(url)).text();
      expect(body, url).toContain(story.title);
      expect(body, url).not.toContain('ముఖ్యమంత్రి ప్రకటనకు మూలం ఏది?');
      expect(body, url).not.toContain('ప్రెస్ మీట్ వీడియో');
    }

    await goto(admin.page, `/admin-dashboard/view-approved-article/${story.id}`);
    const panel = admin.page.getByTestId('corrections-panel');
    await panel.waitFor(POLL);
    await panel.getByRole('button', { name: /తెలుగు/ }).waitFor();
    const first = 'మొదటి వెర్షన్‌లో బాధితుల సంఖ్య 120 అని రాశాం; సరైనది 210.';
    const second = 'ఫోటో శీర్షికలో గ్రామం పేరు సరిచేశాం.';
    for (const text of [first, second]) {
      await panel.getByLabel('Add correction').fill(text);
      await panel.getByRole('button', { name: 'Add correction' }).click();
      await panel.locator('.note-text', { hasText: text }).waitFor(POLL);
    }
    await shoot(panel, 'corrections-admin-360');

    await reader.page.goto(`/article/${story.id}?utm_source=look-2`);
    const block = reader.page.locator('.article-corrections');
    await block.waitFor(POLL);
    expect(await block.getByRole('heading').textContent()).toBe('సవరణ');
    expect(await block.locator('li').allTextContents()).toEqual([
      expect.stringContaining(first),
      expect.stringContaining(second),
    ]);
    // To the minute, India time, as the page's other times.
    expect(await block.locator('time').first().textContent()).toMatch(/\d{1,2}:\d{2}/);
    await shoot(block, 'corrections-reader-360');
    // The JSON-LD carries them.
    const ld = await reader.page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(ld!).correction).toHaveLength(2);

    // Removal asks first, on the page.
    await panel.locator('.note', { hasText: first }).getByRole('button', { name: 'Remove' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByText(first).waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => panel.locator('.note').count(), POLL).toBe(1);
    await reader.page.goto(`/article/${story.id}?utm_source=look-3`);
    await expect
      .poll(() => reader.page.locator('.article-corrections li').allTextContents(), POLL)
      .toEqual([expect.stringContaining(second)]);
    await reader.context.close();
    await admin.context.close();

    const wide = await newPage({ viewport: SCREENS.desktop });
    await wide.page.goto(`/article/${story.id}?utm_source=look-4`);
    await shoot(wide.page.locator('.article-corrections'), 'corrections-reader-desktop');
    await wide.context.close();
    const wideAdmin = await staffPage(inject('admin'), SCREENS.desktop);
    await goto(wideAdmin.page, `/admin-dashboard/view-approved-article/${story.id}`);
    await wideAdmin.page.getByTestId('corrections-panel').locator('.note').first().waitFor(POLL);
    await shoot(wideAdmin.page.getByTestId('corrections-panel'), 'corrections-admin-desktop');
    await wideAdmin.context.close();
  });
});
