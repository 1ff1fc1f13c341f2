// The ticker on a cached page after an approval elsewhere (issue 25): a reader who lands on an
// article page in another category, from a shared link, sees the new headline, and the header
// still comes alive from the data the server joined in.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import { type APIRequestContext } from 'playwright-core';
import { categories } from '../server/db/schema.ts';
import { createUser, database, goto, newPage, screenshot, useBrowser } from './support/browser.ts';
import { apiContext } from './support/api.ts';
import type { Article } from '../contract/articles.ts';

useBrowser();
let admin: APIRequestContext;
let reporter: APIRequestContext;
const stamp = Date.now().toString(36);

/** A reporter's submission with one picture, pending review. */
async function submit(title: string, categoryId: number): Promise<Article> {
  const form = new FormData();
  form.set(
    'article',
    JSON.stringify({
      title,
      author: 'భాగాల రచయిత',
      content: `<p>${title} వివరాలు.</p>`,
      youtubeVideoId: '',
      categoryIds: [categoryId],
      region: 'గుంటూరు',
    }),
  );
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 26, g: 95, b: 180 } } })
    .png()
    .toBuffer();
  form.append('images', new File([new Uint8Array(png)], 'cover.png', { type: 'image/png' }));
  const res = await reporter.post('/api/articles', { multipart: form });
  if (res.status() !== 201) throw new Error(`submit failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Article;
}

const approve = async (id: number) => expect((await admin.put(`/api/admin/articles/approve/${id}`)).status()).toBe(200);

beforeAll(async () => {
  const chief = inject('admin');
  admin = await apiContext(chief.username, chief.password);
  const writer = await createUser('REPORTER', 'parts');
  reporter = await apiContext(writer.username, writer.password);
});
afterAll(async () => {
  await admin.dispose();
  await reporter.dispose();
});

describe('shared parts', () => {
  it('an article page opened after an approval in another category shows the new headline in its ticker', async () => {
    const [b, c] = await database()
      .insert(categories)
      .values([{ name: `భాగాలు-బీ-${stamp}` }, { name: `భాగాలు-సీ-${stamp}` }])
      .returning({ id: categories.id });
    const inB = await submit(`బీ వర్గం కథనం ${stamp}`, b.id);
    await approve(inB.id);
    const reader = await newPage();
    // The page is rendered and cached before the approval.
    await goto(reader.page, `/article/${inB.id}`);
    const headline = `సీ వర్గం తాజా శీర్షిక ${stamp}`;
    expect(await reader.page.locator('.ticker').getByRole('link', { name: headline }).count()).toBe(0);
    const cached = await reader.page.request.get(`/article/${inB.id}`);
    expect(cached.headers()['x-render-cache']).toBe('hit');

    const inC = await submit(headline, c.id);
    await approve(inC.id);

    // Landing on the same page, as from a shared link (a new reader, nothing in the browser's
    // cache): the cached page, not rendered again, with the new ticker.
    const answer = await reader.page.request.get(`/article/${inB.id}`);
    expect(answer.headers()['x-render-cache']).toBe('hit');
    await reader.context.close();
    const next = await newPage();
    await goto(next.page, `/article/${inB.id}`);
    const link = next.page.locator('.ticker').getByRole('link', { name: headline });
    expect(await link.count()).toBeGreaterThan(0);
    expect(await link.first().getAttribute('href')).toBe(`/public/articles/${inC.id}`);
    // The header comes alive on first touch, hydrated from the joined data: the ticker stays as it is.
    await next.page.getByRole('button', { name: 'మెనూ' }).click();
    await expect.poll(() => next.page.locator('#site-drawer').getAttribute('class')).toBe('drawer open');
    await next.page.keyboard.press('Escape');
    expect(await next.page.locator('.ticker').getByRole('link', { name: headline }).count()).toBeGreaterThan(0);
    await screenshot(next.page, 'shared-parts-article-ticker');
    await next.context.close();
  });
});
