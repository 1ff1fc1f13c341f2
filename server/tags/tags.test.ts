// Topics: tags in the article forms (limits, slugs), the public article JSON, /api/public/tags,
// search by tag, and the admin's rename and merge.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { buildApp } from '../app.ts';
import type { AppServerBuild } from '../http/ssr.ts';
import { addCategories, multipart } from '../test/fixtures.ts';
import { articles, articleTags, tags } from '../db/schema.ts';
import { tagSlug } from '../../contract/tags.ts';
import type { Article } from '../../contract/articles.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let reporter: SignedIn;
let admin: SignedIn;
let politics: number;
const jpeg = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer();

const story = (over: Record<string, unknown> = {}) => ({
  title: 'హైదరాబాద్‌లో భారీ వర్షం',
  author: 'రవి కుమార్',
  content: '<p>నగరంలో వర్షం కురిసింది.</p>',
  youtubeVideoId: '',
  categoryIds: [politics],
  region: 'హైదరాబాద్',
  ...over,
});

async function send(method: 'POST' | 'PUT', url: string, cookie: string, article: unknown, withImage = true) {
  const body = multipart([
    { name: 'article', value: JSON.stringify(article) },
    ...(withImage ? [{ name: 'images', filename: 'a.jpg', data: await jpeg(), type: 'image/jpeg' }] : []),
  ]);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie } });
}

/** A story submitted and approved, with these tags. */
async function published(tagNames: string[], title = 'వార్త'): Promise<Article> {
  const created = await send('POST', '/api/articles', reporter.cookie, story({ title, tags: tagNames }));
  expect(created.statusCode).toBe(201);
  const id = created.json<Article>().id;
  expect((await t.api(API.review.approve, { params: { id }, cookie: admin.cookie })).statusCode).toBe(200);
  return (await t.api(API.publicArticles.one, { params: { id } })).json<Article>();
}

/** A draft (saved, never submitted) with these tags. */
async function drafted(tagNames: string[]) {
  const body = multipart([{ name: 'article', value: JSON.stringify({ title: 'సగం రాసిన వార్త', tags: tagNames }) }]);
  const created = await t.api(API.drafts.create, { cookie: reporter.cookie, form: body });
  expect(created.statusCode).toBe(201);
  return created.json<{ id: number }>().id;
}

const unknownTag = (slug: string) => ({ message: `No tag "${slug}".` });

beforeAll(async () => {
  [politics] = await addCategories(t.services.db, ['రాజకీయాలు']);
  [reporter, admin] = await t.signInAs('REPORTER', 'ADMIN');
});

