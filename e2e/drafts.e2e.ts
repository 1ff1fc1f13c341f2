// Drafts and revision history in Chromium: the write-article form saves itself (a tab closed
// mid-sentence loses nothing; another device finds the draft), says so when the server is out of
// reach, and an admin sees what a reporter changed in a resubmission and restores a revision.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { articles, categories } from '../server/db/schema.ts';
import {
  createUser,
  database,
  expectDialogs,
  goto,
  newPage,
  SCREENS,
  screenshot,
  signIn,
  useBrowser,
} from './support/browser.ts';

useBrowser();
let reporter: { id: number; username: string; password: string };
let category: { id: number; name: string };
let otherCategory: { id: number; name: string };
let photo: { name: string; mimeType: string; buffer: Buffer };

/** A shared two-core machine: give the UI time. */
const POLL_MS = 20_000;
const status = (page: Page) => page.getByTestId('autosave-status').textContent();

beforeAll(async () => {
  reporter = await createUser('REPORTER', 'drafter');
  const suffix = Date.now().toString(36);
  [category, otherCategory] = await database()
    .insert(categories)
    .values([{ name: `రాష్ట్రం ${suffix}` }, { name: `ప్రపంచం ${suffix}` }])
    .returning({ id: categories.id, name: categories.name });
  photo = {
    name: 'flood.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 640, height: 420, channels: 3, background: '#1a5fb4' } })
      .jpeg()
      .toBuffer(),
  };
});

