// The public pages in Chromium: home (ad rotation, carousel, featured pane, lazy sections),
// article (carousel, share, video, related/latest, meta, JavaScript off), category and search
// load-more, search highlighting and errors, About Us with its hidden credit banner.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import { request as playwrightRequest, type APIRequestContext, type Page } from 'playwright-core';
import { baseUrl, createUser, goto, newPage, SCREENS, screenshot, signIn, useBrowser } from './support/browser.ts';
import { apiContext, ok, publishApproved } from './support/api.ts';
import type { Article } from '../contract/articles.ts';
import type { Ad } from '../contract/ads.ts';

useBrowser();
let admin: APIRequestContext;
let reporter: APIRequestContext;

/** Unique per run: category names are unique and the e2e database is shared by every file. */
const stamp = Date.now().toString(36);
const SEARCH_WORD = `zqx${stamp}`;
const fixtures = {
  catA: { id: 0, name: `రాజకీయం ${stamp}` },
  catB: { id: 0, name: `క్రీడలు ${stamp}` },
  /** Seven in catA (5 + 2 after load-more); the last one has three pictures and a video. */
  categoryArticles: [] as Article[],
  video: null as unknown as Article,
  other: null as unknown as Article,
};

const colours = ['#b3121f', '#1a5fb4', '#26a269', '#e5a50a', '#613583', '#c64600', '#1c71d8', '#2ec27e'];
let colourIndex = 0;
async function picture(width = 1600, height = 900) {
  const colour = colours[colourIndex++ % colours.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff" opacity=".35"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function publish(input: {
  title: string;
  content: string;
  categoryIds: number[];
  region: string;
  youtubeVideoId?: string;
  images?: number;
}) {
  const pictures: Uint8Array[] = [];
  for (let i = 0; i < (input.images ?? 1); i++) pictures.push(await picture());
  return publishApproved({ reporter, admin }, { author: 'వార్తా ప్రతినిధి', youtubeVideoId: '', ...input, images: undefined }, pictures);
}

beforeAll(async () => {
  const chief = inject('admin');
  admin = await apiContext(chief.username, chief.password);
  const writer = await createUser('REPORTER', 'desk');
  reporter = await apiContext(writer.username, writer.password);

  for (const cat of [fixtures.catA, fixtures.catB]) {
    cat.id = (await ok<{ id: number }>(await admin.post('/api/admin/categories', { data: { name: cat.name } }))).id;
  }
  fixtures.other = await publish({
    title: `క్రికెట్ జట్టు విజయం ${SEARCH_WORD}`,
    content: '<p>క్రీడల వార్త.</p>',
    categoryIds: [fixtures.catB.id],
    region: 'విశాఖపట్నం',
  });
  for (let i = 1; i <= 6; i++) {
    fixtures.categoryArticles.push(
      await publish({
        title: `హైదరాబాద్‌లో ఎన్నికల ప్రచారం ${i} ${SEARCH_WORD}`,
        content: `<p>రాజకీయ వార్త <strong>సంఖ్య ${i}</strong>.</p>`,
        categoryIds: [fixtures.catA.id],
        region: 'హైదరాబాద్',
      }),
    );
  }
  fixtures.video = await publish({
    title: `ముఖ్యమంత్రి ప్రసంగం ${SEARCH_WORD}`,
    content: '<h2>ప్రధాన అంశాలు</h2><p>సభలో <em>కీలక</em> ప్రకటనలు చేశారు.</p><ul><li>రైతులకు సాయం</li></ul>',
    categoryIds: [fixtures.catA.id],
    region: 'అమరావతి',
    youtubeVideoId: 'dQw4w9WgXcQ',
    images: 3,
  });
  fixtures.categoryArticles.push(fixtures.video);
  await ok(await admin.post('/api/admin/homepage/featured-categories', { data: [fixtures.catA.id, fixtures.catB.id] }));
}, 180_000);

afterAll(async () => {
  await admin?.dispose();
  await reporter?.dispose();
});

/** A page clock that stands still from before the page loads: only runFor() moves time, so timings are exact. */
async function freezeClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

