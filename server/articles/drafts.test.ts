// Drafts and revision history from outside, over the real HTTP API: a draft is its author's
// alone (every public, admin and reporter list and route), saves are versioned (a stale save is
// 409, never an overwrite), submit applies the create rules; every saved change of a non-draft
// article keeps a revision in the same transaction; an admin restores one.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addCategories, multipart } from '../test/fixtures.ts';
import { articleCategories, articleRevisions, articles, images } from '../db/schema.ts';

let colour = 0;
/** A distinct small PNG each call (distinct content, distinct stored image). */
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: (colour += 37) % 256, g: 90, b: 140 } } })
    .png()
    .toBuffer();

const t = useTestApp();
let owner: SignedIn, other: SignedIn, user: SignedIn, admin: SignedIn;
let politics: number, cinema: number;

async function send(method: 'POST' | 'PUT', cookie: string | undefined, url: string, article: unknown, files: Buffer[] = []) {
  const body = multipart([
    ...(article === undefined ? [] : [{ name: 'article', value: JSON.stringify(article) }]),
    ...files.map((data, i) => ({ name: 'images', filename: `p${i}.png`, data, type: 'image/png' })),
  ]);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...(cookie ? { cookie } : {}) } });
}
const get = (cookie: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const del = (cookie: string | undefined, url: string) =>
  t.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });
const json = (cookie: string, method: 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const complete = (over: Record<string, unknown> = {}) => ({
  title: 'వరద హెచ్చరిక',
  author: 'రవి',
  content: '<p>గోదావరి నది పొంగుతోంది.</p>',
  region: 'రాజమండ్రి',
  youtubeVideoId: '',
  categoryIds: [politics],
  ...over,
});

const revisionsOf = (articleId: number) =>
  t.services.db.select().from(articleRevisions).where(eq(articleRevisions.articleId, articleId));

beforeAll(async () => {
  [owner, other, user, admin] = await t.signInAs('REPORTER', 'REPORTER', 'USER', 'ADMIN');
  [politics, cinema] = await addCategories(t.services.db, ['రాజకీయాలు', 'సినిమా']);
});

describe(`drafts: saving (${TEST_DB})`, () => {
  it('creates a draft with nothing but a title, then saves it by version; a stale save is 409 with the newer draft', async () => {
    const created = await send('POST', owner.cookie, '/api/articles/drafts', { title: 'సగం రాసిన వార్త' });
    expect(created.statusCode).toBe(201);
    const draft = created.json();
    expect(draft).toMatchObject({ title: 'సగం రాసిన వార్త', approvalStatus: 'DRAFT', version: 1, imageUrls: [], categories: [] });

    // Tab A saves on version 1: accepted, now version 2.
    const tabA = await send('PUT', owner.cookie, `/api/articles/drafts/${draft.id}`, { ...complete(), version: 1 });
    expect(tabA.statusCode).toBe(200);
    expect(tabA.json()).toMatchObject({ version: 2, title: 'వరద హెచ్చరిక', categories: [{ id: politics }] });

    // Tab B still holds version 1: refused, the newer draft offered, nothing overwritten.
    const tabB = await send('PUT', owner.cookie, `/api/articles/drafts/${draft.id}`, {
      ...complete({ title: 'పాత ట్యాబ్' }),
      version: 1,
    });
    expect(tabB.statusCode).toBe(409);
    expect(tabB.json()).toMatchObject({ version: 2, draft: { id: draft.id, version: 2, title: 'వరద హెచ్చరిక' } });
    expect(tabB.json().message).toMatch(/saved elsewhere/);
    const [row] = await t.services.db.select().from(articles).where(eq(articles.id, draft.id));
    expect(row).toMatchObject({ title: 'వరద హెచ్చరిక', version: 2, approvalStatus: 'DRAFT' });

    // A save that names no version is refused too.
    const blind = await send('PUT', owner.cookie, `/api/articles/drafts/${draft.id}`, complete({ title: 'గుడ్డి' }));
    expect(blind.statusCode).toBe(400);
    // Drafts keep no revisions.
    expect(await revisionsOf(draft.id)).toHaveLength(0);
  });

  it('refuses what cannot be stored (bad video id, two categories, unknown category) and keeps the draft as it was', async () => {
    const draft = (await send('POST', owner.cookie, '/api/articles/drafts', { title: 'మొదటి' })).json();
    for (const over of [{ youtubeVideoId: 'abc' }, { categoryIds: [politics, cinema] }, { categoryIds: [999999] }]) {
      const res = await send('PUT', owner.cookie, `/api/articles/drafts/${draft.id}`, { ...complete(over), version: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const [row] = await t.services.db.select().from(articles).where(eq(articles.id, draft.id));
    expect(row).toMatchObject({ title: 'మొదటి', version: 1 });
  });

  it('uploads images once: a save without files keeps them; new files are added; imageUrls chooses which to keep', async () => {
    const created = await send('POST', owner.cookie, '/api/articles/drafts', { title: 'ఫోటోలు' }, [await png()]);
    expect(created.statusCode).toBe(201);
    const [first] = created.json().imageUrls as string[];
    expect(first).toMatch(/^\/media\/.+\.webp$/);
    const id = created.json().id as number;

    const kept = await send('PUT', owner.cookie, `/api/articles/drafts/${id}`, { ...complete(), version: 1 });
    expect(kept.json().imageUrls).toEqual([first]);

    const added = await send('PUT', owner.cookie, `/api/articles/drafts/${id}`, { ...complete(), version: 2 }, [await png()]);
    expect(added.json().imageUrls).toHaveLength(2);
    const second = added.json().imageUrls[1] as string;

    const imagesBefore = (await t.services.db.select().from(images)).length;
    const removed = await send('PUT', owner.cookie, `/api/articles/drafts/${id}`, {
      ...complete(),
      version: 3,
      imageUrls: [second],
    });
    expect(removed.json().imageUrls).toEqual([second]);
    // The dropped image is released.
    expect((await t.services.db.select().from(images)).length).toBe(imagesBefore - 1);

    const tooMany = await send('PUT', owner.cookie, `/api/articles/drafts/${id}`, { ...complete(), version: 4 }, [
      await png(),
      await png(),
      await png(),
      await png(),
    ]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('You can upload up to 4 images only.');
    const foreign = await send('PUT', owner.cookie, `/api/articles/drafts/${id}`, {
      ...complete(),
      version: 4,
      imageUrls: ['/media/not-mine-1280.webp'],
    });
    expect(foreign.statusCode).toBe(400);
    expect((await get(owner.cookie, `/api/reporter/articles/drafts/${id}`)).json()).toMatchObject({
      version: 4,
      imageUrls: [second],
    });
    // `imageOrder` places a new upload anywhere: here before the stored picture, as the cover.
    const placed = await send(
      'PUT',
      owner.cookie,
      `/api/articles/drafts/${id}`,
      { ...complete(), version: 4, imageOrder: [{ upload: 0 }, second] },
      [await png()],
    );
    expect(placed.statusCode).toBe(200);
    expect(placed.json().imageUrls).toHaveLength(2);
    expect(placed.json().imageUrls[1]).toBe(second);
    expect(placed.json().imageUrls[0]).not.toBe(second);
  });

  it('lists and deletes own drafts, last saved first', async () => {
    const desk = await t.signIn('REPORTER');
    const a = (await send('POST', desk.cookie, '/api/articles/drafts', { title: 'A' })).json();
    const b = (await send('POST', desk.cookie, '/api/articles/drafts', { title: 'B' })).json();
    await send('PUT', desk.cookie, `/api/articles/drafts/${a.id}`, { title: 'A2', version: 1 });
    const list = await get(desk.cookie, '/api/reporter/articles/drafts');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { title: string }) => d.title)).toEqual(['A2', 'B']);
    expect((await del(other.cookie, `/api/reporter/articles/drafts/${a.id}`)).statusCode).toBe(404);
    expect((await del(desk.cookie, `/api/reporter/articles/drafts/${a.id}`)).statusCode).toBe(204);
    expect((await get(desk.cookie, '/api/reporter/articles/drafts')).json().map((d: { id: number }) => d.id)).toEqual([b.id]);
  });
});

describe(`drafts: visible to their author only (${TEST_DB})`, () => {
  it('never shows a draft publicly, to admins, in other lists or to another reporter', async () => {
    const marker = 'డ్రాఫ్ట్రహస్యం';
    const draft = (
      await send('POST', owner.cookie, '/api/articles/drafts', complete({ title: `${marker} శీర్షిక` }), [await png()])
    ).json();
    const id = draft.id as number;
    // Make it look as public as a draft can: a publication date in the past, a category in use.
    await t.services.db
      .update(articles)
      .set({ publicationDate: new Date('2026-01-01T00:00:00Z') })
      .where(eq(articles.id, id));
    const leaks: string[] = [];
    const expectAbsent = async (cookie: string | undefined, url: string) => {
      const res = await get(cookie, url);
      if (res.statusCode !== 404 && (res.body.includes(marker) || new RegExp(`"id":${id}[,}]`).test(res.body)))
        leaks.push(`${url}: ${res.statusCode}`);
    };
    // Public API, search, feeds and sitemaps.
    for (const url of [
      `/api/public/articles/${id}`,
      `/api/public/articles/category/${politics}?page=0&size=50`,
      `/api/public/articles/search?query=${encodeURIComponent(marker)}`,
      '/api/public/articles/homepage',
      `/api/public/articles/latest-news/${cinema}`,
      `/api/public/articles/related/${politics}/0`,
      '/sitemap.xml',
      '/news-sitemap.xml',
      '/rss.xml',
      `/rss/category/${politics}.xml`,
    ])
      await expectAbsent(undefined, url);
    expect((await get(undefined, `/api/public/articles/${id}`)).statusCode).toBe(404);
    // Admin queue, lists and routes.
    await expectAbsent(admin.cookie, '/api/admin/articles/pending');
    await expectAbsent(admin.cookie, '/api/admin/articles/approved');
    expect((await get(admin.cookie, `/api/admin/articles/${id}`)).statusCode).toBe(404);
    expect((await json(admin.cookie, 'PUT', `/api/admin/articles/approve/${id}`)).statusCode).toBe(404);
    expect((await json(admin.cookie, 'PUT', `/api/admin/articles/reject/${id}`, {})).statusCode).toBe(404);
    expect((await send('PUT', admin.cookie, `/api/articles/${id}`, complete())).statusCode).toBe(404);
    expect((await get(admin.cookie, `/api/articles/${id}/revisions`)).statusCode).toBe(404);
    expect((await del(admin.cookie, `/api/admin/articles/${id}`)).statusCode).toBe(404);
    // The author's other lists and routes: a draft is reached through the drafts API only.
    await expectAbsent(owner.cookie, '/api/reporter/articles/pending-rejected');
    await expectAbsent(owner.cookie, '/api/reporter/articles/approved');
    expect((await get(owner.cookie, `/api/reporter/articles/${id}`)).statusCode).toBe(404);
    expect((await send('PUT', owner.cookie, `/api/articles/${id}`, complete())).statusCode).toBe(404);
    expect((await del(owner.cookie, `/api/reporter/articles/${id}`)).statusCode).toBe(404);
    // Another reporter.
    await expectAbsent(other.cookie, '/api/reporter/articles/drafts');
    expect((await get(other.cookie, `/api/reporter/articles/drafts/${id}`)).statusCode).toBe(404);
    expect((await send('PUT', other.cookie, `/api/articles/drafts/${id}`, { ...complete(), version: 1 })).statusCode).toBe(404);
    expect((await json(other.cookie, 'POST', `/api/articles/drafts/${id}/submit`)).statusCode).toBe(404);
    expect((await del(other.cookie, `/api/reporter/articles/drafts/${id}`)).statusCode).toBe(404);
    // A USER and an admin cannot reach the drafts API at all.
    expect((await get(user.cookie, '/api/reporter/articles/drafts')).statusCode).toBe(403);
    expect((await get(admin.cookie, '/api/reporter/articles/drafts')).statusCode).toBe(403);
    expect(leaks).toEqual([]);
    // Still there for its author, untouched.
    expect((await get(owner.cookie, `/api/reporter/articles/drafts/${id}`)).json()).toMatchObject({ id, version: 1 });
  });
});

describe(`drafts: submitting (${TEST_DB})`, () => {
  it('applies the create rules, then the draft is a PENDING article in the admin queue with its first revision', async () => {
    const draft = (await send('POST', owner.cookie, '/api/articles/drafts', { title: 'సమర్పణ' })).json();
    const id = draft.id as number;
    const bare = await json(owner.cookie, 'POST', `/api/articles/drafts/${id}/submit`);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toMatchObject({ author: 'Author is required.', region: 'Region is required.' });

    const noImage = await send('POST', owner.cookie, `/api/articles/drafts/${id}/submit`, { ...complete(), version: 1 });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().message).toBe('You must upload at least one image.');
    // The text of that request was saved as the draft (version 2), still a draft.
    const still = (await get(owner.cookie, `/api/reporter/articles/drafts/${id}`)).json();
    expect(still).toMatchObject({ approvalStatus: 'DRAFT', version: 2, title: 'వరద హెచ్చరిక' });
    const stale = await send('POST', owner.cookie, `/api/articles/drafts/${id}/submit`, { ...complete(), version: 1 }, [
      await png(),
    ]);
    expect(stale.statusCode).toBe(409);

    const before = Date.now();
    const done = await send('POST', owner.cookie, `/api/articles/drafts/${id}/submit`, { ...complete(), version: 2 }, [
      await png(),
    ]);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id, approvalStatus: 'PENDING', title: 'వరద హెచ్చరిక', imageUrls: [expect.any(String)] });
    expect(new Date(done.json().publicationDate).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const queue = (await get(admin.cookie, '/api/admin/articles/pending')).json() as { id: number }[];
    expect(queue.map((a) => a.id)).toContain(id);
    expect((await get(owner.cookie, '/api/reporter/articles/drafts')).json().map((d: { id: number }) => d.id)).not.toContain(id);
    expect((await get(owner.cookie, `/api/reporter/articles/drafts/${id}`)).statusCode).toBe(404);
    const revisions = await revisionsOf(id);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ kind: 'CREATE', editorId: owner.id, title: 'వరద హెచ్చరిక' });
  });
});