describe(`tags (${TEST_DB})`, () => {
  it('makes slugs: Telugu letters kept, English lower-cased, other characters one dash', () => {
    expect(tagSlug('  Hyderabad Rains!! ')).toBe('hyderabad-rains');
    expect(tagSlug('హైదరాబాద్ వర్షాలు')).toBe('హైదరాబాద్-వర్షాలు');
    expect(tagSlug('IPL 2026')).toBe('ipl-2026');
    expect(tagSlug('ఎన్నికలు\u200c')).toBe('ఎన్నికలు');
  });

  it('gives a story its tags, trimmed, once each, in the public JSON as { name, slug, url }', async () => {
    const a = await published(['  వర్షాలు ', 'Hyderabad', 'hyderabad', '']);
    expect(a.tags).toEqual([
      { name: 'వర్షాలు', slug: 'వర్షాలు', url: `/tag/${encodeURIComponent('వర్షాలు')}` },
      { name: 'Hyderabad', slug: 'hyderabad', url: '/tag/hyderabad' },
    ]);
  });

  it('refuses 11 tags and a tag over 50 characters with the field named, and writes nothing', async () => {
    const before = (await t.services.db.select().from(articles)).length;
    const eleven = await send(
      'POST',
      '/api/articles',
      reporter.cookie,
      story({ tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }),
    );
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().errors.tags).toMatch(/Tags: a story can have at most 10 tags/);
    const long = await send('POST', '/api/articles', reporter.cookie, story({ tags: ['x'.repeat(51)] }));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.tags).toMatch(/at most 50 characters/);
    expect((await t.services.db.select().from(articles)).length).toBe(before);
    // Exactly 10 and exactly 50 characters are fine.
    const ok = await send(
      'POST',
      '/api/articles',
      reporter.cookie,
      story({ tags: [...Array.from({ length: 9 }, (_, i) => `t${i}`), 'y'.repeat(50)] }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json<Article>().tags).toHaveLength(10);
  });

  it('lists a tag’s approved stories 5 a page, newest first; unknown slug: 404', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await published(['క్రికెట్'], `క్రికెట్ వార్త ${i}`)).id);
    const slug = 'క్రికెట్';
    const first = await t.api(API.tags.publicArticles, { params: { slug } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('6');
    expect(first.json<Article[]>().map((a) => a.id)).toEqual(ids.slice(1).reverse());
    const second = await t.api(API.tags.publicArticles, { params: { slug }, query: { page: 1 } });
    expect(second.json<Article[]>().map((a) => a.id)).toEqual([ids[0]]);
    expect((await t.api(API.tags.publicArticles, { params: { slug: 'no-such-tag' } })).statusCode).toBe(404);
  });

  // Review finding: a draft's tag answered 200 with its name (an unknown one 404), so unpublished
  // topics could be guessed.
  it('a tag no approved story carries is 404 as an unknown one: a draft’s, a pending story’s, one whose last story left', async () => {
    await drafted(['secrettag']);
    const draft = await t.api(API.tags.publicArticles, { params: { slug: 'secrettag' } });
    expect(draft.statusCode).toBe(404);
    expect(draft.json()).toEqual(unknownTag('secrettag'));

    const pending = await send('POST', '/api/articles', reporter.cookie, story({ tags: ['pendingtag'] }));
    expect((await t.api(API.tags.publicArticles, { params: { slug: 'pendingtag' } })).json()).toEqual(unknownTag('pendingtag'));
    const id = pending.json<Article>().id;
    expect((await t.api(API.review.approve, { params: { id }, cookie: admin.cookie })).statusCode).toBe(200);
    expect((await t.api(API.tags.publicArticles, { params: { slug: 'pendingtag' } })).statusCode).toBe(200);
    // The admin takes the tag off its only approved story: 404 again.
    const edited = await send('PUT', `/api/articles/${id}`, admin.cookie, story({ tags: ['othertag'] }), false);
    expect(edited.statusCode).toBe(200);
    expect((await t.api(API.tags.publicArticles, { params: { slug: 'pendingtag' } })).statusCode).toBe(404);
    // Its last approved story deleted: 404 too.
    expect((await t.api(API.tags.publicArticles, { params: { slug: 'othertag' } })).statusCode).toBe(200);
    expect((await t.api(API.review.remove, { params: { id }, cookie: admin.cookie })).statusCode).toBe(200);
    expect((await t.api(API.tags.publicArticles, { params: { slug: 'othertag' } })).json()).toEqual(unknownTag('othertag'));
  });

  it('keeps the tags on an edit that does not send them, replaces them on one that does', async () => {
    const created = await send('POST', '/api/articles', reporter.cookie, story({ tags: ['ఎన్నికలు'] }));
    const id = created.json<Article>().id;
    const kept = await send('PUT', `/api/articles/${id}`, reporter.cookie, story({ title: 'మారిన శీర్షిక' }), false);
    expect(kept.statusCode).toBe(200);
    expect(kept.json<Article>().tags?.map((x) => x.name)).toEqual(['ఎన్నికలు']);
    const changed = await send('PUT', `/api/articles/${id}`, admin.cookie, story({ tags: ['Elections', 'ఓట్లు'] }), false);
    expect(changed.json<Article>().tags?.map((x) => x.slug)).toEqual(['elections', 'ఓట్లు']);
    const bad = await send(
      'PUT',
      `/api/articles/${id}`,
      admin.cookie,
      story({ tags: Array.from({ length: 11 }, (_, i) => `n${i}`) }),
      false,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.tags).toBeDefined();
    const [{ n }] = await t.services.db.$count(articleTags, eq(articleTags.articleId, id)).then((n) => [{ n }]);
    expect(n).toBe(2);
  });

  it('finds a story by its tag in search', async () => {
    const a = await published(['పోలవరం ప్రాజెక్టు'], 'నీటి పారుదల');
    const found = await t.api(API.search.search, { query: { query: 'పోలవరం' } });
    expect(found.statusCode).toBe(200);
    expect(found.json<{ content: Article[] }>().content.map((x) => x.id)).toContain(a.id);
  });

  it('lets admins rename and merge tags (the stories follow, search too); others may not', async () => {
    const a = await published(['Tollywood'], 'సినిమా ఒకటి');
    const b = await published(['టాలీవుడ్'], 'సినిమా రెండు');
    const list = (await t.api(API.tags.adminList, { cookie: admin.cookie })).json<
      { id: number; slug: string; articles: number }[]
    >();
    const english = list.find((x) => x.slug === 'tollywood')!;
    const telugu = list.find((x) => x.slug === 'టాలీవుడ్')!;
    expect(english.articles).toBe(1);
    expect((await t.api(API.tags.adminList, { cookie: reporter.cookie })).statusCode).toBe(403);

    const renamed = await t.api(API.tags.rename, {
      params: { id: english.id },
      cookie: admin.cookie,
      body: { name: 'Tollywood News' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().tag.slug).toBe('tollywood-news');
    expect((await t.api(API.publicArticles.one, { params: { id: a.id } })).json<Article>().tags?.[0].url).toBe(
      '/tag/tollywood-news',
    );
    // A name another tag has: merge instead.
    expect(
      (await t.api(API.tags.rename, { params: { id: english.id }, cookie: admin.cookie, body: { name: 'టాలీవుడ్' } })).statusCode,
    ).toBe(409);
    const blank = await t.api(API.tags.rename, { params: { id: english.id }, cookie: admin.cookie, body: { name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toBeDefined();

    const merged = await t.api(API.tags.merge, { params: { id: english.id }, cookie: admin.cookie, body: { into: telugu.id } });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().tag.articles).toBe(2);
    expect((await t.services.db.select().from(tags).where(eq(tags.id, english.id))).length).toBe(0);
    expect((await t.api(API.publicArticles.one, { params: { id: a.id } })).json<Article>().tags?.map((x) => x.name)).toEqual([
      'టాలీవుడ్',
    ]);
    const found = await t.api(API.search.search, { query: { query: 'టాలీవుడ్' } });
    expect(found.json<{ content: Article[] }>().content.map((x) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const self = await t.api(API.tags.merge, { params: { id: telugu.id }, cookie: admin.cookie, body: { into: telugu.id } });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors.into).toBeDefined();
  });
});

// The tag page of the real web app build (when one exists), with the page cache in front.
const buildFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build/server/index.js');
const headingOf = (html: string) => /class="section-heading page-heading">#(?:<!-- -->)?([^<]*)</.exec(html)?.[1];
describe.runIf(existsSync(buildFile))(`tag pages, real build (${TEST_DB})`, () => {
  let site: FastifyInstance;
  beforeAll(async () => {
    site = await buildApp({ services: t.services, build: (await import(buildFile)) as AppServerBuild });
    await site.ready();
  });
  afterAll(() => site.close());

  it('/tag/{slug} is 404 until an approved story carries the tag, and again (not the cached page) once none does', async () => {
    await drafted(['pagesecret']);
    expect((await site.inject({ url: '/tag/pagesecret' })).statusCode).toBe(404);
    expect((await site.inject({ url: '/tag/no-such-topic' })).statusCode).toBe(404);

    const story = await published(['pagetopic'], 'అంశం పేజీ వార్త');
    const first = await site.inject({ url: '/tag/pagetopic' });
    expect(first.statusCode).toBe(200);
    expect(headingOf(first.body)).toBe('pagetopic');
    expect((await site.inject({ url: '/tag/pagetopic' })).headers['x-render-cache']).toBe('hit');
    expect((await t.api(API.review.remove, { params: { id: story.id }, cookie: admin.cookie })).statusCode).toBe(200);
    const after = await site.inject({ url: '/tag/pagetopic' });
    expect(after.statusCode).toBe(404);
    expect(headingOf(after.body)).toBeUndefined();
  });
});