describe('drafts', () => {
  it('a reporter types, closes the tab, reopens: the text is there, and the server has it too', async () => {
    const { page, context } = await newPage();
    await signIn(page, reporter.username, reporter.password);
    await goto(page, '/reporter-dashboard/write-article');
    const title = `వరద హెచ్చరిక ${Date.now().toString(36)}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Author').fill('రవి');
    await expect.poll(() => status(page), { timeout: POLL_MS }).toBe('Saved');
    // More text, and the tab closes before the pause after typing ends.
    const editor = page.locator('.editor-content');
    await editor.click();
    await page.keyboard.insertText('గోదావరి నది పొంగుతోంది');
    // Text not yet saved: the form asks before the tab closes, and the reporter closes it anyway.
    expectDialogs(page);
    await page.close({ runBeforeUnload: true });

    const again = await context.newPage();
    await goto(again, '/reporter-dashboard/write-article');
    await again.locator('.editor-content').waitFor();
    expect(await again.getByLabel('Title').inputValue()).toBe(title);
    expect(await again.locator('.editor-content').textContent()).toContain('గోదావరి నది పొంగుతోంది');
    await screenshot(again, 'drafts-reopened');
    await context.close();

    // Another device (no browser storage): the dashboard lists the draft; opening it shows the
    // text typed just before the tab closed (sent with the page's last request).
    const { page: phone, context: phoneContext } = await newPage();
    await signIn(phone, reporter.username, reporter.password);
    await goto(phone, '/reporter-dashboard');
    const link = phone.getByRole('link', { name: title });
    await link.waitFor({ timeout: POLL_MS });
    await screenshot(phone, 'drafts-dashboard-list');
    await link.click();
    await phone.waitForURL('**/write-article?draft=*');
    await phone.locator('.editor-content').waitFor();
    expect(await phone.getByLabel('Title').inputValue()).toBe(title);
    await expect.poll(() => phone.locator('.editor-content').textContent(), { timeout: POLL_MS }).toContain('గోదావరి నది పొంగుతోంది');

    // Finish it and submit: the create rules apply, the SPEC message shows, it is PENDING.
    await phone.getByLabel('Region', { exact: true }).fill('రాజమండ్రి');
    await phone.getByLabel('Category').selectOption(String(category.id));
    await phone.locator('input[type="file"]').setInputFiles([photo]);
    await phone.getByRole('button', { name: 'Submit Article' }).click();
    await expect
      .poll(() => phone.getByRole('status').first().textContent(), { timeout: POLL_MS })
      .toBe('Article submitted successfully!');
    await phone.waitForURL('**/reporter-dashboard/pending-rejected-articles');
    const [stored] = await database().select().from(articles).where(eq(articles.title, title));
    expect(stored.approvalStatus).toBe('PENDING');
    await goto(phone, '/reporter-dashboard');
    await phone.getByRole('heading', { name: 'Drafts' }).waitFor();
    await expect.poll(() => phone.getByRole('link', { name: title }).count(), { timeout: POLL_MS }).toBe(0);
    await phoneContext.close();
  });

  it('says why a save failed while the server is out of reach, keeps the text, and saves once it is back', async () => {
    const { page, context } = await newPage();
    // The page's clock is the test's: it runs on by itself, and past the autosave's pauses when told.
    await page.clock.install();
    await signIn(page, reporter.username, reporter.password);
    await goto(page, '/reporter-dashboard/write-article');
    await page.locator('.editor-content').waitFor();
    const title = `ఆఫ్‌లైన్ వార్త ${Date.now().toString(36)}`;
    await context.setOffline(true);
    await page.getByLabel('Title').fill(title);
    await expect.poll(() => status(page), { timeout: POLL_MS }).toMatch(/^Not saved: the server cannot be reached/);
    await screenshot(page, 'drafts-offline');
    const kept = await page.evaluate((id) => localStorage.getItem(`news:article-draft:${id}`), reporter.id);
    expect(JSON.parse(kept!).values.title).toBe(title);
    await context.setOffline(false);
    await expect.poll(() => status(page), { timeout: POLL_MS }).toBe('Saved');
    const rows = await database().select().from(articles).where(eq(articles.title, title));
    expect(rows.map((r) => r.approvalStatus)).toEqual(['DRAFT']);
    // Saved once for this text: no further saves while nothing changes, past the autosave's pauses
    // (a save they started is waited for, so the check below would see it).
    const started: Promise<unknown>[] = [];
    const noteSave = (request: Request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/')) started.push(request.response());
    };
    page.on('request', noteSave);
    await page.clock.runFor(7000);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    page.off('request', noteSave);
    await Promise.all(started);
    const [still] = await database().select().from(articles).where(eq(articles.id, rows[0].id));
    expect(still.version).toBe(rows[0].version);
    // A refused save (a malformed video id) says why in the same line.
    await page.getByLabel('YouTube video ID (optional)').fill('abc');
    await expect.poll(() => status(page), { timeout: POLL_MS }).toBe('Not saved: Invalid YouTube video ID format.');
    await context.close();
  });

  it('two reporters on one browser: the second never sees the text the first did not send', async () => {
    const other = await createUser('REPORTER', 'sharer');
    const { page, context } = await newPage();
    await signIn(page, reporter.username, reporter.password);
    await goto(page, '/reporter-dashboard/write-article');
    await page.locator('.editor-content').waitFor();
    const title = `పంచుకున్న కంప్యూటర్ ${Date.now().toString(36)}`;
    await context.setOffline(true);
    await page.getByLabel('Title').fill(title);
    await expect.poll(() => status(page), { timeout: POLL_MS }).toMatch(/^Not saved: the server cannot be reached/);
    await context.setOffline(false);
    // Leaving text the server has not got may ask first (unless the retry after going back online
    // landed already); the next person leaves anyway.
    expectDialogs(page);
    // The first reporter's copy stays in this browser; the next person signs in without clearing it.
    await context.clearCookies();
    await signIn(page, other.username, other.password);
    await goto(page, '/reporter-dashboard/write-article');
    await page.locator('.editor-content').waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('');
    await context.clearCookies();
    // Back as the first reporter: their text is still theirs.
    await signIn(page, reporter.username, reporter.password);
    await goto(page, '/reporter-dashboard/write-article');
    await expect.poll(() => page.getByLabel('Title').inputValue(), { timeout: POLL_MS }).toBe(title);
    await context.close();
  });
});

describe('revision history on the review screen', () => {
  it('an admin sees the word-level changes of a resubmission and restores the rejected version', async () => {
    const { page: rp, context: rc } = await newPage();
    await signIn(rp, reporter.username, reporter.password);
    const suffix = Date.now().toString(36);
    const created = await rp.request.post('/api/articles', {
      multipart: {
        article: JSON.stringify({
          title: `హైదరాబాద్‌లో భారీ వర్షం ${suffix}`,
          author: 'రవి',
          content: '<p>నగరంలో భారీ వర్షం కురిసింది.</p>',
          youtubeVideoId: '',
          categoryIds: [category.id],
          region: 'హైదరాబాద్',
        }),
        images: photo,
      },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;

    const { page, context } = await newPage({ viewport: SCREENS.desktop });
    const admin = inject('admin');
    await signIn(page, admin.username, admin.password);
    const rejected = await page.request.put(`/api/admin/articles/reject/${id}`, {
      data: { reason: 'వివరాలు సరిపోవు' },
    });
    expect(rejected.status()).toBe(200);

    const resubmitted = await rp.request.put(`/api/articles/${id}`, {
      multipart: {
        article: JSON.stringify({
          title: `హైదరాబాద్‌లో తేలికపాటి వర్షం ${suffix}`,
          author: 'రవి',
          content: '<p>నగరంలో తేలికపాటి వర్షం కురిసింది. ట్రాఫిక్ నిలిచిపోయింది.</p>',
          youtubeVideoId: '',
          categoryIds: [otherCategory.id],
          region: 'హైదరాబాద్',
        }),
      },
    });
    expect(resubmitted.status()).toBe(200);
    await rc.close();

    await goto(page, `/admin-dashboard/view-article/${id}`);
    await page.getByRole('heading', { name: 'Changes since rejection' }).waitFor({ timeout: POLL_MS });
    const titleDiff = page.getByTestId('title-diff');
    expect(await titleDiff.locator('del').allTextContents()).toEqual(['భారీ']);
    expect(await titleDiff.locator('ins').allTextContents()).toEqual(['తేలికపాటి']);
    const contentDiff = page.getByTestId('content-diff');
    expect(await contentDiff.locator('ins').allTextContents()).toEqual(['తేలికపాటి', ' ట్రాఫిక్ నిలిచిపోయింది.']);
    expect(await contentDiff.locator('del').allTextContents()).toEqual(['భారీ']);
    const section = page.locator('.changes-since-rejection');
    expect(await section.locator('del', { hasText: category.name }).count()).toBe(1);
    expect(await section.locator('ins', { hasText: otherCategory.name }).count()).toBe(1);
    await screenshot(page, 'review-changes-since-rejection');

    // Restore the version that was rejected: the article takes it again, as a new revision.
    // Asked on the page, never in a browser dialog.
    const history = page.locator('.revision-history');
    await history.getByRole('button', { name: 'Restore', exact: true }).last().click();
    const ask = page.getByRole('dialog', { name: 'Restore revision' });
    await ask.getByText(/^Restore the version of .* IST\?/).waitFor();
    await ask.getByRole('button', { name: 'Restore this version' }).click();
    await expect.poll(() => history.getByRole('status').textContent(), { timeout: POLL_MS }).toBe('Revision restored.');
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: `హైదరాబాద్‌లో భారీ వర్షం ${suffix}` }).count(), { timeout: POLL_MS })
      .toBe(1);
    await expect.poll(() => history.locator('li').first().textContent(), { timeout: POLL_MS }).toContain('Restored by');
    const [row] = await database().select().from(articles).where(eq(articles.id, id));
    expect(row.title).toBe(`హైదరాబాద్‌లో భారీ వర్షం ${suffix}`);
    await screenshot(page, 'review-restored');
    await context.close();
  });
});