describe(`revision history (${TEST_DB})`, () => {
  async function newArticle() {
    const res = await send('POST', owner.cookie, '/api/articles', complete({ title: 'మొదటి శీర్షిక' }), [await png()]);
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  }

  it('keeps a revision for creation and for every saved change, by reporter and admin; none for a save that changes nothing', async () => {
    const id = await newArticle();
    expect(await revisionsOf(id)).toHaveLength(1);
    await send('PUT', owner.cookie, `/api/articles/${id}`, complete({ title: 'రెండో శీర్షిక' }));
    await send('PUT', admin.cookie, `/api/articles/${id}`, complete({ title: 'రెండో శీర్షిక', categoryIds: [cinema, politics] }));
    await send('PUT', admin.cookie, `/api/articles/${id}`, complete({ title: 'రెండో శీర్షిక', categoryIds: [cinema, politics] }));
    const list = await get(owner.cookie, `/api/articles/${id}/revisions`);
    expect(list.statusCode).toBe(200);
    const revisions = list.json() as { id: number; kind: string; editor: { name: string }; changed: string[] }[];
    expect(revisions.map((r) => [r.kind, r.editor.name, r.changed])).toEqual([
      ['EDIT', admin.username, ['categories']],
      ['EDIT', owner.username, ['title']],
      ['CREATE', owner.username, []],
    ]);
    const one = await get(admin.cookie, `/api/articles/${id}/revisions/${revisions[2].id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      title: 'మొదటి శీర్షిక',
      content: '<p>గోదావరి నది పొంగుతోంది.</p>',
      categories: [{ id: politics, name: 'రాజకీయాలు' }],
      imageUrls: [expect.stringMatching(/^\/media\//)],
    });
  });

  it('shows history to the article reporter and admins only', async () => {
    const id = await newArticle();
    const [rev] = await revisionsOf(id);
    expect((await get(other.cookie, `/api/articles/${id}/revisions`)).statusCode).toBe(404);
    expect((await get(other.cookie, `/api/articles/${id}/revisions/${rev.id}`)).statusCode).toBe(404);
    expect((await get(user.cookie, `/api/articles/${id}/revisions`)).statusCode).toBe(403);
    expect((await get(undefined, `/api/articles/${id}/revisions`)).statusCode).toBe(401);
    expect((await get(admin.cookie, `/api/articles/${id}/revisions`)).statusCode).toBe(200);
    // A revision of another article is not reachable through this one.
    const otherId = await newArticle();
    expect((await get(owner.cookie, `/api/articles/${otherId}/revisions/${rev.id}`)).statusCode).toBe(404);
  });

  it('writes the revision in the transaction of the save: a save that fails leaves none', async () => {
    const id = await newArticle();
    await json(admin.cookie, 'PUT', `/api/admin/articles/approve/${id}`);
    // Save-and-approve of an approved article: the save runs, then the approval refuses (409).
    const res = await send('PUT', admin.cookie, `/api/articles/${id}?approve=true`, complete({ title: 'విఫలమైన మార్పు' }));
    expect(res.statusCode).toBe(409);
    const revisions = await revisionsOf(id);
    expect(revisions).toHaveLength(1);
    const [row] = await t.services.db.select().from(articles).where(eq(articles.id, id));
    expect(row.title).toBe('మొదటి శీర్షిక');
  });

  it('starts the history of an article written before it with its state then', async () => {
    const [legacy] = await t.services.db
      .insert(articles)
      .values({ title: 'పాత వార్త', author: 'పాత', content: '<p>పాతది</p>', reporterId: owner.id })
      .returning();
    await t.services.db.insert(articleCategories).values({ articleId: legacy.id, categoryId: politics });
    expect(await revisionsOf(legacy.id)).toHaveLength(0);
    const res = await send('PUT', owner.cookie, `/api/articles/${legacy.id}`, complete({ title: 'కొత్త వార్త' }));
    expect(res.statusCode).toBe(200);
    const revisions = (await get(owner.cookie, `/api/articles/${legacy.id}/revisions`)).json();
    expect(revisions.map((r: { kind: string }) => r.kind)).toEqual(['EDIT', 'CREATE']);
    const first = (await get(owner.cookie, `/api/articles/${legacy.id}/revisions/${revisions[1].id}`)).json();
    expect(first.title).toBe('పాత వార్త');
  });

  it('gives the admin the changes since rejection of a resubmitted article', async () => {
    const id = await newArticle();
    expect((await get(admin.cookie, `/api/admin/articles/${id}/changes-since-rejection`)).json()).toEqual({ changes: null });
    await json(admin.cookie, 'PUT', `/api/admin/articles/reject/${id}`, { reason: 'మరిన్ని వివరాలు' });
    await send('PUT', owner.cookie, `/api/articles/${id}`, complete({ title: 'సరిచేసిన శీర్షిక', categoryIds: [cinema] }));
    await send(
      'PUT',
      owner.cookie,
      `/api/articles/${id}`,
      complete({ title: 'సరిచేసిన శీర్షిక', content: '<p>కొత్త వివరాలు</p>', categoryIds: [cinema] }),
    );
    const res = await get(admin.cookie, `/api/admin/articles/${id}/changes-since-rejection`);
    expect(res.statusCode).toBe(200);
    const { changes } = res.json();
    expect(changes.before).toMatchObject({ title: 'మొదటి శీర్షిక', categories: [{ id: politics }] });
    expect(changes.after).toMatchObject({ title: 'సరిచేసిన శీర్షిక', content: '<p>కొత్త వివరాలు</p>', categories: [{ id: cinema }] });
    expect((await get(owner.cookie, `/api/admin/articles/${id}/changes-since-rejection`)).statusCode).toBe(403);
  });

  it('lets an admin restore a revision, which becomes a new revision and refreshes public pages', async () => {
    const id = await newArticle();
    await send('PUT', owner.cookie, `/api/articles/${id}`, complete({ title: 'తప్పు శీర్షిక', region: 'విశాఖ' }));
    await json(admin.cookie, 'PUT', `/api/admin/articles/approve/${id}`);
    const [first] = await revisionsOf(id);
    const version = t.services.changes.version;
    const restore = await json(admin.cookie, 'POST', `/api/admin/articles/${id}/revisions/${first.id}/restore`);
    expect(restore.statusCode).toBe(200);
    expect(restore.json()).toMatchObject({
      message: 'Revision restored.',
      article: { id, title: 'మొదటి శీర్షిక', region: 'రాజమండ్రి', approvalStatus: 'APPROVED' },
    });
    expect(t.services.changes.version).toBeGreaterThan(version);
    expect((await get(undefined, `/api/public/articles/${id}`)).json().title).toBe('మొదటి శీర్షిక');
    const list = (await get(admin.cookie, `/api/articles/${id}/revisions`)).json();
    expect(list[0]).toMatchObject({ kind: 'RESTORE', restoredFromId: first.id, editor: { name: admin.username } });
    expect(list[0].changed).toEqual(expect.arrayContaining(['title', 'region']));
    expect(list).toHaveLength(3);
    // Only admins restore; a revision of another article is 404.
    expect((await json(owner.cookie, 'POST', `/api/admin/articles/${id}/revisions/${first.id}/restore`)).statusCode).toBe(403);
    const otherId = await newArticle();
    expect((await json(admin.cookie, 'POST', `/api/admin/articles/${otherId}/revisions/${first.id}/restore`)).statusCode).toBe(
      404,
    );
    expect(await revisionsOf(otherId)).toHaveLength(1);
  });

  it('deleting an article takes its history with it', async () => {
    const id = await newArticle();
    expect((await del(owner.cookie, `/api/reporter/articles/${id}`)).statusCode).toBe(204);
    expect(await revisionsOf(id)).toHaveLength(0);
  });
});