/** The index of the carousel's selected slide, as Embla reports it. */
const selectedSlide = (page: Page, carousel: string) =>
  page
    .locator(`${carousel} .carousel-slide`)
    .evaluateAll((slides) => slides.findIndex((s) => s.classList.contains('is-selected')));

describe('home page', () => {
  it('shows the latest carousel that moves by itself and by its buttons, beside the featured pane', async () => {
    const { page, context } = await newPage();
    await goto(page, '/');
    // Opened from a link, the home page is islands: React Router's client is not sent.
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
    const carousel = page.locator('.latest-carousel');
    expect(await carousel.getAttribute('aria-roledescription')).toBe('స్లైడ్‌షో');
    const first = carousel.locator('.carousel-slide').first().locator('a');
    // The newest approved article leads, linking to its public address and carrying its id.
    expect(await first.getAttribute('href')).toBe(`/public/articles/${fixtures.video.id}`);
    expect(await first.getAttribute('data-article-id')).toBe(String(fixtures.video.id));
    expect(await first.textContent()).toContain(fixtures.video.title);
    const image = first.locator('img');
    expect(await image.getAttribute('fetchpriority')).toBe('high');
    expect(await image.getAttribute('loading')).toBe('eager');
    expect(await image.getAttribute('srcset')).toMatch(/\.webp \d+w/);
    expect(await image.getAttribute('sizes')).toBeTruthy();
    expect(Number(await image.getAttribute('width'))).toBeGreaterThan(0);
    // Only the first slide's picture loads with the page: the second is a box named as its picture
    // until a second before its turn.
    const second = carousel.locator('.carousel-slide').nth(1);
    expect(await second.locator('img').count()).toBe(0);
    expect(await second.getByRole('img').getAttribute('aria-label')).toBeTruthy();

    // Autoplay: 4 s per slide.
    expect(await selectedSlide(page, '.latest-carousel')).toBe(0);
    await expect.poll(() => selectedSlide(page, '.latest-carousel'), { timeout: 7000, interval: 250 }).toBe(1);
    expect(await second.locator('img').getAttribute('srcset')).toMatch(/\.webp \d+w/);
    // Buttons move it too, and interaction does not stop autoplay.
    await carousel.getByRole('button', { name: 'తరువాతది' }).click();
    await expect.poll(() => selectedSlide(page, '.latest-carousel')).toBe(2);
    await carousel.getByRole('button', { name: 'మునుపటిది' }).click();
    await expect.poll(() => selectedSlide(page, '.latest-carousel')).toBe(1);
    await expect.poll(() => selectedSlide(page, '.latest-carousel'), { timeout: 7000, interval: 250 }).toBe(2);

    // The first featured category pane: 'తాజా' + name, plain-text titles.
    const pane = page.locator('.home-top .featured-pane');
    expect((await pane.locator('.section-heading').textContent())?.trim()).toBe(`తాజా ${fixtures.catA.name}`);
    expect(await pane.locator('.featured-title').first().textContent()).toBe(fixtures.video.title);
    expect(await pane.locator('.featured-summary').first().textContent()).not.toContain('<');
    await screenshot(page, 'public-home-phone');
    await context.close();
  });

  it('holds the carousel still for a reader who asks for less motion; the buttons still move it', async () => {
    const { page, context } = await newPage({ reducedMotion: 'reduce' });
    await freezeClock(page);
    await goto(page, '/');
    const carousel = page.locator('.latest-carousel');
    const next = carousel.getByRole('button', { name: 'తరువాతది' });
    // The carousel is live once a button press moves the slides.
    await expect.poll(async () => (await next.click(), selectedSlide(page, '.latest-carousel'))).toBeGreaterThan(0);
    const shown = await selectedSlide(page, '.latest-carousel');
    await page.clock.runFor(10_000); // more than two 4 s autoplay turns
    expect(await selectedSlide(page, '.latest-carousel')).toBe(shown);
    await context.close();
  });

  it('waits while the carousel is off screen, and goes on when it is back (controlled clock)', async () => {
    const { page, context } = await newPage({ viewport: { width: 360, height: 640 } });
    await freezeClock(page);
    await goto(page, '/');
    const carousel = page.locator('.latest-carousel');
    await expect.poll(() => carousel.getAttribute('data-autoplay')).toBe('playing');
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    await expect.poll(() => carousel.getAttribute('data-autoplay')).toBe('waiting');
    await page.clock.runFor(10_000); // two 4 s turns
    expect(await selectedSlide(page, '.latest-carousel')).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => carousel.getAttribute('data-autoplay')).toBe('playing');
    await page.clock.runFor(4_500);
    await expect.poll(() => selectedSlide(page, '.latest-carousel')).toBe(1);
    await context.close();
  });

  it('shows every section in the server HTML at 1280 px, the featured grid only beyond the first pane', async () => {
    const { page, context } = await newPage({ viewport: SCREENS.laptop });
    await goto(page, '/');
    expect(await page.locator(`.home-videos a[href="/public/articles/${fixtures.video.id}"]`).count()).toBe(1);
    const gridHeadings = await page.locator('.home-featured .section-heading').allTextContents();
    expect(gridHeadings).toContain(`తాజా ${fixtures.catB.name}`);
    expect(gridHeadings).not.toContain(`తాజా ${fixtures.catA.name}`);
    await screenshot(page, 'public-home-desktop');
    await context.close();
  });

  it('on a client-side visit shows Loading homepage..., then draws lazy sections once scrolled to', async () => {
    const { page, context } = await newPage();
    await goto(page, '/about-us');
    // Hold the page data back until the loading text has been seen.
    const homeData = /\.data\?_routes=routes%2Fpublic%2Fhome/;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(homeData, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('.site-header a.logo').click();
    await expect.poll(() => page.locator('.page-loading').textContent()).toBe('Loading homepage...');
    release();
    await page.locator('.latest-carousel').waitFor();
    const videos = page.locator('.home-videos');
    expect(await videos.locator('.section-loading').textContent()).toBe('Loading videos...');
    await videos.scrollIntoViewIfNeeded();
    await expect.poll(() => videos.locator(`a[href="/public/articles/${fixtures.video.id}"]`).count()).toBe(1);
    const grid = page.locator('.home-featured');
    await grid.scrollIntoViewIfNeeded();
    await expect.poll(() => grid.locator('.section-heading').allTextContents()).toContain(`తాజా ${fixtures.catB.name}`);

    // A failed load says so in docs/product.md's words.
    await goto(page, '/about-us');
    await page.unrouteAll();
    await page.route(homeData, (route) => route.abort('connectionfailed'));
    await page.locator('.site-header a.logo').click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/^Error loading homepage: ./);
    await context.close();
  });

  it('rotates the ads, each for its own duration, wrapping to the first (controlled clock)', async () => {
    const form = new FormData();
    form.append('images', new File([new Uint8Array(await picture(728, 90))], 'ad-wide.png', { type: 'image/png' }));
    form.append('images', new File([new Uint8Array(await picture(600, 200))], 'ad-tall.png', { type: 'image/png' }));
    form.set('adDetails', JSON.stringify([{ durationInSeconds: 30, link: 'https://example.com/a' }, { durationInSeconds: 70 }]));
    await ok(await admin.post('/api/admin/ads', { multipart: form }));
    const ads = await ok<Ad[]>(await admin.get('/api/public/ads'));
    expect(ads.length).toBeGreaterThanOrEqual(2);

    const { page, context } = await newPage();
    await freezeClock(page);
    await goto(page, '/');
    const banner = page.locator('.home-ads');
    const current = () => banner.locator('.ad-slot.is-current').getAttribute('data-ad-id');
    const height = await banner.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(0);
    // Walk the whole list twice: each ad stays for its own duration, then the next, wrapping.
    for (let round = 0; round < 2; round++) {
      for (const ad of ads) {
        await expect.poll(current).toBe(String(ad.id));
        await page.clock.runFor(ad.durationInSeconds * 1000 - 500);
        expect(await current()).toBe(String(ad.id));
        await page.clock.runFor(500);
      }
    }
    expect(await current()).toBe(String(ads[0].id));
    // Rotation never changes the banner's height (no layout shift).
    expect(await banner.evaluate((el) => el.getBoundingClientRect().height)).toBe(height);
    await context.close();

    // The same rotation on an article page, where the banner is an island of its own; it waits
    // while the banner is off screen (below the story on a phone).
    const article = await newPage();
    await freezeClock(article.page);
    await goto(article.page, `/article/${fixtures.other.id}`);
    await article.page.locator('.article-ads').scrollIntoViewIfNeeded();
    // Islands below the first screen come alive when scrolled to.
    await article.page.locator('[data-island="ads"][data-live]').waitFor();
    const onArticle = () => article.page.locator('.article-ads .ad-slot.is-current').getAttribute('data-ad-id');
    await expect.poll(onArticle).toBe(String(ads[0].id));
    await article.page.clock.runFor(ads[0].durationInSeconds * 1000);
    await expect.poll(onArticle).toBe(String(ads[1].id));
    await article.context.close();
  });

  it('does not shift the layout while loading (CLS)', async () => {
    const { page, context } = await newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number; shifts: string[] };
      w.cls = 0;
      w.shifts = [];
      new PerformanceObserver((list) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          w.cls += entry.value;
          w.shifts.push(
            `${entry.value.toFixed(4)}: ${entry.sources.map((s) => (s.node as Element | undefined)?.className ?? s.node?.nodeName).join(', ')}`,
          );
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await goto(page, '/');
    // Shifts come from what arrives after the HTML: the pictures and fonts, then the frames that
    // draw them.
    await page.waitForLoadState('networkidle');
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    const { cls, shifts } = await page.evaluate(() => {
      const w = window as unknown as { cls: number; shifts: string[] };
      return { cls: w.cls, shifts: w.shifts };
    });
    expect(cls, shifts.join('; ')).toBeLessThanOrEqual(0.01);
    await context.close();
  });
});

