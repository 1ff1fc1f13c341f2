// What outside tools read from the running site: the Nu HTML Checker on the public pages (with ads
// and pictures on them), and feed readers finding the RSS feeds a page names and reading them.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import { type APIRequestContext } from 'playwright-core';
import { baseUrl, createUser, newPage, useBrowser } from './support/browser.ts';
import { checkHtml, errorsOf } from './support/vnu.ts';
import { readRss } from '../server/test/rss.ts';
import { apiContext, ok, publishApproved } from './support/api.ts';
import type { Article } from '../contract/articles.ts';
import type { Ad } from '../contract/ads.ts';

useBrowser();
let admin: APIRequestContext;
let reporter: APIRequestContext;

/** Unique per run: the e2e database is shared by every file. */
const stamp = Date.now().toString(36);
const WORD = `vnu${stamp}`;
const fixtures = { category: { id: 0, name: `వ్యాపారం ${stamp}` }, articles: [] as Article[] };
/** The fixtures' district edition and topic: their pages and feeds are checked too. */
const DISTRICT = 'guntur';
const TAG = `మార్కెట్ ${WORD}`;

async function picture(colour: string, width = 1200, height = 675) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

async function publish(title: string, colours: string[]) {
  const article = { title, author: 'వార్తా ప్రతినిధి', content: '<p>మార్కెట్ వార్త.</p>', region: 'హైదరాబాద్' };
  const fields = { ...article, youtubeVideoId: '', categoryIds: [fixtures.category.id], district: DISTRICT, tags: [TAG] };
  const pictures = await Promise.all(colours.map((colour) => picture(colour)));
  return publishApproved({ reporter, admin }, fields, pictures);
}

