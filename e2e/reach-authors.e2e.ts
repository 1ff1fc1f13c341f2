// Author pages, topics and saved stories on a phone in Chromium: the byline leads to the reporter's
// page (name, bio, feed), the story's tags lead to the topic page, a signed-in reader saves the
// story from the article page and finds it on the account page; signed out, a tap asks to sign in.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { categories } from '../server/db/schema.ts';
import { baseUrl, createUser, database, goto, newPage, SCREENS, signIn, useBrowser } from './support/browser.ts';
import type { Article } from '../contract/articles.ts';

const PHONE = SCREENS.smallPhone;
const stamp = Date.now().toString(36);
const origin = () => ({ origin: baseUrl() });
useBrowser();
let reporter: { id: number; username: string; password: string };
let article: Article;

async function shot(page: Page, name: string) {
  const dir = path.join(process.cwd(), 'docs/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  reporter = await createUser('REPORTER', 'byline');
  const [category] = await database()
    .insert(categories)
    .values({ name: `అంశాలు-${stamp}` })
    .returning({ id: categories.id });
  const image = await sharp({ create: { width: 960, height: 640, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  const { page, context } = await newPage();
  await signIn(page, reporter.username, reporter.password);
  const profile = await page.request.put('/api/me/profile', {
    headers: origin(),
    data: { displayName: 'రవి కుమార్', bio: 'రాజకీయ విలేకరి. హైదరాబాద్ నుంచి పదేళ్లుగా వార్తలు రాస్తున్నారు.' },
  });
  expect(profile.status()).toBe(200);
  const res = await page.request.post('/api/articles', {
    headers: origin(),
    multipart: {
      article: JSON.stringify({
        title: `పోలవరం పనులు వేగవంతం ${stamp}`,
        author: 'రవి కుమార్',
        content: '<p>పోలవరం ప్రాజెక్టు పనులు వేగంగా సాగుతున్నాయి.</p>',
        youtubeVideoId: '',
        categoryIds: [category.id],
        region: 'ఏలూరు',
        tags: ['పోలవరం', `Irrigation ${stamp}`],
      }),
      images: { name: 'cover.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(res.status()).toBe(201);
  article = (await res.json()) as Article;
  await context.close();
  const admin = await newPage();
  const a = inject('admin');
  await signIn(admin.page, a.username, a.password);
  expect((await admin.page.request.put(`/api/admin/articles/approve/${article.id}`, { headers: origin() })).status()).toBe(200);
  await admin.context.close();
});

describe('author pages and topics on a phone', () => {
  it('links the byline to the author page, with name, bio, feed and the story', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    await goto(page, `/article/${article.id}`);
    const byline = page.locator('a.article-author');
    expect(await byline.getAttribute('href')).toBe(`/author/${reporter.username}`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(jsonLd.author[0].url).toMatch(new RegExp(`^https?://[^/]+/author/${reporter.username}$`));
    expect(jsonLd.keywords).toBe(`పోలవరం, Irrigation ${stamp}`);
    await page.getByRole('list', { name: 'అంశాలు' }).getByRole('link', { name: '#పోలవరం' }).waitFor();
    await shot(page, 'article-tags-save-360');

    await byline.click();
    await page.waitForURL(`**/author/${reporter.username}`);
    await page.getByRole('heading', { name: 'రవి కుమార్', level: 1 }).waitFor();
    await page.getByText('రాజకీయ విలేకరి.', { exact: false }).waitFor();
    expect(
      await page
        .locator(`link[rel="alternate"][type="application/rss+xml"][href="/rss/author/${reporter.username}.xml"]`)
        .count(),
    ).toBe(1);
    await page
      .locator('main')
      .getByRole('link', { name: new RegExp(`పోలవరం పనులు వేగవంతం ${stamp}`) })
      .waitFor();
    await shot(page, 'author-360');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  }, 180_000);

  it('opens the topic page from a tag; an unknown tag and a reader page are 404', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    await goto(page, `/article/${article.id}`);
    await page.getByRole('link', { name: `#Irrigation ${stamp}` }).click();
    await page.waitForURL(`**/tag/irrigation-${stamp}`);
    await page.getByRole('heading', { name: `#Irrigation ${stamp}` }).waitFor();
    await page
      .locator('main')
      .getByRole('link', { name: new RegExp(`పోలవరం పనులు వేగవంతం ${stamp}`) })
      .waitFor();
    await shot(page, 'tag-360');
    expect((await page.goto('/tag/no-such-topic'))?.status()).toBe(404);
    const reader = await createUser('USER', 'notauthor');
    expect((await page.goto(`/author/${reader.username}`))?.status()).toBe(404);
    await context.close();
  }, 180_000);
});

describe('saved stories on a phone', () => {
  it('saves from the article page and lists it on the account page; unsaves', async () => {
    const reader = await createUser('USER', 'saver');
    const { page, context } = await newPage({ viewport: PHONE });
    await signIn(page, reader.username, reader.password);
    await goto(page, `/article/${article.id}`);
    const save = page.locator('.save-button');
    await save.click();
    await expect.poll(() => save.textContent(), { timeout: 30_000 }).toContain('సేవ్ అయింది');
    expect(await save.getAttribute('aria-pressed')).toBe('true');
    await goto(page, '/user-dashboard');
    const list = page.locator('.saved-stories');
    await list.getByRole('link', { name: new RegExp(`పోలవరం పనులు వేగవంతం ${stamp}`) }).waitFor();
    await shot(page, 'account-saved-360');
    await list.getByRole('button', { name: /తీసివేయండి/ }).click();
    await list.getByText('మీరు ఇంకా ఏ వార్తనూ సేవ్ చేయలేదు.').waitFor();
    await context.close();
  }, 180_000);

  it('asks a signed-out reader to sign in', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    await goto(page, `/article/${article.id}`);
    await page.locator('.save-button').click();
    await page.getByText('సేవ్ చేయడానికి లాగిన్ అవ్వండి.').waitFor();
    await shot(page, 'article-save-signed-out-360');
    await context.close();
  }, 180_000);

  it('shows the reporter the author profile form and the admin the tag screen', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    await signIn(page, reporter.username, reporter.password);
    await goto(page, '/user-dashboard');
    await page.getByRole('heading', { name: 'Author profile' }).waitFor();
    await expect.poll(() => page.getByLabel('Display name (Telugu)').inputValue(), { timeout: 30_000 }).toBe('రవి కుమార్');
    await shot(page, 'account-author-profile-360');
    await context.close();

    const admin = await newPage({ viewport: PHONE });
    const a = inject('admin');
    await signIn(admin.page, a.username, a.password);
    await goto(admin.page, '/admin-dashboard/tag-management');
    await admin.page.getByRole('heading', { name: 'Manage Tags' }).waitFor();
    await admin.page.getByRole('link', { name: 'పోలవరం' }).first().waitFor();
    await shot(admin.page, 'admin-tags-360');
    await admin.context.close();
  }, 180_000);
});
