// Site management in Chromium: categories (with the navigation guard), navigation order and the
// drawer, featured categories and the home grid, About Us with images, ads and the rotating banner.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { articleCategories, articles } from '../server/db/schema.ts';
import { baseUrl, createUser, database, goto, newPage, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';
import { CATEGORY_MESSAGES, NAVIGATION_MESSAGES, FEATURED_MESSAGES } from '../contract/categories.ts';
import { ABOUT_MESSAGES } from '../contract/about.ts';
import { AD_MESSAGES } from '../contract/ads.ts';

useBrowser();
const run = Date.now().toString(36);

async function adminPage(viewport?: { width: number; height: number }) {
  const { page, context } = await newPage(viewport ? { viewport } : {});
  const admin = inject('admin');
  await signIn(page, admin.username, admin.password);
  return { page, context };
}

/** Admin API calls from inside the signed-in page (cookies shared, Origin set for the origin check). */
async function apiCall<T>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`/api${url}`, { method, data: data as object, headers: { origin: baseUrl() } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (res.status() === 204 ? null : await res.json()) as T;
}

/** axe-core: no serious or critical violation. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Clears every chosen category (the demo content may have chosen some). */
async function uncheckAll(page: Page) {
  const checked = page.locator('.order-picker-choose input[type="checkbox"]:checked');
  while ((await checked.count()) > 0) await checked.first().uncheck();
}

let shade = 0;
async function picture(format: 'png' | 'jpeg' | 'webp', width = 640, height = 160, label = '') {
  shade = (shade + 53) % 256;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="rgb(${shade},90,${255 - shade})"/><text x="20" y="${height / 2}" font-size="40" fill="#fff">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/** An article filed under the categories given (the first is its primary one). */
async function approvedArticle(
  categoryId: number | number[],
  title: string,
  approvalStatus: 'APPROVED' | 'PENDING' = 'APPROVED',
) {
  const reporter = await createUser('REPORTER', 'desk');
  const [row] = await database()
    .insert(articles)
    .values({
      title,
      author: 'డెస్క్',
      content: `<p>${title}</p>`,
      shortDescription: title,
      searchText: title,
      reporterId: reporter.id,
      approvalStatus,
    })
    .returning();
  const ids = Array.isArray(categoryId) ? categoryId : [categoryId];
  await database()
    .insert(articleCategories)
    .values(ids.map((id, position) => ({ articleId: row.id, categoryId: id, position })));
  return row.id;
}

const PHONE = SCREENS.smallPhone;
const DESKTOP = SCREENS.desktop;

// Generous: seven engineers share two cores while these run.
describe('admin site management', { timeout: 180_000 }, () => {
  it('the dashboard links every sub-route with the spec labels', async () => {
    const { page, context } = await adminPage();
    await goto(page, '/admin-dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const links = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');
    expect(await links.allTextContents()).toEqual([
      'User Management',
      'Category Management',
      'Pending Articles',
      'Approved Articles',
      'Scheduled Articles',
      'Navigation Bar Management',
      'Featured Category Management',
      'About Us Management',
      'Ad Management',
      'Activity',
      'Tag Management',
      'Newsletter',
    ]);
    await screenshot(page, 'admin-site-dashboard');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Category Management', exact: true }).click();
    await page.waitForURL('**/admin-dashboard/categorymanagement');
    await context.close();

    // Anyone else is turned away by the guard.
    const reporter = await createUser('REPORTER');
    const other = await newPage();
    await signIn(other.page, reporter.username, reporter.password);
    await goto(other.page, '/admin-dashboard/categorymanagement');
    await expect.poll(() => new URL(other.page.url()).pathname, { timeout: 30_000 }).toBe('/unauthorized');
    await other.context.close();
  });

  it('creates, renames and deletes a category; the navigation guard shows its message', async () => {
    const { page, context } = await adminPage();
    await goto(page, '/admin-dashboard/categorymanagement');
    await page.getByRole('columnheader', { name: 'Category' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Actions' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const input = dialog.getByPlaceholder('Category Name');
    await input.fill('   ');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.getByText(CATEGORY_MESSAGES.nameRequired).waitFor();

    const name = `ఈ2ఈ వర్గం ${run}`;
    await input.fill(`  ${name}  `);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    // In the reloaded list (the server's order, by name), trimmed.
    await page.getByRole('cell', { name, exact: true }).waitFor();

    // A clash shows the server's message in the modal.
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.getByPlaceholder('Category Name').fill(name.toUpperCase());
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.getByText(CATEGORY_MESSAGES.nameTaken).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect.poll(() => dialog.getByPlaceholder('Category Name').inputValue()).toBe(name);
    const renamed = `${name} మార్పు`;
    await dialog.getByPlaceholder('Category Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: renamed, exact: true }).waitFor();
    expect(await page.getByRole('cell', { name, exact: true }).count()).toBe(0);

    // In the navigation bar: the delete modal shows the error instead of the question.
    const list = await apiCall<{ id: number; name: string }[]>(page, 'GET', '/admin/categories');
    const id = list.find((c) => c.name === renamed)!.id;
    await apiCall(page, 'PUT', '/navigation-categories', [{ categoryId: id, displayOrder: 1 }]);
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await dialog.getByText(CATEGORY_MESSAGES.inNavigation).waitFor();
    expect(await dialog.getByText(CATEGORY_MESSAGES.confirmDelete).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    await screenshot(page, 'admin-site-category-guard');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await apiCall(page, 'PUT', '/navigation-categories', []);
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await dialog.getByText(CATEGORY_MESSAGES.confirmDelete).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('cell', { name: renamed, exact: true }).count()).toBe(0);
    await screenshot(page, 'admin-site-categories');
    await expectAccessible(page);
    await context.close();
  });

  it('reorders the navigation bar and the drawer follows', async () => {
    const { page, context } = await adminPage();
    const names = [`రాజకీయం ${run}`, `క్రీడలు ${run}`, `సినిమా ${run}`];
    for (const name of names) await apiCall(page, 'POST', '/admin/categories', { name });
    await goto(page, '/admin-dashboard/navigation-management');
    await page.getByRole('heading', { name: 'Navigation Bar Management' }).waitFor();
    await page.getByRole('checkbox', { name: names[0] }).waitFor();
    // Start from an empty bar, whatever the demo content put there.
    await uncheckAll(page);
    for (const name of names) await page.getByRole('checkbox', { name }).check();
    // Order shown: 1 రాజకీయం, 2 క్రీడలు, 3 సినిమా; move సినిమా to the top by keyboard.
    const up = page.getByRole('button', { name: `Move ${names[2]} up` });
    await up.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Move ${names[2]} up` }).focus();
    await page.keyboard.press('Enter');
    const order = page.locator('.order-picker-order li .order-name');
    expect(await order.allTextContents()).toEqual([names[2], names[0], names[1]]);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(NAVIGATION_MESSAGES.saved).waitFor();
    await screenshot(page, 'admin-site-navigation');
    await expectAccessible(page);

    await goto(page, '/');
    await page.getByRole('button', { name: 'మెనూ' }).click();
    const drawer = page.locator('#site-drawer .drawer-categories a');
    await expect.poll(() => drawer.allTextContents()).toEqual([names[2], names[0], names[1]]);

    // Reorder again: the next request shows it.
    await goto(page, '/admin-dashboard/navigation-management');
    await page.getByRole('button', { name: `Move ${names[0]} up` }).click();
    await page.getByRole('checkbox', { name: names[1] }).uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(NAVIGATION_MESSAGES.saved).waitFor();
    await goto(page, '/');
    await page.getByRole('button', { name: 'మెనూ' }).click();
    await expect.poll(() => drawer.allTextContents()).toEqual([names[0], names[2]]);
    await context.close();
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`deleting a category that articles use says how many and what happens to them (${name})`, async () => {
      const { page, context } = await adminPage(viewport);
      const used = await apiCall<{ id: number; name: string }>(page, 'POST', '/admin/categories', {
        name: `వాడుకలో ${name} ${run}`,
      });
      const other = await apiCall<{ id: number; name: string }>(page, 'POST', '/admin/categories', {
        name: `మరొకటి ${name} ${run}`,
      });
      const alone = await approvedArticle(used.id, `ఒంటరి వార్త ${name} ${run}`);
      await approvedArticle([used.id, other.id], `రెండు వర్గాల వార్త ${name} ${run}`);
      await approvedArticle(used.id, `పెండింగ్ వార్త ${name} ${run}`, 'PENDING');

      await goto(page, '/admin-dashboard/categorymanagement');
      await page.getByRole('button', { name: `Delete ${used.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete category' });
      await dialog.getByText(CATEGORY_MESSAGES.confirmDelete).waitFor();
      const effect = dialog.locator('.change-outcome');
      await expect
        .poll(() => effect.textContent())
        .toContain(
          `3 articles (2 published) are filed under ${used.name}. Deleting it removes ${used.name} from them; other categories stay.`,
        );
      expect(await effect.textContent()).toContain('2 articles have no other category: they stay on the site');
      await screenshot(page, `admin-site-category-delete-${name}`);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByRole('cell', { name: used.name, exact: true }).count()).toBe(0);

      // What the question said: the article filed there alone is still published, in no category.
      const article = await apiCall<{ categories: unknown[] }>(page, 'GET', `/public/articles/${alone}`);
      expect(article.categories).toEqual([]);
      await context.close();
    });

    it(`after saving the navigation the header shows the new order at once (${name})`, async () => {
      const { page, context } = await adminPage(viewport);
      const names = [`ఒకటి ${name} ${run}`, `రెండు ${name} ${run}`];
      for (const n of names) await apiCall(page, 'POST', '/admin/categories', { name: n });
      await goto(page, '/admin-dashboard/navigation-management');
      await page.getByRole('checkbox', { name: names[0] }).waitFor();
      await uncheckAll(page);
      for (const n of names) await page.getByRole('checkbox', { name: n }).check();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(NAVIGATION_MESSAGES.saved).waitFor();
      // The staff shell has no category bar: the readers' header, opened beside the screen, shows the save.
      const reader = await context.newPage();
      const readerHeader = async () => {
        await goto(reader, '/');
        return reader.locator('.category-nav a').allTextContents();
      };
      // At once: the very next page shows the save (no waiting for a cache to expire).
      expect(await readerHeader()).toEqual(names);

      await page.getByRole('button', { name: `Move ${names[1]} up` }).click();
      const saved = page.waitForResponse((r) => r.url().endsWith('/navigation-categories') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      expect((await saved).status()).toBe(200);
      expect(await readerHeader()).toEqual([names[1], names[0]]);
      await page.getByRole('button', { name: 'Save Changes' }).waitFor();
      expect(await page.getByRole('status').filter({ hasText: NAVIGATION_MESSAGES.saved }).count()).toBe(1);
      await screenshot(reader, `admin-site-navigation-header-${name}`);
      await context.close();
    });
  }

  it('sets featured categories and the home page shows them in that order', async () => {
    const { page, context } = await adminPage(SCREENS.desktop);
    const names = [`వ్యాపారం ${run}`, `ఆరోగ్యం ${run}`, `సాంకేతికం ${run}`];
    for (const name of names) {
      const cat = await apiCall<{ id: number }>(page, 'POST', '/admin/categories', { name });
      await approvedArticle(cat.id, `${name} వార్త`);
    }
    await goto(page, '/admin-dashboard/featured-categories');
    await page.getByRole('heading', { name: 'Featured Category Management' }).waitFor();
    await page.getByRole('checkbox', { name: names[0] }).waitFor();
    await uncheckAll(page);
    for (const name of [names[1], names[0], names[2]]) await page.getByRole('checkbox', { name }).check();
    await page.getByRole('button', { name: `Move ${names[2]} up` }).click();
    await expect
      .poll(() => page.locator('.order-picker-order li .order-name').allTextContents())
      .toEqual([names[1], names[2], names[0]]);
    await page.getByRole('button', { name: 'Save Featured Categories' }).click();
    await page.getByText(FEATURED_MESSAGES.saved).waitFor();
    await screenshot(page, 'admin-site-featured');
    await expectAccessible(page);

    await goto(page, '/');
    // The first featured category sits beside the latest carousel; the rest form the grid.
    await page.locator('.home-top .featured-pane .section-heading').getByText(`తాజా ${names[1]}`).waitFor();
    await page.locator('.home-featured').scrollIntoViewIfNeeded();
    const grid = page.locator('.featured-grid .section-heading');
    await expect.poll(() => grid.allTextContents()).toEqual([`తాజా ${names[2]}`, `తాజా ${names[0]}`]);
    await screenshot(page, 'admin-site-featured-home');
    await context.close();
  });

  it('saves About Us with images (POST then PUT) and the public page shows them', async () => {
    const { page, context } = await adminPage();
    // The screen saves with POST when no entry exists yet (a fresh database), else PUT.
    await goto(page, '/admin-dashboard/about-us-management');
    await page.getByRole('heading', { name: 'About Us Management' }).waitFor();
    const editor = page.getByRole('textbox', { name: 'About Us content' });
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    const text = `మా గురించి ${run}: తెలుగు వార్తల కోసం.`;
    await page.keyboard.type(text);

    const input = page.getByLabel(/Add images/);
    // Client-side checks first: a GIF is not allowed for About Us.
    await input.setInputFiles([{ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }]);
    await page.getByText(ABOUT_MESSAGES.unsupported('anim.gif')).waitFor();

    const existing = await page.locator('.about-images li').count();
    for (let i = existing; i > 0; i--) await page.getByRole('button', { name: `Remove image ${i}` }).click();
    await input.setInputFiles([
      { name: 'team.png', mimeType: 'image/png', buffer: await picture('png', 800, 450, 'team') },
      { name: 'office.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg', 800, 450, 'office') },
    ]);
    expect(await page.locator('.about-images li').count()).toBe(2);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(ABOUT_MESSAGES.saved).waitFor();
    await screenshot(page, 'admin-site-about');
    await expectAccessible(page);

    await goto(page, '/about-us');
    await page.getByText(text).waitFor();
    const publicAbout = await apiCall<{ imageUrls: string[] }>(page, 'GET', '/public/about');
    expect(publicAbout.imageUrls).toHaveLength(2);
    // A carousel's later pictures come a second before their turn (docs/performance.md).
    for (const url of publicAbout.imageUrls)
      await expect
        .poll(() => page.locator(`img[src="${url}"], img[srcset*="${url.replace(/-\d+\.webp$/, '')}"]`).count(), {
          timeout: 6000,
        })
        .toBeGreaterThan(0);

    // Remove one image and save again (PUT): one remains, and the public page shows the change.
    await goto(page, '/admin-dashboard/about-us-management');
    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(ABOUT_MESSAGES.saved).waitFor();
    const after = await apiCall<{ imageUrls: string[] }>(page, 'GET', '/public/about');
    expect(after.imageUrls).toEqual([publicAbout.imageUrls[1]]);
    await context.close();
  });

  it('uploads two ads and the home banner rotates between them; delete asks first', async () => {
    const { page, context } = await adminPage();
    // Only this test's ads in the rotation.
    for (const ad of await apiCall<{ id: number }[]>(page, 'GET', '/admin/ads'))
      await apiCall(page, 'DELETE', `/admin/ads/${ad.id}`);
    await goto(page, '/admin-dashboard/ad-management');
    await page.getByRole('heading', { name: 'Ad Management' }).waitFor();

    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(AD_MESSAGES.noneSelected).waitFor();

    const input = page.getByLabel(/Ad images/);
    await input.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await page.getByText(AD_MESSAGES.notAllowed('notes.txt')).waitFor();

    await input.setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: await picture('png', 960, 120, 'FIRST') },
      { name: 'second.webp', mimeType: 'image/webp', buffer: await picture('webp', 960, 120, 'SECOND') },
    ]);
    await page.getByLabel('Duration for first.png (seconds)').fill('1');
    await page.getByLabel('Duration for second.webp (seconds)').fill('0');
    await page.getByLabel('Link for second.webp (optional)').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(AD_MESSAGES.duration).waitFor();
    await page.getByText(AD_MESSAGES.link).waitFor();
    await page.getByLabel('Duration for second.webp (seconds)').fill('1');
    await page.getByLabel('Link for second.webp (optional)').fill('https://example.com/offer');
    await screenshot(page, 'admin-site-ads-pending');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(AD_MESSAGES.uploaded).waitFor();
    expect(await page.locator('.ad-list li').count()).toBe(2);
    await screenshot(page, 'admin-site-ads');
    await expectAccessible(page);

    await goto(page, '/');
    const current = page.locator('.ad-banner .ad-slot.is-current');
    await current.waitFor();
    // The banner turns to the second ad by itself: each look notes the ad shown, until both were.
    const seen = new Set<string>();
    await expect.poll(async () => seen.add((await current.getAttribute('data-ad-id')) ?? '').size, { interval: 250 }).toBe(2);
    expect(await page.locator('.ad-banner a[href="https://example.com/offer"]').count()).toBe(1);

    await goto(page, '/admin-dashboard/ad-management');
    await page.getByRole('button', { name: 'Delete ad 1' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(AD_MESSAGES.confirmDelete).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(AD_MESSAGES.deleted).waitFor();
    expect(await page.locator('.ad-list li').count()).toBe(1);
    expect(await apiCall<unknown[]>(page, 'GET', '/public/ads')).toHaveLength(1);
    await context.close();
  });
});
