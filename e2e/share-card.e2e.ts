// Share pictures on the real article page (server/share-cards/): og:image, twitter:image and the
// JSON-LD image list lead with the 1200 by 630 card; the share row links the 1080 by 1080 square;
// an edited headline gets a new card and the old one is gone. Google's tags beside them: a raster
// publisher logo and max-image-preview:large.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import { request as playwrightRequest, type APIRequestContext, type Page } from 'playwright-core';
import { baseUrl, createUser, goto, newPage, screenshot, useBrowser } from './support/browser.ts';
import { apiContext, ok, publishApproved } from './support/api.ts';
import type { Article } from '../contract/articles.ts';
import { photoLike } from '../server/share-cards/test-pictures.ts';

useBrowser();
const stamp = Date.now().toString(36);
let admin: APIRequestContext;
let anonymous: APIRequestContext;
let story: Article;
let categoryId: number;

beforeAll(async () => {
  const chief = inject('admin');
  admin = await apiContext(chief.username, chief.password);
  const writer = await createUser('REPORTER', 'cards');
  const reporter = await apiContext(writer.username, writer.password);
  categoryId = (await ok<{ id: number }>(await admin.post('/api/admin/categories', { data: { name: `చిత్రాలు ${stamp}` } }))).id;
  story = await publishApproved(
    { reporter, admin },
    {
      title: `కృష్ణా నదిపై కొత్త వంతెన ప్రారంభం ${stamp}`,
      content: '<p>వంతెన వార్త.</p>',
      categoryIds: [categoryId],
      region: 'విజయవాడ',
      author: 'వార్తా ప్రతినిధి',
      youtubeVideoId: '',
    },
    [await photoLike()],
  );
  await reporter.dispose();
  anonymous = await playwrightRequest.newContext({ baseURL: baseUrl() });
});
afterAll(async () => {
  await admin?.dispose();
  await anonymous?.dispose();
});

async function cardsOf(page: Page, look: number) {
  await goto(page, `/article/${story.id}?utm_source=look-${look}`);
  const meta = (selector: string) => page.locator(selector).getAttribute('content');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  return {
    ogImage: await meta('meta[property="og:image"]'),
    twitterImage: await meta('meta[name="twitter:image"]'),
    size: [await meta('meta[property="og:image:width"]'), await meta('meta[property="og:image:height"]')],
    robots: await page.locator('meta[name="robots"]').getAttribute('content'),
    jsonLd,
  };
}

async function jpeg(url: string) {
  const res = await anonymous.get(url);
  expect(res.status(), url).toBe(200);
  const body = await res.body();
  const info = await sharp(body).metadata();
  return { bytes: body.length, format: info.format, width: info.width, height: info.height };
}

describe('share pictures', () => {
  it('leads the page tags with a 1200 by 630 card and links the square from the share row', async () => {
    const { page, context } = await newPage();
    const seen = await cardsOf(page, 1);
    expect(seen.ogImage).toMatch(new RegExp(`^${baseUrl()}/media/card-${story.id}-[0-9a-f]{16}\\.jpg$`));
    expect(seen.twitterImage).toBe(seen.ogImage);
    expect(seen.size).toEqual(['1200', '630']);
    expect(seen.jsonLd.image[0]).toBe(seen.ogImage);
    expect(seen.robots).toBe('max-image-preview:large');
    expect(seen.jsonLd.publisher.logo.url).toMatch(/\.png$/);
    const card = await jpeg(seen.ogImage!);
    expect([card.format, card.width, card.height]).toEqual(['jpeg', 1200, 630]);
    expect(card.bytes).toBeLessThan(300 * 1024);

    const link = page.getByRole('link', { name: 'చిత్రం పంచుకోండి' });
    expect(await link.getAttribute('download')).not.toBeNull();
    const square = await jpeg(new URL((await link.getAttribute('href'))!, baseUrl()).href);
    expect([square.format, square.width, square.height]).toEqual(['jpeg', 1080, 1080]);
    await screenshot(page, 'share-row-phone');
    await context.close();
  });

  it('makes a new card for an edited headline and the old address is gone', async () => {
    const { page, context } = await newPage();
    const before = await cardsOf(page, 2);
    await jpeg(before.ogImage!);
    const edited = await admin.put(`/api/articles/${story.id}`, {
      multipart: {
        article: JSON.stringify({
          title: `వంతెనపై రాకపోకలు మొదలు ${stamp}`,
          content: '<p>వంతెన వార్త.</p>',
          categoryIds: [categoryId],
          region: 'విజయవాడ',
          author: 'వార్తా ప్రతినిధి',
          youtubeVideoId: '',
          imageOrder: story.imageUrls,
        }),
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    await expect.poll(async () => (await cardsOf(page, 3)).ogImage).not.toBe(before.ogImage);
    const after = await cardsOf(page, 4);
    await jpeg(after.ogImage!);
    expect((await anonymous.get(before.ogImage!)).status()).toBe(404);
    await context.close();
  });
});