describe('article page', () => {
  it('shows title, region, date, carousel, content, video, related and latest', async () => {
    const { page, context } = await newPage();
    // The carousel moves on the page's clock, held still until the test moves it: on a busy
    // machine the wall clock could pass the second picture's load before the page is read.
    await freezeClock(page);
    await goto(page, `/article/${fixtures.video.id}`);
    expect(await page.locator('h1').textContent()).toBe(fixtures.video.title);
    expect(await page.locator('.article-region').textContent()).toBe('అమరావతి');
    expect(await page.locator('.article-meta time').first().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} IST$/);
    expect(await page.locator('.article-content h2').textContent()).toBe('ప్రధాన అంశాలు');

    const iframe = page.locator('.video-embed iframe');
    expect(await iframe.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(await iframe.getAttribute('loading')).toBe('lazy');

    // Three pictures in a 3 s autoplaying carousel; only the first loads with the page.
    const slides = page.locator('.article-carousel .carousel-slide');
    expect(await slides.count()).toBe(3);
    expect(await slides.nth(0).locator('img').getAttribute('fetchpriority')).toBe('high');
    expect(await slides.nth(1).locator('img').count()).toBe(0);
    // Each look moves the page's clock a little, so the slide is seen before it moves on again.
    const movedOn = async () => {
      await page.clock.runFor(250);
      return selectedSlide(page, '.article-carousel');
    };
    await expect.poll(movedOn, { timeout: 10_000, interval: 100 }).toBe(1);
    expect(await slides.nth(1).locator('img').getAttribute('src')).toBeTruthy();

    const related = page.getByRole('region', { name: 'సంబంధిత వార్తలు' });
    expect(await related.locator('.article-card').count()).toBeGreaterThan(0);
    expect(await related.locator(`a[href="/public/articles/${fixtures.video.id}"]`).count()).toBe(0);
    const latest = page.getByRole('region', { name: 'తాజా వార్తలు' });
    expect(await latest.locator(`a[href="/public/articles/${fixtures.other.id}"]`).count()).toBeGreaterThan(0);
    await screenshot(page, 'public-article-phone');
    await context.close();
  });

  it('share copies the link and says URL Copied! for 2 s', async () => {
    const { page, context } = await newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await freezeClock(page);
    await goto(page, `/public/articles/${fixtures.video.id}`);
    await page.getByRole('button', { name: 'షేర్ చేయండి' }).click();
    const status = page.locator('.share-status');
    await expect.poll(() => status.textContent()).toBe('URL Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl()}/article/${fixtures.video.id}`);
    await page.clock.runFor(1900);
    expect(await status.textContent()).toBe('URL Copied!');
    await page.clock.runFor(200);
    await expect.poll(() => status.textContent()).toBe('');
    await context.close();
  });

  it('on a phone opens the system share sheet, and offers a WhatsApp link', async () => {
    const { page, context } = await newPage({ viewport: SCREENS.smallShortPhone });
    // Chromium on Linux has no Web Share; a phone's browser does: record what the page asks of it.
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { __shared: shared });
      Object.defineProperty(navigator, 'share', { value: (data: unknown) => (shared.push(data), Promise.resolve()) });
    });
    await goto(page, `/article/${fixtures.video.id}`);
    await page.getByRole('button', { name: 'షేర్ చేయండి' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared))
      .toEqual([{ title: fixtures.video.title, url: `${baseUrl()}/article/${fixtures.video.id}` }]);
    expect(await page.locator('.share-status').textContent()).toBe('');
    const whatsApp = page.getByRole('link', { name: 'WhatsApp' });
    const href = new URL((await whatsApp.getAttribute('href')) ?? '');
    expect(href.origin).toBe('https://wa.me');
    expect(href.searchParams.get('text')).toBe(`${fixtures.video.title} ${baseUrl()}/article/${fixtures.video.id}`);
    await context.close();
  });

  it('says when copying fails', async () => {
    const { page, context } = await newPage();
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    await goto(page, `/article/${fixtures.video.id}`);
    await page.getByRole('button', { name: 'షేర్ చేయండి' }).click();
    await expect
      .poll(() => page.locator('.share-status .form-error').textContent())
      .toBe('Failed to copy article URL. Please copy manually.');
    await context.close();
  });

  it('reads with JavaScript disabled', async () => {
    const { page, context } = await newPage({ javaScriptEnabled: false, viewport: SCREENS.laptop });
    const response = await page.goto(`/article/${fixtures.video.id}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe(fixtures.video.title);
    expect(await page.locator('.article-content').textContent()).toContain('సభలో కీలక ప్రకటనలు చేశారు.');
    expect(await page.locator('.article-carousel .carousel-slide').first().isVisible()).toBe(true);
    const cover = page.locator('.article-carousel img').first();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getByRole('heading', { name: 'సంబంధిత వార్తలు' }).isVisible()).toBe(true);
    await screenshot(page, 'public-article-nojs');
    await context.close();
  });

  it('opened from a link, runs without React Router: the header comes alive on its first click', async () => {
    const { page, context } = await newPage();
    await goto(page, `/public/articles/${fixtures.video.id}`);
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((r) => r.name)
          .filter((name) => name.endsWith('.js')),
      );
    // The islands entry hydrated the islands on screen; React Router's client was never sent.
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
    expect((await scripts()).some((name) => name.includes('/header.client-'))).toBe(false);

    // The first click on the menu fetches the header, hydrates it and is replayed.
    await page.getByRole('button', { name: 'మెనూ' }).click();
    await expect.poll(() => page.locator('#site-drawer').getAttribute('class')).toBe('drawer open');
    expect((await scripts()).some((name) => name.includes('/header.client-'))).toBe(true);
    // The dimmed "on its way" look of a tapped header is gone once it works.
    expect(await page.locator('.island[data-waking]').count()).toBe(0);
    await page.locator('#site-drawer').getByRole('button', { name: 'లాగిన్' }).click();
    await page.locator('dialog[open]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });

    // Search from the header is a full page load of the search page.
    await page.getByRole('button', { name: 'వెతకండి', exact: true }).click();
    await page.getByRole('searchbox').fill(SEARCH_WORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/search?query=${SEARCH_WORD}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('.article-card').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('shows a signed-in reader Logout in the menu, which signs out and goes to /', async () => {
    const { page, context } = await newPage();
    const reader = await createUser('USER', 'reader');
    await signIn(page, reader.username, reader.password);
    await goto(page, `/article/${fixtures.other.id}`);
    await page.getByRole('button', { name: 'మెనూ' }).click();
    const logout = page.locator('#site-drawer').getByRole('button', { name: 'లాగౌట్' });
    await logout.waitFor();
    await logout.click();
    await page.waitForURL(`${baseUrl()}/`);
    const check = await page.request.get('/api/auth/check-auth');
    expect(check.status() === 401 || (await check.json()).authenticated === false).toBe(true);
    await context.close();
  });

  it('answers Article not found. with a 404', async () => {
    const { page, context } = await newPage();
    for (const path of ['/article/999999', '/public/articles/not-a-number']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      expect(await page.locator('h1').textContent()).toBe('Article not found.');
    }
    await context.close();
  });

  it('carries title, description, canonical, Open Graph, Twitter and JSON-LD in the server HTML', async () => {
    // Link previews in messaging apps read the HTML without running scripts or cookies.
    const anonymous = await playwrightRequest.newContext({ baseURL: baseUrl() });
    const response = await anonymous.get(`/public/articles/${fixtures.video.id}`);
    expect(response.status()).toBe(200);
    const { page, context } = await newPage({ javaScriptEnabled: false });
    await page.setContent(await response.text());
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    expect(await page.title()).toContain(fixtures.video.title);
    expect(await meta('meta[name="description"]')).toBeTruthy();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl()}/article/${fixtures.video.id}`);
    expect(await meta('meta[property="og:title"]')).toBe(fixtures.video.title);
    expect(await meta('meta[property="og:type"]')).toBe('article');
    expect(await meta('meta[property="og:url"]')).toBe(`${baseUrl()}/article/${fixtures.video.id}`);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    const ogImage = await meta('meta[property="og:image"]');
    // A JPEG with the headline on it (server/share-cards/): WhatsApp shows no preview picture for WebP.
    expect(ogImage).toMatch(new RegExp(`^${baseUrl()}/media/card-${fixtures.video.id}-[0-9a-f]{16}\\.jpg$`));
    expect(await meta('meta[property="og:image:type"]')).toBe('image/jpeg');
    expect(await meta('meta[name="twitter:image"]')).toBe(ogImage);
    const imageResponse = await anonymous.get(ogImage!);
    expect(imageResponse.status()).toBe(200);
    expect(imageResponse.headers()['content-type']).toContain('image/jpeg');
    const preview = await sharp(await imageResponse.body()).metadata();
    expect([preview.format, preview.width]).toEqual(['jpeg', Number(await meta('meta[property="og:image:width"]'))]);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd['@type']).toBe('NewsArticle');
    expect(jsonLd.headline).toBe(fixtures.video.title);
    expect(jsonLd.image[0]).toMatch(/^http/);
    await anonymous.dispose();
    await context.close();
  });
});

