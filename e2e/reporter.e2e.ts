// The reporter's desk in Chromium: writing in Telugu with two images, every validation message,
// resubmitting a rejected article, deleting, the approved list, the read-only view and the guards.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import { articles, categories } from '../server/db/schema.ts';
import { createUser, database, goto, newPage, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';

useBrowser();
let reporter: { id: number; username: string; password: string };
let category: { id: number; name: string };
const images: { name: string; mimeType: string; buffer: Buffer }[] = [];

beforeAll(async () => {
  reporter = await createUser('REPORTER');
  const suffix = Date.now().toString(36);
  [category] = await database()
    .insert(categories)
    .values([{ name: `వాతావరణం ${suffix}` }, { name: `నగరం ${suffix}` }])
    .returning({ id: categories.id, name: categories.name });
  for (const [i, colour] of ['#b3121f', '#1a5fb4', '#2a7', '#f5a', '#333'].entries()) {
    const buffer = await sharp({ create: { width: 640, height: 420, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    images.push({ name: `photo-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer });
  }
});

async function reporterPage() {
  const { page, context } = await newPage();
  await signIn(page, reporter.username, reporter.password);
  return { page, context };
}

/** Creates an article through the API as the reporter (one image unless told) and returns its id. */
async function createArticle(page: Page, title: string, pictures = [images[4]]) {
  const form = new FormData();
  form.append(
    'article',
    JSON.stringify({
      title,
      author: 'రవి',
      content: '<p>వివరాలు</p>',
      youtubeVideoId: '',
      categoryIds: [category.id],
      region: 'విజయవాడ',
    }),
  );
  for (const p of pictures) form.append('images', new Blob([new Uint8Array(p.buffer)], { type: p.mimeType }), p.name);
  const res = await page.request.post('/api/articles', { multipart: form });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** axe-core: no serious or critical violation. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A shared two-core machine: give the UI time (vitest's default poll is 1 s). */
const POLL_MS = 15_000;

const errorText = (page: Page, text: string) => page.locator('.field-error, .form-error', { hasText: text });

describe('reporter workflow', () => {
  it('the dashboard links; article-create is rewritten to write-article; every validation message shows before anything is sent', async () => {
    const { page, context } = await reporterPage();
    await goto(page, '/reporter-dashboard');
    await page.getByRole('heading', { name: 'Reporter Dashboard' }).waitFor();
    for (const name of ['Write New Article', 'My Approved Articles', 'Pending / Rejected Articles']) {
      expect(await page.getByRole('link', { name }).isVisible()).toBe(true);
    }
    await page.getByRole('link', { name: 'Write New Article' }).click();
    await page.waitForURL('**/reporter-dashboard/write-article');
    await goto(page, '/reporter-dashboard/article-create');
    await page.waitForURL('**/reporter-dashboard/write-article');

    const posts: string[] = [];
    // Submitting sends nothing while the form is invalid (the draft autosave is another matter).
    page.on(
      'request',
      (r) => r.method() === 'POST' && r.url().includes('/api/articles') && !r.url().includes('/drafts') && posts.push(r.url()),
    );
    await page.locator('.editor-content').waitFor();
    // A reporter without a display name is asked for it; the Author field never starts as the username.
    await page.getByRole('heading', { name: 'Your name on your stories' }).waitFor({ timeout: POLL_MS });
    expect(await page.getByLabel('Author').inputValue()).toBe('');
    await page.getByLabel('Author').fill('');
    await page.getByRole('button', { name: 'Submit Article' }).click();
    for (const message of [
      'Title is required.',
      'Author is required.',
      'Please select a category.',
      'Region is required.',
      'You must upload at least one image.',
    ]) {
      await expect.poll(() => errorText(page, message).count(), { message, timeout: POLL_MS }).toBe(1);
    }
    await page.getByLabel('YouTube video ID (optional)').fill('abc');
    await page.getByRole('button', { name: 'Submit Article' }).click();
    await expect.poll(() => errorText(page, 'Invalid YouTube video ID format.').count(), { timeout: POLL_MS }).toBe(1);

    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }]);
    await expect.poll(() => errorText(page, 'Unsupported file type: notes.txt').count(), { timeout: POLL_MS }).toBe(1);
    await page.getByRole('button', { name: 'Remove notes.txt' }).click();
    await fileInput.setInputFiles([{ name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) }]);
    await expect.poll(() => errorText(page, 'File too large: big.jpg').count(), { timeout: POLL_MS }).toBe(1);
    await page.getByRole('button', { name: 'Remove big.jpg' }).click();
    await fileInput.setInputFiles(images);
    await expect.poll(() => errorText(page, 'You can upload up to 4 images only.').count(), { timeout: POLL_MS }).toBe(1);
    await screenshot(page, 'reporter-write-validation');
    expect(posts).toEqual([]);
    await expectAccessible(page);
    await page.setViewportSize(SCREENS.desktop);
    await screenshot(page, 'reporter-write-desktop');
    // Nothing wider than a 412 px phone.
    await page.setViewportSize(SCREENS.phone);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await context.close();
  });

  it('writes an article in Telugu with two images (IME composition included) and sees it in Pending', async () => {
    const { page, context } = await reporterPage();
    await goto(page, '/reporter-dashboard/write-article');
    const title = `హైదరాబాద్‌లో భారీ వర్షం ${Date.now().toString(36)}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Author').fill('రవి కుమార్');
    await page.getByLabel('Region', { exact: true }).fill('హైదరాబాద్');
    await page.getByLabel('Category').selectOption(String(category.id));

    const editor = page.locator('.editor-content');
    await editor.click();
    // The toolbar hands focus back to the writing area.
    await page.getByRole('combobox', { name: 'Block style' }).selectOption('2');
    await page.keyboard.insertText('నగరంలో వర్షం');
    await page.keyboard.press('Enter');
    // An IME composes a Telugu syllable in steps, then commits: the editor must keep the result.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'హై', selectionStart: 2, selectionEnd: 2 });
    await cdp.send('Input.imeSetComposition', { text: 'హైదరా', selectionStart: 5, selectionEnd: 5 });
    await cdp.send('Input.insertText', { text: 'హైదరాబాద్‌లో' });
    await page.keyboard.insertText(' భారీ వర్షం కురిసింది.');
    await editor.locator('p', { hasText: 'కురిసింది' }).click({ clickCount: 3 });
    await page.getByRole('button', { name: 'Bold' }).click();
    // On a phone the toolbar is one row: alignment and sizes are under 'More formatting'.
    await page.getByRole('button', { name: 'More formatting' }).click();
    await page.getByRole('button', { name: 'Align center' }).click();
    await page.getByRole('combobox', { name: 'Font size' }).selectOption('18px');

    await page.locator('input[type="file"]').setInputFiles(images.slice(0, 2));
    await expect.poll(() => page.locator('.image-previews img').count(), { timeout: POLL_MS }).toBe(2);
    await screenshot(page, 'reporter-write-filled');
    await page.getByRole('button', { name: 'Submit Article' }).click();
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: POLL_MS }).toBe('Article submitted successfully!');
    await page.waitForURL('**/reporter-dashboard/pending-rejected-articles');

    const row = page.locator('.article-row', { hasText: title });
    await row.waitFor();
    expect(await row.locator('.status-badge').textContent()).toBe('Pending');
    const [stored] = await database().select().from(articles).where(eq(articles.title, title));
    expect(stored.approvalStatus).toBe('PENDING');
    expect(stored.content).toContain('<h2>నగరంలో వర్షం</h2>');
    expect(stored.content).toContain('హైదరాబాద్‌లో భారీ వర్షం కురిసింది.');
    expect(stored.content).toMatch(/<p style="text-align:center">(<[^>]+>)*హైదరాబాద్‌లో/);
    expect(stored.content).toContain('<span style="font-size:18px">');
    expect(stored.content).toMatch(/<strong>(<[^>]+>)*హైదరాబాద్‌లో/);
    expect(stored.content).not.toContain('హైహైదరా');
    const detail = await page.request.get(`/api/reporter/articles/${stored.id}`);
    expect(((await detail.json()) as { imageUrls: string[] }).imageUrls).toHaveLength(2);
    await screenshot(page, 'reporter-pending-list');

    // The read-only view shows the article with its images and formatted content.
    await row.getByRole('link', { name: `View ${title}` }).click();
    await page.waitForURL(`**/reporter/view-article/${stored.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.locator('.article-view-images img').count()).toBe(2);
    expect(await page.locator('.article-view-content h2').textContent()).toBe('నగరంలో వర్షం');
    expect(await page.locator('.article-view-content strong').first().textContent()).toContain('హైదరాబాద్‌లో');
    await screenshot(page, 'reporter-view-article');
    await context.close();
  });

  it('edits a rejected article, seeing the reason, and it is back in Pending', async () => {
    const { page, context } = await reporterPage();
    const title = `తిరస్కరించిన వార్త ${Date.now().toString(36)}`;
    const id = await createArticle(page, title);
    await database()
      .update(articles)
      .set({ approvalStatus: 'REJECTED', rejectionReason: 'ఫోటోలు స్పష్టంగా లేవు' })
      .where(eq(articles.id, id));

    await goto(page, '/reporter-dashboard/pending-rejected-articles');
    const first = page.locator('.article-row').first();
    await first.waitFor();
    // Rejected before pending, with the admin's reason beside it.
    expect(await first.locator('.status-badge').textContent()).toBe('Rejected');
    const row = page.locator('.article-row', { hasText: title });
    expect(await row.locator('.rejection-reason').textContent()).toContain('ఫోటోలు స్పష్టంగా లేవు');
    await screenshot(page, 'reporter-rejected-list');
    await expectAccessible(page);

    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/reporter-dashboard/article-edit/${id}`);
    const titleInput = page.getByLabel('Title');
    await expect.poll(() => titleInput.inputValue(), { timeout: POLL_MS }).toBe(title);
    await page.locator('.editor-content').waitFor();
    const video = page.getByLabel('YouTube video ID (optional)');
    await video.fill('abc');
    await page.getByRole('button', { name: 'Resubmit for review' }).click();
    await expect
      .poll(() => errorText(page, 'Invalid YouTube video ID. Please enter a valid 11-character ID.').count(), {
        timeout: POLL_MS,
      })
      .toBe(1);
    await video.fill('abcdefghij!');
    await page.getByRole('button', { name: 'Resubmit for review' }).click();
    await expect.poll(() => errorText(page, 'Invalid YouTube video ID format.').count(), { timeout: POLL_MS }).toBe(1);
    await video.fill('dQw4w9WgXcQ');
    await titleInput.fill(`${title} (సవరణ)`);
    await page.getByLabel('Region (optional)').fill('');
    await screenshot(page, 'reporter-edit');
    await page.getByRole('button', { name: 'Resubmit for review' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent(), { timeout: POLL_MS })
      .toBe('Article resubmitted: it is back in the review queue.');
    await page.waitForURL('**/reporter-dashboard/pending-rejected-articles');
    const updated = page.locator('.article-row', { hasText: `${title} (సవరణ)` });
    await updated.waitFor();
    expect(await updated.locator('.status-badge').textContent()).toBe('Pending');
    expect(await updated.locator('.rejection-reason').count()).toBe(0);
    const [row2] = await database().select().from(articles).where(eq(articles.id, id));
    expect(row2).toMatchObject({ approvalStatus: 'PENDING', rejectionReason: null, region: null, youtubeVideoId: 'dQw4w9WgXcQ' });
    await context.close();
  });

  it('deletes an article after confirmation; a failure shows its message', async () => {
    const { page, context } = await reporterPage();
    const title = `తొలగించే వార్త ${Date.now().toString(36)}`;
    const id = await createArticle(page, title);
    await goto(page, '/reporter-dashboard/pending-rejected-articles');
    const row = page.locator('.article-row', { hasText: title });
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByText('Are you sure you want to delete this article?').isVisible()).toBe(true);
    await screenshot(page, 'reporter-delete-confirm');

    // The article became APPROVED meanwhile: the server refuses, the screen says so.
    await database().update(articles).set({ approvalStatus: 'APPROVED' }).where(eq(articles.id, id));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), { timeout: POLL_MS })
      .toBe('Failed to delete article. Please try again.');
    await database().update(articles).set({ approvalStatus: 'PENDING' }).where(eq(articles.id, id));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => row.count(), { timeout: POLL_MS }).toBe(0);
    expect(await database().select().from(articles).where(eq(articles.id, id))).toHaveLength(0);
    await context.close();
  });

  it('lists approved articles with a title filter and paging', async () => {
    const { page, context } = await reporterPage();
    const stamp = Date.now().toString(36);
    const ids = [];
    for (let i = 0; i < 16; i++)
      ids.push(await createArticle(page, i === 3 ? `ప్రత్యేక కథనం ${stamp}` : `ఆమోదించిన వార్త ${i} ${stamp}`));
    for (const [i, id] of ids.entries()) {
      await database()
        .update(articles)
        .set({ approvalStatus: 'APPROVED', publicationDate: new Date(Date.now() - (20 - i) * 60_000) })
        .where(eq(articles.id, id));
    }
    await goto(page, '/reporter-dashboard/my-articles');
    await page.locator('.article-row').first().waitFor();
    expect(await page.locator('.article-row').count()).toBe(15);
    expect(await page.getByText('Page 1 of 2').isVisible()).toBe(true);
    await screenshot(page, 'reporter-my-articles');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByText('Page 2 of 2').isVisible(), { timeout: POLL_MS }).toBe(true);
    await expect.poll(() => page.locator('.article-row').count(), { timeout: POLL_MS }).toBe(1);
    // The next page starts at the list's top, the keyboard on its first entry; Back returns to page 1.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const top = document.querySelector('.article-list')!.getBoundingClientRect().top;
            return top >= 0 && top < window.innerHeight / 2;
          }),
        { timeout: POLL_MS },
      )
      .toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.article-row') != null), { timeout: POLL_MS })
      .toBe(true);
    expect(page.url()).toContain('page=1');
    await page.goBack();
    await expect.poll(() => page.locator('.article-row').count(), { timeout: POLL_MS }).toBe(15);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.locator('.article-row').count(), { timeout: POLL_MS }).toBe(1);
    await page.getByLabel('Filter by title').fill('ప్రత్యేక');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => page.locator('.article-row-title').allTextContents(), { timeout: POLL_MS })
      .toEqual([`ప్రత్యేక కథనం ${stamp}`]);
    expect(await page.getByText('Page 1 of').count()).toBe(0);
    await context.close();
  });

  it('an ADMIN may open the dashboard home but not its sub-routes; another reporter cannot view the article', async () => {
    const { page, context } = await newPage();
    const admin = inject('admin');
    await signIn(page, admin.username, admin.password);
    await goto(page, '/reporter-dashboard');
    await page.getByRole('heading', { name: 'Reporter Dashboard' }).waitFor();
    await goto(page, '/reporter-dashboard/my-articles');
    await page.waitForURL('**/unauthorized');
    await context.close();

    const { page: otherPage, context: otherContext } = await reporterPage();
    const id = await createArticle(otherPage, `స్వంత వార్త ${Date.now().toString(36)}`);
    await otherContext.close();
    const intruder = await createUser('REPORTER');
    const { page: p2, context: c2 } = await newPage();
    await signIn(p2, intruder.username, intruder.password);
    await goto(p2, `/reporter/view-article/${id}`);
    await expect.poll(() => p2.getByRole('alert').textContent(), { timeout: POLL_MS }).toBe('Article not found.');
    await c2.close();
  });

  it('script-injection payloads in every text field stay inert on the list, view and edit screens', async () => {
    const { page, context } = await reporterPage();
    const payload = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    const res = await page.request.post('/api/articles', {
      multipart: {
        article: JSON.stringify({
          title: `XSS ${payload}`,
          author: payload,
          content: `<p>వార్త ${payload}<a href="javascript:window.__xss=3">లింక్</a></p>`,
          youtubeVideoId: '',
          categoryIds: [category.id],
          region: payload,
        }),
        images: images[0],
      },
    });
    expect(res.status()).toBe(201);
    const id = ((await res.json()) as { id: number }).id;
    await database().update(articles).set({ approvalStatus: 'REJECTED', rejectionReason: payload }).where(eq(articles.id, id));
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    for (const url of ['/reporter-dashboard/pending-rejected-articles', `/reporter/view-article/${id}`]) {
      await goto(page, url);
      await page.getByText(`XSS ${payload}`).first().waitFor();
      // The rejection reason shows as text too.
      expect(await page.locator('.rejection-reason', { hasText: payload }).count()).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    }
    await goto(page, `/reporter-dashboard/article-edit/${id}`);
    await expect.poll(() => page.getByLabel('Title').inputValue(), { timeout: POLL_MS }).toBe(`XSS ${payload}`);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.locator('.editor-content').waitFor();
    expect(await page.locator('.editor-content img, .editor-content script').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it("writer's tools: an empty body is refused, a YouTube link becomes its id, the link button takes web links only, the summary reaches readers", async () => {
    const { page, context } = await reporterPage();
    await goto(page, '/reporter-dashboard/write-article');
    const title = `సారాంశం పరీక్ష ${Date.now().toString(36)}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Author').fill('రవి');
    await page.getByLabel('Region', { exact: true }).fill('విశాఖపట్నం');
    await page.getByLabel('Category').selectOption(String(category.id));
    await page.locator('input[type="file"]').setInputFiles(images.slice(0, 1));
    await page.getByLabel('YouTube video ID (optional)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3');
    await expect.poll(() => page.getByLabel('YouTube video ID (optional)').inputValue()).toBe('dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Submit Article' }).click();
    await expect
      .poll(() => errorText(page, 'Write the article before sending it: the content is empty.').count(), { timeout: POLL_MS })
      .toBe(1);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('editor-content'))).toBe(true);

    // The toolbar: one row on the phone, on screen while the text scrolls.
    const toolbar = page.getByRole('toolbar', { name: 'Article content formatting' });
    const row = await toolbar.locator('.tools-row').boundingBox();
    expect(row!.height).toBeLessThan(56);
    const editor = page.locator('.editor-content');
    await editor.click();
    await page.keyboard.insertText('వరద హెచ్చరిక వివరాలు ');
    await page.getByRole('button', { name: 'Link' }).click();
    const address = page.getByLabel('Link address');
    await address.fill('javascript:alert(document.cookie)');
    await page.getByRole('button', { name: 'Add link' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Only web links can be added: the address must start with http:// or https://.' })
      .waitFor();
    await screenshot(page, 'reporter-link-refused');
    await address.fill('www.imd.gov.in/warnings');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => editor.locator('a').getAttribute('href'), { timeout: POLL_MS })
      .toBe('https://www.imd.gov.in/warnings');
    for (let i = 0; i < 30; i++) await page.keyboard.press('Enter');
    await page.keyboard.insertText('చివరి వాక్యం.');
    // The write form's top bar (save state) sticks at the top; the toolbar sticks right under it, uncovered.
    const bar = await page.locator('.article-form-top').boundingBox();
    const top = await toolbar.boundingBox();
    expect(Math.round(bar!.y)).toBe(0);
    expect(Math.round(top!.y)).toBe(Math.round(bar!.y + bar!.height));
    await screenshot(page, 'reporter-toolbar-sticky');

    const summary = 'గోదావరి వరద: లంక గ్రామాలకు హెచ్చరిక';
    await page.getByLabel('Summary (optional)').fill(summary);
    await page.getByRole('button', { name: 'Submit Article' }).click();
    await expect
      .poll(() => page.getByRole('status').last().textContent(), { timeout: POLL_MS })
      .toBe('Article submitted successfully!');
    const [stored] = await database().select().from(articles).where(eq(articles.title, title));
    expect(stored).toMatchObject({ youtubeVideoId: 'dQw4w9WgXcQ', summary, shortDescription: summary });
    expect(stored.content).toContain('href="https://www.imd.gov.in/warnings"');
    expect(stored.content).not.toContain('javascript');

    await database()
      .update(articles)
      .set({ approvalStatus: 'APPROVED', publicationDate: new Date() })
      .where(eq(articles.id, stored.id));
    const reader = await newPage();
    await goto(reader.page, `/public/articles/category/${category.id}`);
    const card = reader.page.locator('.article-card', { hasText: title });
    expect(await card.locator('.article-card-summary').textContent()).toBe(summary);
    await goto(reader.page, `/article/${stored.id}`);
    expect(await reader.page.locator('meta[name="description"]').getAttribute('content')).toBe(summary);
    await reader.context.close();
    await context.close();
  });

  for (const viewport of [
    { name: 'phone', ...SCREENS.smallPhone },
    { name: 'desktop', ...SCREENS.desktop },
  ]) {
    it(`fixes a photo rejection on a ${viewport.name}: the old picture is replaced, the new one is the cover, the old file is gone`, async () => {
      const { page, context } = await newPage({ viewport });
      await signIn(page, reporter.username, reporter.password);
      const title = `ఫోటో మార్పు ${viewport.name} ${Date.now().toString(36)}`;
      // Pictures of this test alone: the files of a picture another article also has stay.
      const own = await Promise.all(
        [0, 1, 2].map(async (i) => ({
          name: `own-${i + 1}.jpg`,
          mimeType: 'image/jpeg',
          buffer: await sharp({
            create: { width: 480, height: 320, channels: 3, background: { r: (Date.now() + i * 97) % 256, g: i * 80, b: 140 } },
          })
            .jpeg()
            .toBuffer(),
        })),
      );
      const id = await createArticle(page, title, own.slice(0, 2));
      const before = (await (await page.request.get(`/api/reporter/articles/${id}`)).json()) as { imageUrls: string[] };
      await database()
        .update(articles)
        .set({ approvalStatus: 'REJECTED', rejectionReason: 'మొదటి ఫోటో స్పష్టంగా లేదు' })
        .where(eq(articles.id, id));

      await goto(page, `/reporter-dashboard/article-edit/${id}`);
      const form = page.locator('form.article-form');
      await form.locator('.editor-content').waitFor();
      expect(await form.getByText('Images stay as they were uploaded').count()).toBe(0);
      // The editor's toolbar fits inside the editor; on a phone, even at 360 px, in one row.
      const fits = await page.evaluate(() => {
        const editor = document.querySelector('.rich-editor')!.getBoundingClientRect();
        const row = document.querySelector('.tools-row')!.getBoundingClientRect();
        const more = document.querySelector('.tools-end')!.getBoundingClientRect();
        const oneRow = window.innerWidth >= 760 || row.height < 56;
        return more.right <= editor.right && oneRow && document.documentElement.scrollWidth <= window.innerWidth;
      });
      expect(fits).toBe(true);
      const pictures = form.getByRole('list', { name: 'Article images, the first is the cover' });
      await expect.poll(() => pictures.getByRole('listitem').count(), { timeout: POLL_MS }).toBe(2);
      // A change not saved yet: leaving by a link or by Back asks on the page first.
      await form.getByRole('button', { name: 'Remove image 1' }).click();
      await page.getByRole('link', { name: 'Pending / Rejected Articles' }).click();
      const ask = page.getByRole('dialog', { name: 'Leave this page?' });
      await ask.waitFor();
      await screenshot(page, `reporter-leave-guard-${viewport.name}`);
      await ask.getByRole('button', { name: 'Stay on this page' }).click();
      expect(page.url()).toContain(`/article-edit/${id}`);
      expect(await pictures.getByRole('listitem').count()).toBe(1);

      await form.locator('input[type="file"]').setInputFiles(own.slice(2, 3));
      await form.getByRole('button', { name: 'Move own-3.jpg earlier' }).click();
      await expect.poll(() => pictures.getByRole('listitem').first().textContent()).toContain('Cover');
      expect(await pictures.getByRole('listitem').first().textContent()).toContain('own-3.jpg');
      await screenshot(page, `reporter-edit-pictures-${viewport.name}`);
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Resubmit for review' }).click();
      await expect
        .poll(() => form.getByRole('status').textContent(), { timeout: POLL_MS })
        .toBe('Article resubmitted: it is back in the review queue.');
      await page.waitForURL('**/reporter-dashboard/pending-rejected-articles');

      const after = (await (await page.request.get(`/api/reporter/articles/${id}`)).json()) as {
        imageUrls: string[];
        approvalStatus: string;
      };
      expect(after.approvalStatus).toBe('PENDING');
      expect(after.imageUrls).toHaveLength(2);
      expect(after.imageUrls[1]).toBe(before.imageUrls[1]);
      expect(after.imageUrls).not.toContain(before.imageUrls[0]);
      // The rejected picture's files are removed once the save has committed.
      await expect.poll(async () => (await page.request.get(before.imageUrls[0])).status(), { timeout: POLL_MS }).toBe(404);
      expect((await page.request.get(after.imageUrls[0])).status()).toBe(200);

      // Back from a filled form asks too; leaving without saving goes.
      await page.getByRole('link', { name: `Edit ${title}` }).click();
      await form.locator('.editor-content').waitFor();
      await form.getByLabel('Title').fill(`${title} (మళ్లీ)`);
      await page.goBack();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Leave without saving' }).click();
      await page.waitForURL('**/reporter-dashboard/pending-rejected-articles');
      await context.close();
    });
  }

  it('a new article not yet saved as a draft asks before the tab closes or a link leaves it', async () => {
    const { page, context } = await reporterPage();
    await goto(page, '/reporter-dashboard/write-article');
    await page.locator('.editor-content').waitFor();
    await page.getByLabel('Title').fill(`వెళ్లే ముందు ${Date.now().toString(36)}`);
    // Before the pause in typing has saved it.
    await page.getByRole('link', { name: 'Reporter Dashboard' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave this page?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    const unload = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await unload).toBe('beforeunload');
    // Once saved, leaving needs no question.
    const again = await context.newPage();
    await goto(again, '/reporter-dashboard/write-article');
    await expect.poll(() => again.getByTestId('autosave-status').textContent(), { timeout: POLL_MS }).toBe('Saved');
    await again.getByRole('link', { name: 'Reporter Dashboard' }).click();
    await again.waitForURL(/\/reporter-dashboard$/);
    await context.close();
  });
});
