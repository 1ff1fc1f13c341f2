import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { addArticle, addArticles, addCategory, addReporter } from '../test/fixtures.ts';
import { featuredCategories } from '../db/schema.ts';

const t = useTestApp();
const ids: Record<string, number> = {};
let politics: number;
let sports: number;
let cinema: number;
let empty: number;

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 6));

beforeAll(async () => {
  const db = t.services.db;
  const reporter = await addReporter(db, 'ravi');
  politics = (await addCategory(db, 'రాజకీయాలు')).id;
  sports = (await addCategory(db, 'క్రీడలు')).id;
  cinema = (await addCategory(db, 'సినిమా')).id;
  empty = (await addCategory(db, 'ఖాళీ')).id;
  // Seven approved politics articles (day 1..7), one also in sports; pending and rejected ones in between.
  const politicsIds = await addArticles(
    db,
    Array.from({ length: 7 }, (_, i) => ({
      title: `రాజకీయ వార్త ${i + 1}`,
      content: `<p>రాజకీయ <b>వివరాలు</b> ${i + 1}</p>`,
      reporterId: reporter.id,
      categoryIds: i === 6 ? [politics, sports] : [politics],
      publicationDate: day(i + 1),
    })),
  );
  politicsIds.forEach((id, i) => (ids[`politics${i + 1}`] = id));
  ids.pending = await addArticle(db, {
    title: 'పెండింగ్ వార్త',
    reporterId: reporter.id,
    categoryIds: [politics],
    status: 'PENDING',
    publicationDate: day(20),
  });
  ids.rejected = await addArticle(db, {
    title: 'తిరస్కృత వార్త',
    reporterId: reporter.id,
    categoryIds: [sports],
    status: 'REJECTED',
    publicationDate: day(21),
  });
  ids.sports = await addArticle(db, {
    title: 'క్రికెట్ విజయం',
    reporterId: reporter.id,
    categoryIds: [sports],
    publicationDate: day(10),
    withImage: true,
  });
  ids.video = await addArticle(db, {
    title: 'సినిమా ట్రైలర్',
    reporterId: reporter.id,
    categoryIds: [cinema],
    youtubeVideoId: 'dQw4w9WgXcQ',
    publicationDate: day(11),
  });
  ids.pendingVideo = await addArticle(db, {
    title: 'పెండింగ్ వీడియో',
    reporterId: reporter.id,
    categoryIds: [cinema],
    youtubeVideoId: 'abcdefghijk',
    status: 'PENDING',
    publicationDate: day(22),
  });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe(`public articles API (${TEST_DB})`, () => {
  it('answers one approved article in its wire shape, cacheable, with an ETag', async () => {
    const res = await get(`/api/public/articles/${ids.sports}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.headers.etag).toMatch(/^W\/"/);
    const article = res.json();
    expect(article).toMatchObject({
      id: ids.sports,
      title: 'క్రికెట్ విజయం',
      approvalStatus: 'APPROVED',
      categories: [{ id: sports, name: 'క్రీడలు' }],
      reporterName: 'ravi',
      imageUrls: ['/media/fixture0cover-1200.webp'],
    });
    const again = await get(`/api/public/articles/${ids.sports}`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps the body of a single article', async () => {
    const res = await get(`/api/public/articles/${ids.politics1}`);
    expect(res.json().content).toBe('<p>రాజకీయ <b>వివరాలు</b> 1</p>');
  });

  it.each([
    ['pending', () => ids.pending],
    ['rejected', () => ids.rejected],
    ['missing', () => 999999],
  ])('answers 404 JSON for a %s article', async (_name, id) => {
    const res = await get(`/api/public/articles/${id()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Article not found.' });
  });

  it.each(['abc', '1.5', '-3', '0', '99999999999'])('answers 404 for the non-article id %s', async (id) => {
    const res = await get(`/api/public/articles/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });

  it('lists a category 5 per page, zero-based, newest first, with X-Total-Count', async () => {
    const first = await get(`/api/public/articles/category/${politics}?page=0&size=5`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('7');
    expect(String(first.headers['access-control-expose-headers'])).toMatch(/X-Total-Count/i);
    expect(first.headers['cache-control']).toMatch(/^public/);
    expect(first.json().map((a: { id: number }) => a.id)).toEqual([7, 6, 5, 4, 3].map((n) => ids[`politics${n}`]));
    const second = await get(`/api/public/articles/category/${politics}?page=1&size=5`);
    expect(second.json().map((a: { id: number }) => a.id)).toEqual([ids.politics2, ids.politics1]);
    expect(second.headers['x-total-count']).toBe('7');
    const beyond = await get(`/api/public/articles/category/${politics}?page=5&size=5`);
    expect(beyond.json()).toEqual([]);
  });

  it('defaults to page 0 and size 5, and leaves the body out of lists', async () => {
    const res = await get(`/api/public/articles/category/${politics}`);
    expect(res.json()).toHaveLength(5);
    expect(res.json()[0].content).toBe('');
    expect(res.json()[0].shortDescription).toBe('రాజకీయ వివరాలు 7');
  });

  it('never lists pending or rejected articles in a category', async () => {
    const res = await get(`/api/public/articles/category/${politics}?size=50`);
    const listed = res.json().map((a: { id: number }) => a.id);
    expect(listed).not.toContain(ids.pending);
    const sportsRes = await get(`/api/public/articles/category/${sports}?size=50`);
    expect(sportsRes.json().map((a: { id: number }) => a.id)).toEqual([ids.sports, ids.politics7]);
    expect(sportsRes.headers['x-total-count']).toBe('2');
  });

  it('answers an empty category with [] and a zero total', async () => {
    const res = await get(`/api/public/articles/category/${empty}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it.each(['999999', 'abc'])('answers 404 for the unknown category %s', async (id) => {
    const res = await get(`/api/public/articles/category/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Category not found' });
  });

  it.each([
    ['page=-1', 'page starts at 0'],
    ['page=x', 'page must be a number'],
    ['size=0', 'size must be between 1 and 50'],
    ['size=51', 'size must be between 1 and 50'],
    ['size=2.5', 'size must be a whole number'],
  ])('refuses paging %s with 400', async (query, message) => {
    const res = await get(`/api/public/articles/category/${politics}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('related: up to 6 newest approved of the category, without the article being read', async () => {
    const res = await get(`/api/public/articles/related/${politics}/${ids.politics7}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(res.json().map((a: { id: number }) => a.id)).toEqual([6, 5, 4, 3, 2, 1].map((n) => ids[`politics${n}`]));
    const sportsRes = await get(`/api/public/articles/related/${sports}/${ids.sports}`);
    expect(sportsRes.json().map((a: { id: number }) => a.id)).toEqual([ids.politics7]);
  });

  it('related answers [] for an unknown or non-numeric category', async () => {
    expect((await get('/api/public/articles/related/999999/1')).json()).toEqual([]);
    expect((await get('/api/public/articles/related/abc/1')).json()).toEqual([]);
  });

  it('latest-news: up to 6 newest approved outside the category', async () => {
    const res = await get(`/api/public/articles/latest-news/${politics}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { id: number }) => a.id)).toEqual([ids.video, ids.sports]);
    const outsideCinema = await get(`/api/public/articles/latest-news/${cinema}`);
    expect(outsideCinema.json().map((a: { id: number }) => a.id)).toEqual([
      ids.sports,
      ...[7, 6, 5, 4, 3].map((n) => ids[`politics${n}`]),
    ]);
  });

  it('homepage: latest news, video articles and featured sections in the admin order', async () => {
    await t.services.db.insert(featuredCategories).values([
      { categoryId: sports, position: 0 },
      { categoryId: politics, position: 1 },
    ]);
    const res = await get('/api/public/articles/homepage');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const home = res.json();
    expect(home.latestNews.map((a: { id: number }) => a.id)).toEqual([
      ids.video,
      ids.sports,
      ...[7, 6, 5, 4, 3, 2, 1].map((n) => ids[`politics${n}`]),
    ]);
    expect(home.videoArticles.map((a: { id: number }) => a.id)).toEqual([ids.video]);
    expect(home.featuredCategorySections.map((s: { category: { name: string } }) => s.category.name)).toEqual([
      'క్రీడలు',
      'రాజకీయాలు',
    ]);
    expect(home.featuredCategorySections[0].articles.map((a: { id: number }) => a.id)).toEqual([ids.sports, ids.politics7]);
    expect(home.featuredCategorySections[1].articles).toHaveLength(5);
    const all = [
      ...home.latestNews,
      ...home.videoArticles,
      ...home.featuredCategorySections.flatMap((s: { articles: unknown[] }) => s.articles),
    ];
    expect(all.every((a: { approvalStatus: string }) => a.approvalStatus === 'APPROVED')).toBe(true);
  });

  it('homepage: latest news stops at 10', async () => {
    const reporter = await addReporter(t.services.db, 'many');
    await addArticles(
      t.services.db,
      Array.from({ length: 4 }, (_, i) => ({ title: `కొత్త ${i}`, reporterId: reporter.id, publicationDate: day(30 + i) })),
    );
    // Written past the services, as fixtures are: announce it as every service's write does.
    await t.services.changes.contentChanged();
    const home = (await get('/api/public/articles/homepage')).json();
    expect(home.latestNews).toHaveLength(10);
    expect(home.latestNews[0].title).toBe('కొత్త 3');
    expect((await t.services.homepage.latestHeadlines()).map((h) => h.title)[0]).toBe('కొత్త 3');
  });

  it('service: byCategory throws notFound for an unknown category and reports the category', async () => {
    await expect(t.services.publicArticles.byCategory(999999, 0, 5)).rejects.toMatchObject({ status: 404 });
    const page = await t.services.publicArticles.byCategory(sports, 0, 5);
    expect(page.category).toEqual({ id: sports, name: 'క్రీడలు' });
    expect(page.total).toBe(2);
  });
});
