// Editorial review in Chromium: approve, reject with a reason, edit-then-approve with two
// categories, and the approved list (filter, edit with one category, delete with confirmation).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { categories } from '../server/db/schema.ts';
import { baseUrl, createUser, database, goto, newPage, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';
import type { Article } from '../contract/articles.ts';

useBrowser();
let reporter: { id: number; username: string; password: string };
let cats: { id: number; name: string }[];
let image: Buffer;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  reporter = await createUser('REPORTER', 'review_reporter');
  cats = await database()
    .insert(categories)
    .values([{ name: `సమీక్ష-రాజకీయం-${stamp}` }, { name: `సమీక్ష-క్రీడలు-${stamp}` }, { name: `సమీక్ష-సినిమా-${stamp}` }])
    .returning({ id: categories.id, name: categories.name });
  image = await sharp({ create: { width: 960, height: 640, channels: 3, background: { r: 179, g: 18, b: 31 } } })
    .png()
    .toBuffer();
});

const origin = () => ({ origin: baseUrl() });
/** A review act answers after its call and the queue's: generous on a shared, loaded machine. */
const POLL_MS = 10_000;

/** axe-core: no serious or critical violation. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A reporter's submission through the real API (multipart: `article` JSON and one image). */
async function submitArticle(
  request: APIRequestContext,
  title: string,
  content = `<p>${title} – పూర్తి వివరాలు ఇక్కడ ఉన్నాయి.</p>`,
): Promise<Article> {
  const res = await request.post('/api/articles', {
    headers: origin(),
    multipart: {
      article: JSON.stringify({
        title,
        author: 'సమీక్ష రచయిత',
        content,
        youtubeVideoId: '',
        categoryIds: [cats[0].id],
        region: 'విజయవాడ',
      }),
      images: { name: 'cover.png', mimeType: 'image/png', buffer: image },
    },
  });
  if (res.status() !== 201) throw new Error(`submit failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Article;
}

async function reporterPage() {
  const { page, context } = await newPage();
  await signIn(page, reporter.username, reporter.password);
  return { page, context };
}

async function adminPage(viewport?: { width: number; height: number }) {
  const { page, context } = await newPage(viewport ? { viewport } : {});
  const admin = inject('admin');
  await signIn(page, admin.username, admin.password);
  return { page, context };
}

async function openReview(page: Page, article: Article) {
  await goto(page, '/admin-dashboard/pending-articles');
  await page.getByRole('link', { name: `Review: ${article.title}` }).click();
  await page.waitForURL(`**/admin-dashboard/view-article/${article.id}`);
  await page.getByRole('heading', { name: article.title }).waitFor();
}

describe('editorial review', () => {
  it('approves a pending article; it is then on the home page and in the ticker', async () => {
    const author = await reporterPage();
    const article = await submitArticle(author.page.request, `ఆమోద పరీక్ష వార్త ${stamp}`);
    await author.context.close();

    const { page, context } = await adminPage();
    await openReview(page, article);
    expect(await page.locator('.status-badge').textContent()).toBe('Pending');
    await screenshot(page, 'admin-review-pending-article');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() => page.locator('.review-page [role="status"]').first().textContent(), { timeout: POLL_MS })
      .toBe('Article approved successfully.');
    // The screen stays and offers the next story (or says none is left); the way back is a link.
    const shown = Date.now();
    await page.locator('.review-next').waitFor();
    await page.locator('.review-next').getByRole('link', { name: 'Back to Pending Articles' }).click();
    await page.waitForURL('**/admin-dashboard/pending-articles');
    await page.getByRole('heading', { name: 'Pending Articles' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: `Review: ${article.title}` }).count()).toBe(0);

    const publicRes = await page.request.get(`/api/public/articles/${article.id}`);
    expect(publicRes.status()).toBe(200);
    expect(new Date((await publicRes.json()).publicationDate).getTime()).toBeGreaterThan(shown - 60_000);

    // A reader, not signed in, sees it on the next request: the home page and the header ticker.
    const reader = await newPage();
    await goto(reader.page, '/');
    expect(await reader.page.locator('.ticker').getByRole('link', { name: article.title }).count()).toBeGreaterThan(0);
    expect(await reader.page.locator('main').getByText(article.title).count()).toBeGreaterThan(0);
    await reader.context.close();
    await context.close();
  });

  it('rejects with a reason that the reporter sees on the pending/rejected list', async () => {
    const author = await reporterPage();
    const article = await submitArticle(author.page.request, `తిరస్కరణ పరీక్ష వార్త ${stamp}`);

    const { page, context } = await adminPage();
    await openReview(page, article);
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject article' });
    await dialog.waitFor();
    const reason = 'ఫోటో స్పష్టంగా లేదు; మూలాలు చేర్చండి.';
    await dialog.getByLabel('Reason for the reporter (optional)').fill(reason);
    await screenshot(page, 'admin-review-reject-modal');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect
      .poll(() => page.locator('.review-page [role="status"]').first().textContent(), { timeout: POLL_MS })
      .toBe('Article rejected successfully.');
    await page.locator('.review-next').waitFor();
    await context.close();

    // The reporter's own list shows the rejection and the admin's words.
    await goto(author.page, '/reporter-dashboard/pending-rejected-articles');
    await author.page.getByText(article.title).first().waitFor();
    await expect.poll(() => author.page.getByText(reason).count()).toBeGreaterThan(0);
    const mine = await author.page.request.get('/api/reporter/articles/pending-rejected');
    const listed = ((await mine.json()) as Article[]).find((a) => a.id === article.id);
    expect(listed).toMatchObject({ approvalStatus: 'REJECTED', rejectionReason: reason });
    await screenshot(author.page, 'admin-review-reporter-sees-reason');
    await author.context.close();
  });

  it('edits then approves with two categories in one save', async () => {
    const author = await reporterPage();
    const article = await submitArticle(author.page.request, `సవరణ పరీక్ష వార్త ${stamp}`);
    await author.context.close();

    const { page, context } = await adminPage();
    await openReview(page, article);
    await page.getByRole('button', { name: 'Edit & Approve' }).click();
    const form = page.locator('form.article-form');
    await form.locator('.editor-content').waitFor();
    const newTitle = `సవరించిన శీర్షిక ${stamp}`;
    await form.getByLabel('Title', { exact: true }).fill(newTitle);
    expect(await form.getByRole('checkbox', { name: cats[0].name }).isChecked()).toBe(true);
    await form.getByRole('checkbox', { name: cats[1].name }).check();
    await screenshot(page, 'admin-review-edit-and-approve');
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save & Approve' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent(), { timeout: POLL_MS })
      .toBe('Article saved and approved successfully.');
    await page.waitForURL('**/admin-dashboard/pending-articles');

    const saved = (await (await page.request.get(`/api/admin/articles/${article.id}`)).json()) as Article;
    expect(saved).toMatchObject({ title: newTitle, approvalStatus: 'APPROVED' });
    expect(saved.categories.map((c) => c.id)).toEqual([cats[0].id, cats[1].id]);
    expect((await page.request.get(`/api/public/articles/${article.id}`)).status()).toBe(200);
    await context.close();
  });

  it('lists approved articles with a title filter; views, edits keeping every category and deletes after confirming', async () => {
    const author = await reporterPage();
    const word = `ఫిల్టర్${stamp}`;
    const first = await submitArticle(author.page.request, `${word} మొదటి వార్త`);
    const second = await submitArticle(author.page.request, `${word} రెండో వార్త`);
    await author.context.close();

    const { page, context } = await adminPage();
    for (const a of [first, second]) {
      const res = await page.request.put(`/api/admin/articles/approve/${a.id}`, { headers: origin() });
      expect(res.status()).toBe(200);
    }
    await goto(page, '/admin-dashboard/approved-articles');
    await page.getByRole('heading', { name: 'Approved Articles' }).waitFor();
    await page.getByRole('searchbox', { name: 'Filter by title' }).fill(word);
    await page.getByRole('button', { name: 'Filter' }).click();
    const items = page.locator('.review-list > li');
    await expect.poll(() => items.count()).toBe(2);
    // Newest publication first.
    expect(await items.first().getByRole('heading').textContent()).toBe(second.title);
    await screenshot(page, 'admin-review-approved-list');
    await expectAccessible(page);

    await page.getByRole('link', { name: `View: ${first.title}` }).click();
    await page.waitForURL(`**/admin-dashboard/view-approved-article/${first.id}`);
    await page.getByRole('heading', { name: first.title }).waitFor();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`**/admin-dashboard/edit-approved-article/${first.id}`);
    const form = page.locator('form.article-form');
    await form.locator('.editor-content').waitFor();
    // Admins file under several categories here as in review: the article's category is shown
    // checked and kept, and another can be added.
    expect(await form.getByRole('checkbox', { name: cats[0].name }).isChecked()).toBe(true);
    await form.getByRole('checkbox', { name: cats[2].name }).check();
    await form.getByLabel('YouTube video ID (optional)').fill('short');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => form.getByText('Invalid YouTube video ID. Please enter a valid 11-character ID.').count()).toBe(1);
    await form.getByLabel('YouTube video ID (optional)').fill('');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Article updated successfully!');
    await page.waitForURL('**/admin-dashboard/approved-articles');
    const edited = (await (await page.request.get(`/api/admin/articles/${first.id}`)).json()) as Article;
    expect(edited.approvalStatus).toBe('APPROVED');
    expect(edited.categories.map((c) => c.id).sort()).toEqual([cats[0].id, cats[2].id].sort());

    // Saved again unchanged, a two-category article keeps both.
    await goto(page, `/admin-dashboard/edit-approved-article/${first.id}`);
    await form.locator('.editor-content').waitFor();
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL('**/admin-dashboard/approved-articles');
    const again = (await (await page.request.get(`/api/admin/articles/${first.id}`)).json()) as Article;
    expect(again.categories.map((c) => c.id).sort()).toEqual([cats[0].id, cats[2].id].sort());

    await page.getByRole('searchbox', { name: 'Filter by title' }).fill(word);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => items.count()).toBe(2);
    await page.getByRole('button', { name: `Delete: ${second.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete article' });
    await dialog.getByText('Are you sure you want to delete this article?').waitFor();
    await screenshot(page, 'admin-review-delete-confirm');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await page.request.get(`/api/admin/articles/${second.id}`)).status()).toBe(200);

    await page.getByRole('button', { name: `Delete: ${second.title}` }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => page.locator('.review-page [role="status"]').first().textContent())
      .toBe('Article deleted successfully.');
    await expect.poll(() => items.count()).toBe(1);
    expect((await page.request.get(`/api/admin/articles/${second.id}`)).status()).toBe(404);
    expect((await page.request.get(`/api/public/articles/${second.id}`)).status()).toBe(404);
    await context.close();
  });

  it('lays the screens out on a desktop too, and an unknown article shows the fetch error', async () => {
    const { page, context } = await adminPage(SCREENS.desktop);
    await goto(page, '/admin-dashboard/approved-articles');
    await page.locator('.review-list > li').first().waitFor();
    await screenshot(page, 'admin-review-approved-list-desktop');
    await goto(page, '/admin-dashboard/view-article/99999999');
    await expect
      .poll(() => page.locator('.review-page [role="alert"]').first().textContent())
      .toBe('Error fetching article: Article not found.');
    await context.close();
  });

  it('shows injected markup in titles, bodies and reasons as text; the pending list works by keyboard', async () => {
    const author = await reporterPage();
    const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
    const article = await submitArticle(
      author.page.request,
      `దాడి ${stamp} ${payload}`,
      `<p>సురక్షితం</p><img src=x onerror="window.__xss=3"><a href="javascript:window.__xss=4">లింక్</a><script>window.__xss=5</script>`,
    );
    await author.context.close();

    const { page, context } = await adminPage();
    await goto(page, '/admin-dashboard/pending-articles');
    await page.getByRole('heading', { name: 'Pending Articles' }).waitFor();
    await expectAccessible(page);
    // Keyboard only: Tab to the article's Review link and open it with Enter.
    const review = page.getByRole('link', { name: `Review: ${article.title}` });
    await review.waitFor();
    for (let i = 0; i < 200 && !(await review.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin-dashboard/view-article/${article.id}`);
    await page.getByRole('heading', { name: article.title }).waitFor();
    expect(await page.locator('.article-view-content').innerHTML()).not.toMatch(/onerror|javascript:|<script/i);

    // The reject modal by keyboard: Escape closes it and focus returns to the Reject button.
    const rejectButton = page.getByRole('button', { name: 'Reject', exact: true });
    await rejectButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reject article' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await rejectButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await rejectButton.click();
    await dialog.getByLabel('Reason for the reporter (optional)').fill(payload);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect
      .poll(() => page.locator('.review-page [role="status"]').first().textContent(), { timeout: POLL_MS })
      .toBe('Article rejected successfully.');
    expect(await page.locator('.rejection-reason').textContent()).toContain(payload);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await context.close();
  });

  for (const viewport of [
    { name: 'phone', ...SCREENS.phone },
    { name: 'desktop', ...SCREENS.desktop },
  ]) {
    it(`on a ${viewport.name}: the text before the pictures, which open large; edit-then-approve reorders and removes pictures`, async () => {
      const author = await reporterPage();
      const pictures = await Promise.all(
        ['#123456', '#654321', '#abcdef'].map(async (colour, i) => ({
          name: `review-${viewport.name}-${i + 1}.png`,
          mimeType: 'image/png',
          buffer: await sharp({ create: { width: 400 + i, height: 300, channels: 3, background: colour } })
            .png()
            .toBuffer(),
        })),
      );
      const form = new FormData();
      const title = `చిత్రాల సమీక్ష ${viewport.name} ${stamp}`;
      form.append(
        'article',
        JSON.stringify({
          title,
          author: 'రచయిత',
          content: `<p>${title} – పూర్తి వివరాలు.</p>`,
          categoryIds: [cats[0].id],
          region: 'గుంటూరు',
        }),
      );
      for (const p of pictures) form.append('images', new Blob([new Uint8Array(p.buffer)], { type: p.mimeType }), p.name);
      const res = await author.page.request.post('/api/articles', { headers: origin(), multipart: form });
      expect(res.status()).toBe(201);
      const article = (await res.json()) as Article;
      await author.context.close();

      const { page, context } = await adminPage(viewport);
      await openReview(page, article);
      // Approve and reject do not look alike.
      const looks = async (name: string) =>
        page.getByRole('button', { name, exact: true }).evaluate((el) => {
          const style = getComputedStyle(el);
          return `${style.backgroundColor} ${style.color}`;
        });
      expect(await looks('Approve')).not.toBe(await looks('Reject'));
      // The text first, then the pictures as thumbnails.
      const textFirst = await page.evaluate(() => {
        const text = document.querySelector('.article-view-content')!;
        const images = document.querySelector('.article-view-images')!;
        return Boolean(text.compareDocumentPosition(images) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(textFirst).toBe(true);
      const second = page.getByRole('button', { name: new RegExp(`^Open picture 2 of 3 large`) });
      await second.click();
      const viewer = page.getByRole('dialog', { name: 'Picture' });
      await viewer.getByText('2/3').waitFor();
      await page.keyboard.press('ArrowRight');
      await viewer.getByText('3/3').waitFor();
      await screenshot(page, `admin-review-viewer-${viewport.name}`);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.getByRole('button', { name: 'Edit & Approve' }).click();
      const edit = page.locator('form.article-form');
      await edit.locator('.editor-content').waitFor();
      await edit.getByRole('button', { name: 'Move image 3 earlier' }).click();
      await edit.getByRole('button', { name: 'Move image 2 earlier' }).click();
      await edit.getByRole('button', { name: 'Remove image 3' }).click();
      const list = edit.getByRole('list', { name: 'Article images, the first is the cover' });
      expect(await list.getByRole('listitem').count()).toBe(2);
      await screenshot(page, `admin-review-edit-pictures-${viewport.name}`);
      await edit.getByRole('button', { name: 'Save & Approve' }).click();
      await expect
        .poll(() => edit.getByRole('status').textContent(), { timeout: POLL_MS })
        .toBe('Article saved and approved successfully.');
      const saved = (await (await page.request.get(`/api/admin/articles/${article.id}`)).json()) as Article;
      expect(saved.approvalStatus).toBe('APPROVED');
      expect(saved.imageUrls).toEqual([article.imageUrls[2], article.imageUrls[0]]);
      const reader = (await (await page.request.get(`/api/public/articles/${article.id}`)).json()) as Article;
      expect(reader.imageUrls[0]).toBe(article.imageUrls[2]);
      await expect.poll(async () => (await page.request.get(article.imageUrls[1])).status()).toBe(404);
      await context.close();
    });
  }

  it('the About Us editor and the ad form ask before leaving with unsaved changes (Back and a link)', async () => {
    const { page, context } = await adminPage();
    const ask = page.getByRole('dialog', { name: 'Leave this page?' });
    await goto(page, '/admin-dashboard');
    await page.getByRole('link', { name: 'About Us Management' }).click();
    const editor = page.locator('.editor-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.insertText(' మార్పు');
    await page.goBack();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    expect(page.url()).toContain('/about-us-management');
    await page.goBack();
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/\/admin-dashboard$/);

    await page.getByRole('link', { name: 'Ad Management' }).click();
    await page.locator('input[type="file"]').setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: image });
    await page.getByRole('link', { name: '← Admin Dashboard' }).click();
    await ask.waitFor();
    await expectAccessible(page);
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    expect(page.url()).toContain('/ad-management');
    await context.close();
  });
});
