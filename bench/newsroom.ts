// The archive Lighthouse loads: a newsroom as people build it, through the HTTP API of a running
// server. The admin makes categories, the navigation bar, the featured sections and two ads; a
// reporter files STORIES Telugu stories (multipart, as the desk's form sends them), PHOTOS of them
// with a photo-like 1200×800 JPEG from a camera (bench/photos.ts) and the rest with a small flat
// graphic; the admin approves each one. Every picture goes through the upload pipeline.
import { bannerSvg, newsPictureSvg, renderJpeg, renderPng } from '../server/demo/artwork.ts';
import { photoLikeJpeg } from './photos.ts';
import { CATEGORY_NAMES, EVENTS, PLACES, SENTENCES as BASE_SENTENCES } from './seed.ts';

export const STORIES = 200;
export const PHOTOS = 67;

export const NEWSROOM_ADMIN = { username: 'benchadmin', password: 'bench-admin-password-1' };
export const NEWSROOM_REPORTER = {
  username: 'benchreporter',
  email: 'benchreporter@example.com',
  password: 'bench-reporter-password-1',
};

const COLOURS = ['#b71c1c', '#1b5e20', '#4a148c', '#e65100', '#0d47a1', '#006064', '#3e2723', '#263238'];
// The generated archive's word pools, and one sentence more for longer stories.
const SENTENCES = [...BASE_SENTENCES, 'ఈ కార్యక్రమంలో పెద్ద సంఖ్యలో ప్రజలు పాల్గొన్నారు, నిర్వాహకులు ఏర్పాట్లపై సంతృప్తి వ్యక్తం చేశారు.'];

export type Newsroom = {
  articleId: number;
  categoryId: number;
  /** The pages of the reach features Lighthouse opens: the reporter's username, a tag page's path, a district's slug. */
  author?: string;
  tag?: string;
  district?: string;
  stories: number;
  photos: number;
  /** Every category and every story filed, oldest first (the soak reads them all). */
  categoryIds?: number[];
  articleIds?: number[];
};

/** A signed-in caller of the API at `base` (cookie session, same-origin header as a browser sends). */
export function client(base: string, cookie = '') {
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const form = body instanceof FormData;
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: { origin: base, cookie, ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} /api${url}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return { call, cookie };
}

export async function signIn(base: string, username: string, password: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  return client(
    base,
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  );
}

/** The district edition of each of PLACES (contract/districts.ts), in the same order. */
const PLACE_DISTRICTS = [
  'hyderabad',
  'ntr',
  'visakhapatnam',
  'tirupati',
  'warangal',
  'guntur',
  'nellore',
  'kurnool',
  'kakinada',
  'nizamabad',
];

export function story(i: number) {
  const place = PLACES[i % PLACES.length];
  const event = EVENTS[(i * 3) % EVENTS.length];
  const paragraphs = Array.from(
    { length: 5 + (i % 4) },
    (_, p) => `<p>${place}లో ${SENTENCES[(i + p) % SENTENCES.length]} ${SENTENCES[(i + 2 * p + 1) % SENTENCES.length]}</p>`,
  );
  return {
    title: `${place}లో ${event}: ${SENTENCES[i % SENTENCES.length].split(' ').slice(0, 4).join(' ')} (${i + 1})`,
    author: 'వార్తా ప్రతినిధి',
    content: `<p>${SENTENCES[(i + 4) % SENTENCES.length]}</p><h2>${event}</h2>${paragraphs.join('')}`,
    summary: SENTENCES[(i + 5) % SENTENCES.length],
    region: place,
    district: PLACE_DISTRICTS[i % PLACES.length],
    // Topics as a desk tags them: the event and the place.
    tags: [event, place],
    youtubeVideoId: i % 40 === 0 ? 'dQw4w9WgXcQ' : '',
  };
}