describe('share and discovery tags', () => {
  it('every public page has its own title, description, canonical URL, Open Graph and Twitter tags', async () => {
    const anonymous = await playwrightRequest.newContext({ baseURL: baseUrl() });
    const { page, context } = await newPage({ javaScriptEnabled: false });
    const pages = [
      { path: '/', canonical: '/', title: 'తెలుగు వార్తలు', image: true },
      {
        path: `/public/articles/category/${fixtures.catA.id}?page=1`,
        canonical: `/public/articles/category/${fixtures.catA.id}`,
        title: fixtures.catA.name,
        image: true,
      },
      { path: `/search?query=${SEARCH_WORD}`, canonical: `/search?query=${SEARCH_WORD}`, title: SEARCH_WORD, image: false },
      { path: '/about-us', canonical: '/about-us', title: 'మా గురించి', image: null },
    ];
    const titles = new Set<string>();
    for (const expected of pages) {
      const response = await anonymous.get(expected.path);
      expect(response.status()).toBe(200);
      await page.setContent(await response.text());
      const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
      const title = await page.title();
      expect(title).toContain(expected.title);
      titles.add(title);
      expect(await meta('meta[name="description"]')).toBeTruthy();
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl()}${expected.canonical}`);
      expect(await meta('meta[property="og:url"]')).toBe(`${baseUrl()}${expected.canonical}`);
      expect(await meta('meta[property="og:title"]')).toBeTruthy();
      expect(await meta('meta[name="twitter:card"]')).toMatch(/^summary/);
      if (expected.image === true) expect(await meta('meta[property="og:image"]')).toMatch(new RegExp(`^${baseUrl()}/media/`));
      if (expected.image === false) expect(await page.locator('meta[property="og:image"]').count()).toBe(0);
    }
    expect(titles.size).toBe(pages.length);
    await anonymous.dispose();
    await context.close();
  });
});

describe('category page', () => {
  it('lists 5, then appends the next page with మరిన్ని, and says when there is nothing more', async () => {
    const { page, context } = await newPage();
    await goto(page, `/public/articles/category/${fixtures.catA.id}`);
    expect(await page.locator('h1').textContent()).toBe(fixtures.catA.name);
    const cards = page.locator('.article-list .article-card');
    expect(await cards.count()).toBe(5);
    expect(await page.locator('.list-end').count()).toBe(0);
    await page.getByRole('button', { name: 'మరిన్ని' }).click();
    await expect.poll(() => cards.count()).toBe(7);
    expect(await page.getByRole('button', { name: 'మరిన్ని' }).count()).toBe(0);
    expect(await page.locator('.list-end').textContent()).toBe('ఇంకా వార్తలు లేవు.');
    await screenshot(page, 'public-category-phone');
    await context.close();
  });

  it('works without JavaScript through the load-more link', async () => {
    const { page, context } = await newPage({ javaScriptEnabled: false });
    await page.goto(`/public/articles/category/${fixtures.catA.id}`);
    await page.getByRole('link', { name: 'మరిన్ని' }).click();
    await page.waitForURL(/page=1/);
    expect(await page.locator('.article-list .article-card').count()).toBe(7);
    await context.close();
  });

  it('is a 404 page for an unknown category', async () => {
    const { page, context } = await newPage();
    expect((await page.goto('/public/articles/category/987654'))?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('ఈ విభాగం కనిపించలేదు.');
    await context.close();
  });
});

describe('Back after load-more', () => {
  const lists = [
    ['category', () => `/public/articles/category/${fixtures.catA.id}`, 7],
    ['search', () => `/search?query=${SEARCH_WORD}`, 8],
  ] as const;
  const viewports = [
    ['phone', SCREENS.smallShortPhone],
    ['desktop', SCREENS.laptop],
  ] as const;
  it.each(
    lists.flatMap(([list, url, total]) => viewports.map(([name, viewport]) => [list, name, url, total, viewport] as const)),
  )('returns to the same item of the %s list (%s)', async (_, __, url, total, viewport) => {
    const { page, context } = await newPage({ viewport });
    await goto(page, url());
    const cards = page.locator('.article-list .article-card');
    await page.getByRole('button', { name: 'మరిన్ని' }).click();
    await expect.poll(() => cards.count()).toBe(total);
    // The address says how far the reader got, without a new history entry.
    await page.waitForURL(/[?&]page=1(&|$)/);
    const link = cards.last().locator('.article-card-title a');
    const title = await link.textContent();
    await link.scrollIntoViewIfNeeded();
    const top = () => link.evaluate((el) => Math.round(el.getBoundingClientRect().top));
    const before = await top();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await link.click();
    await page.waitForURL('**/public/articles/*');
    await page.locator('.article-title').waitFor();
    await page.goBack();
    await page.waitForURL(/[?&]page=1(&|$)/);
    await expect.poll(() => cards.count()).toBe(total);
    expect(await link.textContent()).toBe(title);
    await expect.poll(async () => Math.abs((await top()) - before)).toBeLessThanOrEqual(2);

    // A reload (or the link shared) shows the same pages, from the server's HTML.
    const anonymous = await playwrightRequest.newContext({ baseURL: baseUrl() });
    const html = await (await anonymous.get(new URL(page.url()).pathname + new URL(page.url()).search)).text();
    expect(html.split('class="article-card"').length - 1).toBe(total);
    await anonymous.dispose();
    await context.close();
  });
});

describe('search page', () => {
  it('counts the matches, highlights every query word in titles and summaries, and loads more', async () => {
    const { page, context } = await newPage({ viewport: SCREENS.laptop });
    await goto(page, `/search?query=${encodeURIComponent(`ప్రచారం రాజకీయ ${SEARCH_WORD}`)}`);
    expect(await page.locator('h1').textContent()).toBe(`శోధన: ప్రచారం రాజకీయ ${SEARCH_WORD}`);
    expect(await page.locator('.search-count').textContent()).toBe('6 వార్తలు దొరికాయి');
    const cards = page.locator('.article-list .article-card');
    expect(await cards.count()).toBe(5);
    const marks = await cards.first().locator('.article-card-title mark').allTextContents();
    expect(marks).toEqual(expect.arrayContaining(['ప్రచారం', SEARCH_WORD]));
    expect(await cards.first().locator('.article-card-summary mark').allTextContents()).toEqual(['రాజకీయ']);
    await page.getByRole('button', { name: 'మరిన్ని' }).click();
    await expect.poll(() => cards.count()).toBe(6);
    expect(await cards.last().locator('mark').count()).toBeGreaterThan(0);
    expect(await page.locator('.list-end').textContent()).toBe('ఇంకా వార్తలు లేవు.');
    await screenshot(page, 'public-search-desktop');
    await context.close();
  });

  it('says when nothing matches, and shows the error text when loading more fails', async () => {
    const { page, context } = await newPage();
    await goto(page, '/search?query=qqqnothingmatchesthis');
    expect(await page.locator('.empty-text').textContent()).toBe(
      'మీరు వెతికిన పదాలతో వార్తలు ఏవీ దొరకలేదు. No articles found matching your search criteria.',
    );
    await screenshot(page, 'public-search-empty');

    await goto(page, `/search?query=${SEARCH_WORD}`);
    await page.route('**/api/public/articles/search**', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}' }));
    await page.getByRole('button', { name: 'మరిన్ని' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Error loading search results: An error occurred: 500');

    // A dropped connection is said in Telugu, with a retry that works once the network is back.
    await page.unrouteAll();
    await page.route('**/api/public/articles/search**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'మళ్ళీ ప్రయత్నించండి' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Error loading search results: సర్వర్‌ను చేరుకోలేకపోయాం. ఇంటర్నెట్ కనెక్షన్ చూసి మళ్ళీ ప్రయత్నించండి.');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'మళ్ళీ ప్రయత్నించండి' }).click();
    await expect.poll(() => page.locator('.article-list .article-card').count()).toBe(8);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});

describe('About Us', () => {
  it('shows the carousel and content, and the hidden credit after 8 quick logo clicks and 10 s, for 3 s', async () => {
    const existing = await admin.get('/api/public/about');
    const form = new FormData();
    form.set('content', '<p>మేము <strong>నిష్పక్షపాత</strong> వార్తలు అందిస్తాము.</p>');
    if (existing.status() === 200) form.set('keepImageUrls', '[]');
    for (let i = 0; i < 2; i++)
      form.append('images', new File([new Uint8Array(await picture())], `about-${i}.png`, { type: 'image/png' }));
    await ok(
      existing.status() === 200
        ? await admin.put('/api/admin/about', { multipart: form })
        : await admin.post('/api/admin/about', { multipart: form }),
    );

    const { page, context } = await newPage();
    await freezeClock(page);
    await goto(page, '/about-us');
    expect(await page.locator('.article-content').textContent()).toContain('నిష్పక్షపాత');
    expect(await page.locator('.article-carousel .carousel-slide').count()).toBe(2);
    const logo = page.locator('.about-logo');
    const banner = page.locator('.credit-banner');

    // Clicks more than 1 s apart never add up to 8.
    for (let i = 0; i < 8; i++) {
      await logo.click();
      await page.clock.runFor(1100);
    }
    await page.clock.runFor(12_000);
    expect(await banner.count()).toBe(0);

    for (let i = 0; i < 8; i++) {
      await logo.click();
      await page.clock.runFor(900);
    }
    await page.clock.runFor(10_000 - 900 - 100);
    expect(await banner.count()).toBe(0);
    await page.clock.runFor(200);
    await expect.poll(() => banner.count()).toBe(1);
    expect(await banner.textContent()).toBe('వార్తా సంస్థ ఇంజనీరింగ్ బృందం తయారు చేసింది');
    await screenshot(page, 'public-about-credit');
    await page.clock.runFor(2800);
    expect(await banner.count()).toBe(1);
    await page.clock.runFor(200);
    await expect.poll(() => banner.count()).toBe(0);
    await context.close();
  });
});