/** The page as a validator or feed reader gets it: the server's HTML, nothing run. */
async function html(path: string) {
  const res = await fetch(new URL(path, baseUrl()));
  expect(res.status, path).toBe(200);
  return res.text();
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

beforeAll(async () => {
  const chief = inject('admin');
  admin = await apiContext(chief.username, chief.password);
  const writer = await createUser('REPORTER', 'feeds');
  reporter = await apiContext(writer.username, writer.password);

  const { category } = fixtures;
  category.id = (await ok<{ id: number }>(await admin.post('/api/admin/categories', { data: { name: category.name } }))).id;
  // Newest last: the category page and its feed list them the other way round.
  fixtures.articles.push(await publish(`పసిడి ధరలు ${WORD}`, ['#b3121f', '#1a5fb4']));
  fixtures.articles.push(await publish(`స్టాక్ మార్కెట్ ${WORD}`, ['#26a269', '#e5a50a', '#613583']));

  // Ads after the first are where an <img> without a source used to be: at least two in rotation.
  const ads = await ok<Ad[]>(await admin.get('/api/public/ads'));
  if (ads.length < 2) {
    const form = new FormData();
    for (const [i, colour] of ['#c64600', '#1c71d8'].entries())
      form.append('images', new File([await picture(colour, 728, 90)], `ad-${i}.png`, { type: 'image/png' }));
    form.set(
      'adDetails',
      JSON.stringify([{ durationInSeconds: 5, link: 'https://example.com/offer' }, { durationInSeconds: 5 }]),
    );
    await ok(await admin.post('/api/admin/ads', { multipart: form }));
  }

  // About Us with two pictures (the second waits in its carousel).
  const aboutRes = await admin.get('/api/public/about');
  const about = aboutRes.status() === 200 ? ((await aboutRes.json()) as { content: string; imageUrls: string[] }) : null;
  if (!about || about.imageUrls.length < 2) {
    const form = new FormData();
    form.set('content', about?.content ?? '<p>మా గురించి: తెలుగు వార్తలు.</p>');
    form.set('keepImageUrls', JSON.stringify(about?.imageUrls ?? []));
    for (const [i, colour] of ['#2ec27e', '#b3121f'].slice(about?.imageUrls.length ?? 0).entries())
      form.append('images', new File([await picture(colour, 800, 450)], `about-${i}.png`, { type: 'image/png' }));
    const saved = about
      ? admin.put('/api/admin/about', { multipart: form })
      : admin.post('/api/admin/about', { multipart: form });
    await ok(await saved);
  }
}, 180_000);

afterAll(async () => {
  await admin?.dispose();
  await reporter?.dispose();
});

describe('the Nu HTML Checker', () => {
  it('reports no error on the home, article, category, search, author, tag, district and About Us pages, with ads and pictures on them', async () => {
    const [article] = fixtures.articles;
    const pages = {
      home: await html('/'),
      article: await html(`/article/${article.id}`),
      category: await html(`/public/articles/category/${fixtures.category.id}`),
      search: await html(`/search?query=${encodeURIComponent(WORD)}`),
      author: await html(`/author/${encodeURIComponent(article.reporterName)}`),
      tag: await html(article.tags![0].url),
      district: await html(`/district/${DISTRICT}`),
      about: await html('/about-us'),
    };
    // What the check is about is on the pages: every ad in rotation, and pictures.
    const ads = await ok<Ad[]>(await admin.get('/api/public/ads'));
    expect(ads.length).toBeGreaterThanOrEqual(2);
    for (const name of ['home', 'article'] as const) {
      for (const ad of ads) expect(pages[name], `${name}: ad ${ad.id}`).toContain(`data-ad-id="${ad.id}"`);
    }
    for (const [name, page] of Object.entries(pages)) expect(count(page, /<img /g), name).toBeGreaterThan(0);
    expect(count(pages.category, /class="article-card-title"/g)).toBe(2);
    expect(count(pages.search, /class="article-card-title"/g)).toBe(2);
    expect(count(pages.author, /class="article-card-title"/g)).toBe(2);
    expect(count(pages.tag, /class="article-card-title"/g)).toBe(2);
    for (const a of fixtures.articles) expect(pages.district).toContain(`href="/public/articles/${a.id}"`);

    // In the same run (one Java start), a copy with a known error shows the check finds what it is for.
    const control = pages.about.replace('<main', '<img alt="" width="10" height="10"><main');
    const { control: controlMessages, ...messages } = await checkHtml({ ...pages, control });
    expect(Object.keys(messages).sort()).toEqual(Object.keys(pages).sort());
    expect(errorsOf(messages)).toEqual([]);
    expect(errorsOf({ control: controlMessages })).toEqual([
      expect.stringContaining('Element “img” is missing one or more of the following attributes: “src”, “srcset”.'),
    ]);
  }, 120_000);
});

describe('feed readers', () => {
  /** The feeds a page names in its head, read from the server's HTML. */
  async function feedsNamedBy(path: string) {
    const { page, context } = await newPage({ javaScriptEnabled: false });
    await page.goto(path);
    const links = await page
      .locator('head link[rel="alternate"][type="application/rss+xml"]')
      .evaluateAll((els) => els.map((el) => ({ title: el.getAttribute('title') ?? '', href: (el as HTMLLinkElement).href })));
    await context.close();
    return links;
  }

  /** Fetches a feed and every enclosure it names: each enclosure's length is the bytes served. */
  async function readFeed(url: string) {
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const feed = readRss(await res.text());
    for (const { enclosure } of feed.items) {
      if (!enclosure) continue;
      const file = await fetch(enclosure.url);
      expect(file.status, enclosure.url).toBe(200);
      expect(file.headers.get('content-type'), enclosure.url).toBe(enclosure.type);
      expect((await file.arrayBuffer()).byteLength, enclosure.url).toBe(enclosure.length);
    }
    return feed;
  }

  it('finds the site feed on every public page, and its enclosures carry their real byte length', async () => {
    const site = { title: 'తెలుగు వార్తలు', href: `${baseUrl()}/rss.xml` };
    for (const path of [
      '/',
      `/article/${fixtures.articles[0].id}`,
      `/search?query=${encodeURIComponent(WORD)}`,
      '/about-us',
      '/public/articles/category/999999',
    ])
      expect(await feedsNamedBy(path), path).toEqual([site]);
    const feed = await readFeed(site.href);
    expect(feed.self).toBe(site.href);
    expect(feed.link).toBe(`${baseUrl()}/`);
    const newest = fixtures.articles.at(-1)!;
    const item = feed.items.find((i) => i.link === `${baseUrl()}/article/${newest.id}`);
    expect(item?.enclosure).toMatchObject({ url: `${baseUrl()}${newest.images[0].shareUrl}`, type: 'image/jpeg' });
    expect(item?.enclosure?.length).toBeGreaterThan(0);
  });

  it("finds a category page's own feed beside the site's, listing that category's articles", async () => {
    const { category, articles } = fixtures;
    const links = await feedsNamedBy(`/public/articles/category/${category.id}`);
    const own = { title: `${category.name} – తెలుగు వార్తలు`, href: `${baseUrl()}/rss/category/${category.id}.xml` };
    expect(links).toEqual([own, { title: 'తెలుగు వార్తలు', href: `${baseUrl()}/rss.xml` }]);
    const feed = await readFeed(own.href);
    expect(feed.self).toBe(own.href);
    expect(feed.link).toBe(`${baseUrl()}/public/articles/category/${category.id}`);
    expect(feed.items.map((i) => i.link)).toEqual(articles.toReversed().map((a) => `${baseUrl()}/article/${a.id}`));
    expect(feed.items.every((i) => i.categories.includes(category.name) && (i.enclosure?.length ?? 0) > 0)).toBe(true);
  });

  it("finds an author's and a district's own feed beside the site's, each listing their stories", async () => {
    const { articles } = fixtures;
    const username = articles[0].reporterName;
    const site = { title: 'తెలుగు వార్తలు', href: `${baseUrl()}/rss.xml` };

    const { displayName } = await ok<{ displayName: string }>(
      await admin.get(`/api/public/authors/${encodeURIComponent(username)}`),
    );
    const authorFeed = {
      title: `${displayName} – తెలుగు వార్తలు`,
      href: `${baseUrl()}/rss/author/${encodeURIComponent(username)}.xml`,
    };
    expect(await feedsNamedBy(`/author/${encodeURIComponent(username)}`)).toEqual([authorFeed, site]);
    const byAuthor = await readFeed(authorFeed.href);
    expect(byAuthor.self).toBe(authorFeed.href);
    expect(byAuthor.link).toBe(`${baseUrl()}/author/${encodeURIComponent(username)}`);
    expect(byAuthor.items.map((i) => i.link)).toEqual(articles.toReversed().map((a) => `${baseUrl()}/article/${a.id}`));

    // The district is shared with other tests' stories: ours are among its newest.
    const districtFeed = { title: 'గుంటూరు జిల్లా వార్తలు – తెలుగు వార్తలు', href: `${baseUrl()}/rss/district/${DISTRICT}.xml` };
    expect(await feedsNamedBy(`/district/${DISTRICT}`)).toEqual([districtFeed, site]);
    const inDistrict = await readFeed(districtFeed.href);
    expect(inDistrict.self).toBe(districtFeed.href);
    expect(inDistrict.link).toBe(`${baseUrl()}/district/${DISTRICT}`);
    const links = inDistrict.items.map((i) => i.link);
    for (const a of articles) expect(links).toContain(`${baseUrl()}/article/${a.id}`);
    expect(
      inDistrict.items
        .filter((i) => articles.some((a) => i.link.endsWith(`/article/${a.id}`)))
        .every((i) => (i.enclosure?.length ?? 0) > 0),
    ).toBe(true);
  });
});
