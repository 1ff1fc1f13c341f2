// Share pictures over HTTP: the size and bytes of the wide card, the category colour of a story
// without a photo, a new address and the old file gone after a headline edit, the square, and one
// making shared by concurrent first requests.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type { Article } from '../../contract/articles.ts';
import { articleImages, articles } from '../db/schema.ts';
import { categoryColour } from '../import/cover.ts';
import { useTestApp } from '../test/app.ts';
import { addArticle, addCategory, addReporter } from '../test/fixtures.ts';
import { photoLike } from './test-pictures.ts';

const t = useTestApp();

async function publicArticle(id: number): Promise<Article> {
  const res = await t.call('GET', `/api/public/articles/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const storedName = (url: string) => url.replace(/^\/media\//, '');

describe('share cards', () => {
  let withPhoto: number;
  let noPhoto: number;
  let categoryName: string;

  it('makes a 1200 by 630 JPEG under 300 KB from the story photo', async () => {
    const reporter = await addReporter(t.services.db, 'cards');
    const category = await addCategory(t.services.db, 'రాజకీయాలు');
    categoryName = category.name;
    withPhoto = await addArticle(t.services.db, {
      title: 'హైదరాబాద్‌లో భారీ వర్షాలు: లోతట్టు ప్రాంతాలు జలమయం, ట్రాఫిక్ స్తంభన, అధికారులు అప్రమత్తం, పాఠశాలలకు సెలవు',
      reporterId: reporter.id,
      categoryIds: [category.id],
    });
    noPhoto = await addArticle(t.services.db, {
      title: 'కృష్ణా నదిపై కొత్త వంతెన',
      reporterId: reporter.id,
      categoryIds: [category.id],
    });
    const prepared = await t.services.images.prepare({ filename: 'photo.jpg', data: await photoLike() }, 'article');
    await t.services.db.transaction(async (tx) => {
      const [row] = await t.services.images.store([prepared], tx);
      await tx.insert(articleImages).values({ articleId: withPhoto, imageId: row.id, position: 0 });
    });

    const links = t.services.shareCards.links(await publicArticle(withPhoto));
    const res = await t.call('GET', links.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(300 * 1024);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    // Kept in media storage: the same bytes the next reader gets.
    expect((await t.services.storage.get(storedName(links.url)))?.equals(res.rawPayload)).toBe(true);
  });

  it('makes the 1080 by 1080 square beside it', async () => {
    const links = t.services.shareCards.links(await publicArticle(withPhoto));
    const res = await t.call('GET', links.squareUrl);
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1080]);
  });

  it('uses the category colour for a story without a photo', async () => {
    const links = t.services.shareCards.links(await publicArticle(noPhoto));
    const res = await t.call('GET', links.url);
    expect(res.statusCode).toBe(200);
    // The top corner, away from the headline and the gradient: the category's colour.
    const { data } = await sharp(res.rawPayload)
      .extract({ left: 8, top: 8, width: 16, height: 16 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const expected = categoryColour(categoryName)
      .slice(1)
      .match(/../g)!
      .map((h) => parseInt(h, 16));
    const seen = [0, 1, 2].map((c) => data[c]);
    // The flat colour under a light sheen: close to the colour, channel by channel.
    seen.forEach((value, c) => expect(Math.abs(value - expected[c])).toBeLessThan(48));
  });

  it('gives an edited headline a new address and deletes the old card', async () => {
    const before = t.services.shareCards.links(await publicArticle(withPhoto));
    expect((await t.call('GET', before.url)).statusCode).toBe(200);
    await t.services.db
      .update(articles)
      .set({ title: 'వర్షాలు తగ్గుముఖం: నగరంలో జనజీవనం సాధారణ స్థితికి' })
      .where(eq(articles.id, withPhoto));
    const after = t.services.shareCards.links(await publicArticle(withPhoto));
    expect(after.url).not.toBe(before.url);
    expect((await t.call('GET', after.url)).statusCode).toBe(200);
    expect(await t.services.storage.size(storedName(before.url))).toBeUndefined();
    expect(await t.services.storage.size(storedName(before.squareUrl))).toBeUndefined();
    // The former address is no card of the story any more.
    expect((await t.call('GET', before.url)).statusCode).toBe(404);
  });

  it('makes a version once however many readers ask for it at once', async () => {
    await t.services.db.update(articles).set({ title: 'ఒకేసారి అడిగిన పాఠకులు' }).where(eq(articles.id, noPhoto));
    const links = t.services.shareCards.links(await publicArticle(noPhoto));
    const puts = vi.spyOn(t.services.storage, 'put');
    try {
      const answers = await Promise.all([1, 2, 3, 4].map(() => t.call('GET', links.url)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(puts.mock.calls.filter(([name]) => name === storedName(links.url))).toHaveLength(1);
    } finally {
      puts.mockRestore();
    }
  });

  it('answers 404 for a card name of no public story', async () => {
    expect((await t.call('GET', '/media/card-999999-0123456789abcdef.jpg')).statusCode).toBe(404);
  });
});
