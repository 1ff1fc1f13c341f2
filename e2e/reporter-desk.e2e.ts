// The reporter's desk as issue 29 left it, on a phone (412×823) and a desktop: the tiles show their
// counts; a rejected story is resubmitted ('Resubmit for review', back in the queue, no 'Rejected'
// badge); the write and edit forms preview the story as readers will see it; the Author field
// starts with the reporter's display name.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { articleCategories, articles, categories, users } from '../server/db/schema.ts';
import { searchFieldsFor, shortDescriptionFor } from '../server/articles/text.ts';
import { createUser, database, goto, newPage, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';

const VIEWPORTS = [
  { name: 'phone', ...SCREENS.shortPhone },
  { name: 'desktop', ...SCREENS.desktop },
] as const;

/** A shared two-core machine: give the UI time. */
const POLL_MS = 15_000;

useBrowser();
let category: { id: number; name: string };
let photo: Buffer;

beforeAll(async () => {
  [category] = await database()
    .insert(categories)
    .values({ name: `డెస్క్ ${Date.now().toString(36)}` })
    .returning({ id: categories.id, name: categories.name });
  photo = await sharp({ create: { width: 640, height: 420, channels: 3, background: '#1a5fb4' } })
    .jpeg()
    .toBuffer();
});

/** A story of `reporterId` straight in the database (the lists and counts need several). */
async function insertStory(reporterId: number, title: string, over: Partial<typeof articles.$inferInsert> = {}) {
  const content = '<p>వివరాలు</p>';
  const [row] = await database()
    .insert(articles)
    .values({
      title,
      author: 'రవి',
      content,
      region: 'విజయవాడ',
      reporterId,
      shortDescription: shortDescriptionFor(content),
      ...searchFieldsFor(title, content),
      ...over,
    })
    .returning();
  await database().insert(articleCategories).values({ articleId: row.id, categoryId: category.id, position: 0 });
  return row.id;
}

/** A new reporter, signed in on a page of the given size. */
async function reporterOn(viewport: { width: number; height: number }, displayName?: string) {
  const reporter = await createUser('REPORTER', 'deskb');
  if (displayName) await database().update(users).set({ displayName }).where(eq(users.id, reporter.id));
  const { page, context } = await newPage({ viewport });
  await signIn(page, reporter.username, reporter.password);
  return { reporter, page, context };
}

/** The number a tile shows for a label ('pending'). */
const tileCount = (page: Page, tile: string, label: string) =>
  page.getByRole('link', { name: tile }).locator(`[data-count="${label}"] strong`).textContent();

describe.each(VIEWPORTS)('the reporter desk on a $name', (viewport) => {
  it('the tiles show how many drafts, pending, rejected and published stories there are', async () => {
    const { reporter, page, context } = await reporterOn(viewport);
    await insertStory(reporter.id, 'చిత్తుప్రతి', { approvalStatus: 'DRAFT' });
    await insertStory(reporter.id, 'పెండింగ్ 1');
    await insertStory(reporter.id, 'పెండింగ్ 2');
    await insertStory(reporter.id, 'తిరస్కరణ', { approvalStatus: 'REJECTED', rejectionReason: 'మూలం' });
    for (const n of [1, 2, 3]) await insertStory(reporter.id, `ప్రచురితం ${n}`, { approvalStatus: 'APPROVED' });

    await goto(page, '/reporter-dashboard');
    await page.getByRole('heading', { name: 'Reporter Dashboard' }).waitFor();
    await expect.poll(() => tileCount(page, 'Drafts', 'drafts'), { timeout: POLL_MS }).toBe('1');
    expect(await tileCount(page, 'Pending / Rejected Articles', 'pending')).toBe('2');
    expect(await tileCount(page, 'Pending / Rejected Articles', 'rejected')).toBe('1');
    expect(await tileCount(page, 'My Approved Articles', 'published')).toBe('3');
    // The draft's time is shown to the minute, India time.
    expect(await page.locator('.draft-saved').first().textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} IST$/);
    await screenshot(page, `reporter-desk-tiles-${viewport.name}`);

    // Deleting the draft (asked first) brings its tile down with it.
    await page.getByRole('button', { name: 'Delete draft చిత్తుప్రతి' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => tileCount(page, 'Drafts', 'drafts'), { timeout: POLL_MS }).toBe('0');
    await page.getByText('No drafts.').waitFor();
    await context.close();
  });

  it('resubmits a rejected story: the button says so, the answer says it went back for review, the badge goes', async () => {
    const { reporter, page, context } = await reporterOn(viewport);
    const title = `తిరస్కరించిన వార్త ${viewport.name}`;
    const id = await insertStory(reporter.id, title, { approvalStatus: 'REJECTED', rejectionReason: 'ఫోటో లేదు' });
    await goto(page, '/reporter-dashboard');
    await expect.poll(() => tileCount(page, 'Pending / Rejected Articles', 'rejected'), { timeout: POLL_MS }).toBe('1');
    await goto(page, '/reporter-dashboard/pending-rejected-articles');
    const row = page.locator('.article-row', { hasText: title });
    expect(await row.locator('.status-badge').textContent()).toBe('Rejected');
    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/reporter-dashboard/article-edit/${id}`);
    await page.locator('.editor-content').waitFor();
    expect(await page.locator('.article-view-status .status-badge').textContent()).toBe('Rejected');
    // The story has no picture yet (stored without one): the edit adds one (1 to 4 are required).
    await page.locator('input[type="file"]').setInputFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: photo });
    expect(await page.getByRole('button', { name: 'Update Article' }).count()).toBe(0);
    await screenshot(page, `reporter-desk-resubmit-${viewport.name}`);
    await page.getByRole('button', { name: 'Resubmit for review' }).click();
    await expect
      .poll(() => page.locator('.form-success').first().textContent(), { timeout: POLL_MS })
      .toBe('Article resubmitted: it is back in the review queue.');
    // The badge on the screen reads Pending at once; 'Rejected' is gone.
    await expect
      .poll(() => page.locator('.article-view-status .status-badge').textContent(), { timeout: POLL_MS })
      .toBe('Pending');
    await page.waitForURL('**/reporter-dashboard/pending-rejected-articles', { timeout: POLL_MS });
    const after = page.locator('.article-row', { hasText: title });
    await after.waitFor();
    expect(await after.locator('.status-badge').textContent()).toBe('Pending');
    expect(await after.locator('.rejection-reason').count()).toBe(0);
    const [stored] = await database().select().from(articles).where(eq(articles.id, id));
    expect(stored).toMatchObject({ approvalStatus: 'PENDING', rejectionReason: null });
    await goto(page, '/reporter-dashboard');
    await expect.poll(() => tileCount(page, 'Pending / Rejected Articles', 'rejected'), { timeout: POLL_MS }).toBe('0');
    expect(await tileCount(page, 'Pending / Rejected Articles', 'pending')).toBe('1');
    await context.close();
  });

  it('the Author field starts with the display name, and the preview shows the story as readers will see it', async () => {
    const name = `రవి కుమార్ ${viewport.name}`;
    const { page, context } = await reporterOn(viewport, name);
    await goto(page, '/reporter-dashboard/write-article');
    await page.locator('.editor-content').waitFor();
    const author = page.getByLabel('Author');
    await expect.poll(() => author.inputValue(), { timeout: POLL_MS }).toBe(name);
    // Still editable.
    await author.fill(`${name} (విలేఖరి)`);
    await page.getByLabel('Title').fill('వర్షం వార్త ప్రివ్యూ');
    await page.getByLabel('Region').fill('గుంటూరు');
    await page.getByLabel('Category').selectOption({ label: category.name });
    await page.locator('.editor-content').click();
    await page.keyboard.type('నగరంలో భారీ వర్షం కురిసింది.');
    await page.locator('input[type="file"]').setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: photo });

    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview: the story as readers will see it' });
    await dialog.waitFor();
    expect(await dialog.locator('.article-title').textContent()).toBe('వర్షం వార్త ప్రివ్యూ');
    expect(await dialog.locator('.article-kicker').textContent()).toBe(category.name);
    expect(await dialog.locator('.article-region').textContent()).toBe('గుంటూరు');
    expect(await dialog.locator('.article-author').textContent()).toBe(`${name} (విలేఖరి)`);
    expect(await dialog.locator('.article-content').textContent()).toContain('నగరంలో భారీ వర్షం కురిసింది.');
    expect(await dialog.locator('.article-meta').textContent()).toMatch(/ప్రచురణ: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} IST/);
    // The chosen picture shows before it is uploaded (an object URL), whole.
    const cover = dialog.locator('img.article-image');
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: POLL_MS })
      .toBe(640);
    expect(await cover.getAttribute('src')).toMatch(/^blob:/);
    await screenshot(page, `reporter-desk-preview-${viewport.name}`);
    await dialog.getByRole('button', { name: 'Close preview' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  it('the edit screen previews a stored story with its stored picture', async () => {
    const { reporter, page, context } = await reporterOn(viewport);
    // Through the real upload, so the picture is stored.
    const form = new FormData();
    form.append(
      'article',
      JSON.stringify({
        title: 'నిల్వ చేసిన వార్త',
        author: 'రవి',
        content: '<p>పాత వివరాలు</p>',
        categoryIds: [category.id],
        region: 'విశాఖపట్నం',
      }),
    );
    form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'stored.jpg');
    const created = await page.request.post('/api/articles', { multipart: form });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(reporter.id).toBeGreaterThan(0);
    await goto(page, `/reporter-dashboard/article-edit/${id}`);
    await page.locator('.editor-content').waitFor();
    await page.getByLabel('Title').fill('సవరించిన వార్త');
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview: the story as readers will see it' });
    await dialog.waitFor();
    expect(await dialog.locator('.article-title').textContent()).toBe('సవరించిన వార్త');
    await expect
      .poll(() => dialog.locator('img.article-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: POLL_MS,
      })
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });
});
