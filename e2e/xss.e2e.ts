// every text field that reaches a page, filled with script-injection payloads,
// shown in a real browser without running a single script.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser, goto, newPage, SCREENS, signIn, useBrowser } from './support/browser.ts';

const mark = (field: string) => `<img src=x onerror="window.__xss='${field}'"><script>window.__xss='${field}'</script>`;

useBrowser();
let admin: Page;
let reporter: Page;
const ids = { article: 0, category: 0 };
const hits: string[] = [];

async function watch(page: Page) {
  page.on('dialog', async (d) => {
    hits.push(`dialog: ${d.message()}`);
    await d.dismiss();
  });
}

async function assertNoScriptRan(page: Page, where: string) {
  const value = await page.evaluate(() => (window as unknown as { __xss?: string }).__xss);
  if (value) hits.push(`${where}: ${value}`);
}

beforeAll(async () => {
  admin = (await newPage({ viewport: SCREENS.desktop })).page;
  reporter = (await newPage({ viewport: SCREENS.desktop })).page;
  await watch(admin);
  await watch(reporter);
  const { username, password } = inject('admin');
  await signIn(admin, username, password);
  const rep = await createUser('REPORTER', 'xss');
  await signIn(reporter, rep.username, rep.password);

  const category = await admin.request.post('/api/admin/categories', { data: { name: `${mark('category')} క్రీడ` } });
  expect(category.status()).toBe(201);
  ids.category = (await category.json()).id;
  const nav = await admin.request.get('/api/navigation-categories');
  const current = (await nav.json()) as { categoryId: number }[];
  await admin.request.put('/api/navigation-categories', {
    data: [
      ...current.map((c, i) => ({ categoryId: c.categoryId, displayOrder: i + 1 })),
      { categoryId: ids.category, displayOrder: current.length + 1 },
    ],
  });

  const image = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#8a3' } })
    .jpeg()
    .toBuffer();
  const created = await reporter.request.post('/api/articles', {
    multipart: {
      article: JSON.stringify({
        title: `శీర్షిక ${mark('title')}`,
        author: `రచయిత ${mark('author')}`,
        region: `ప్రాంతం ${mark('region')}`,
        content: `<p>వార్త</p>${mark('content')}<a href="javascript:window.__xss='link'">లింక్</a><p onclick="window.__xss='attr'">ఇక్కడ</p>`,
        categoryIds: [ids.category],
        youtubeVideoId: '',
      }),
      images: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  ids.article = (await created.json()).id;
  const approved = await admin.request.put(`/api/admin/articles/approve/${ids.article}`);
  expect(approved.ok()).toBe(true);

  const about = await admin.request.get('/api/public/about');
  const method = about.status() === 204 ? 'post' : 'put';
  const saved = await admin.request[method]('/api/admin/about', {
    multipart: {
      content: `<p>మా గురించి</p>${mark('about')}`,
      images: { name: 'about.jpg', mimeType: 'image/jpeg', buffer: image },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await admin.request.post('/api/auth/register', {
    data: {
      username: `<svg onload=window.__xss=1>${Date.now() % 1000}`,
      email: `xss${Date.now()}@example.com`,
      password: 'secret123',
    },
  });
}, 120_000);

describe('script injection through every text field', () => {
  it('public pages show the payloads as text and run none of them', async () => {
    const { page } = await newPage();
    await watch(page);
    for (const url of [
      '/',
      `/article/${ids.article}`,
      `/public/articles/${ids.article}`,
      `/public/articles/category/${ids.category}`,
      '/about-us',
    ]) {
      await goto(page, url);
      await assertNoScriptRan(page, url);
    }
    // Plain-text fields come back as text (tags stripped or escaped), never as elements.
    await goto(page, `/article/${ids.article}`);
    expect(await page.locator('h1').first().textContent()).toContain('శీర్షిక');
    expect(await page.locator('main img[src="x"], main script').count()).toBe(0);
    const search = `/search?query=${encodeURIComponent(`శీర్షిక <img src=x onerror="window.__xss='query'">`)}`;
    await goto(page, search);
    await assertNoScriptRan(page, 'search');
    // With JavaScript off, the server HTML alone must be inert too.
    const { page: noJs } = await newPage({ javaScriptEnabled: false });
    const html = await (await noJs.request.get(`/article/${ids.article}`)).text();
    expect(html).not.toMatch(/<script>window\.__xss/);
    expect(html).not.toMatch(/onerror="window\.__xss/);
    expect(html).not.toMatch(/href="javascript:/);
    expect(hits).toEqual([]);
  });

  it('dashboards show the payloads as text and run none of them', async () => {
    for (const url of [
      '/admin-dashboard/pending-articles',
      '/admin-dashboard/approved-articles',
      `/admin-dashboard/view-approved-article/${ids.article}`,
      '/admin-dashboard/categorymanagement',
      '/admin-dashboard/navigation-management',
      '/admin-dashboard/usermanagement',
      '/admin-dashboard/about-us-management',
    ]) {
      await goto(admin, url);
      // A payload in a picture's onerror runs once the picture failed: after the page's requests.
      await admin.waitForLoadState('networkidle');
      await assertNoScriptRan(admin, url);
    }
    for (const url of ['/reporter-dashboard/my-articles', `/reporter/view-article/${ids.article}`]) {
      await goto(reporter, url);
      await reporter.waitForLoadState('networkidle');
      await assertNoScriptRan(reporter, url);
    }
    expect(hits).toEqual([]);
  });
});