/**
 * Builds the newsroom on the empty server at `base`, started with ADMIN_USERNAME/ADMIN_PASSWORD as
 * NEWSROOM_ADMIN and SEED_DEMO=0. Returns the article Lighthouse opens (the sixth newest with a
 * photo) and a category.
 */
export async function fileNewsroom(base: string, log: (line: string) => void, stories = STORIES): Promise<Newsroom> {
  const started = performance.now();
  const admin = await signIn(base, NEWSROOM_ADMIN.username, NEWSROOM_ADMIN.password);
  const categoryIds: number[] = [];
  for (const name of CATEGORY_NAMES)
    categoryIds.push((await admin.call<{ id: number }>('POST', '/admin/categories', { name })).id);
  await admin.call(
    'PUT',
    '/navigation-categories',
    categoryIds.slice(0, 6).map((categoryId, i) => ({ categoryId, displayOrder: i + 1 })),
  );
  await admin.call('POST', '/admin/homepage/featured-categories', categoryIds.slice(0, 4));
  const ads = new FormData();
  for (const [k, size] of [
    [0, { width: 728, height: 90 }],
    [1, { width: 600, height: 200 }],
  ] as const) {
    const png = await renderPng(bannerSvg({ colour: COLOURS[k], motif: 'AD', seed: 50 + k, ...size }));
    ads.append('images', new File([new Uint8Array(png)], `ad-${k}.png`, { type: 'image/png' }));
  }
  ads.set('adDetails', JSON.stringify([{ durationInSeconds: 8, link: 'https://example.com/a' }, { durationInSeconds: 8 }]));
  await admin.call('POST', '/admin/ads', ads);

  // A reader's account made a reporter by the admin, as a newsroom takes on a reporter.
  await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(NEWSROOM_REPORTER),
  }).then(async (res) => {
    if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  });
  await admin.call('POST', '/admin/assignRole', { username: NEWSROOM_REPORTER.username, role: 'REPORTER' });
  const reporter = await signIn(base, NEWSROOM_REPORTER.username, NEWSROOM_REPORTER.password);
  await reporter.call('PUT', '/me/profile', {
    displayName: 'వార్తా ప్రతినిధి',
    bio: 'హైదరాబాద్ నుంచి రాజకీయాలు, నగర వార్తలు రాసే ప్రతినిధి.',
  });

  // Oldest first, so the newest stories (the home page's) are the last filed.
  let articleId = 0;
  const articleIds: number[] = [];
  for (let n = stories - 1; n >= 0; n--) {
    const photo = n % 3 === 0; // 67 of 200
    const picture = photo
      ? await photoLikeJpeg(2000 + n)
      : await renderJpeg(
          newsPictureSvg({
            colour: COLOURS[n % COLOURS.length],
            motif: 'NEWS',
            number: n + 1,
            seed: 3000 + n,
            width: 640,
            height: 360,
          }),
        );
    const form = new FormData();
    form.set('article', JSON.stringify({ ...story(n), categoryIds: [categoryIds[n % categoryIds.length]] }));
    form.append('images', new File([new Uint8Array(picture)], `story-${n + 1}.jpg`, { type: 'image/jpeg' }));
    const created = await reporter.call<{ id: number }>('POST', '/articles', form);
    await admin.call('PUT', `/admin/articles/approve/${created.id}`);
    articleIds.push(created.id);
    if (n === 15 || (n < 15 && !articleId)) articleId = created.id; // the sixth newest with a photo
    if ((stories - n) % 50 === 0) log(`filed and approved ${stories - n} of ${stories} stories`);
  }
  log(`newsroom filed through the API in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const newest = story(0);
  return {
    articleId,
    categoryId: categoryIds[0],
    author: NEWSROOM_REPORTER.username,
    tag: (await reporter.call<{ tags?: { url: string }[] }>('GET', `/public/articles/${articleIds.at(-1)}`)).tags?.[0]?.url,
    district: newest.district,
    stories,
    photos: Math.ceil(stories / 3),
    categoryIds,
    articleIds,
  };
}
