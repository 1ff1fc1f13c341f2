// Live coverage from outside: the admin's live switch, updates by admins and the story's reporter
// (sanitised, audited), the refusals (not live, not public, another reporter, empty, another's
// update), and the readers' list: newest first, ETag and 304, dropped by a change, one bounded page
// at a time however long the story (issue 35).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type SignedIn } from '../test/app.ts';
import { addArticles, addCategory } from '../test/fixtures.ts';
import { articles, auditEntries, liveUpdates } from '../db/schema.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let reporter: SignedIn, other: SignedIn, admin: SignedIn, reader: SignedIn;
let story: number, pending: number, plain: number;

/** An update posted to story `id` (edited: update `updateId` of it), as `who` (undefined: signed out). */
const postUpdate = (id: number, who: SignedIn | undefined, content: string) =>
  t.api(API.live.post, { params: { id }, cookie: who?.cookie, body: { content } });
const editUpdate = (id: number, updateId: number, who: SignedIn | undefined, content: string) =>
  t.api(API.live.edit, { params: { id, updateId }, cookie: who?.cookie, body: { content } });
const updates = (id: number) => t.services.db.select().from(liveUpdates).where(eq(liveUpdates.articleId, id));

beforeAll(async () => {
  [reporter, other, admin, reader] = await t.signInAs('REPORTER', 'REPORTER', 'ADMIN', 'USER');
  const category = (await addCategory(t.services.db, 'ఎన్నికలు')).id;
  [story, pending, plain] = await addArticles(t.services.db, [
    { title: 'ఎన్నికల ఫలితాలు', reporterId: reporter.id, categoryIds: [category] },
    { title: 'పెండింగ్ కథనం', reporterId: reporter.id, categoryIds: [category], status: 'PENDING' },
    { title: 'సాధారణ కథనం', reporterId: reporter.id, categoryIds: [category] },
  ]);
});

describe('the live switch', () => {
  it('is an admin act on an approved story, audited, shown in the article', async () => {
    expect((await t.api(API.live.start, { params: { id: story }, cookie: reporter.cookie })).statusCode).toBe(403);
    const res = await t.api(API.live.start, { params: { id: story }, cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    const { article } = res.json() as { article: { liveSince: string | null; liveEndedAt: string | null } };
    expect(article.liveSince).toBeTruthy();
    expect(article.liveEndedAt).toBeNull();
    const pub = (await t.api(API.publicArticles.one, { params: { id: story } })).json() as { liveSince: string };
    expect(pub.liveSince).toBe(article.liveSince);
    const audit = await t.services.db.select().from(auditEntries).where(eq(auditEntries.action, 'article.live_start'));
    expect(audit).toHaveLength(1);
  });

  it('refuses a story that is not approved (409) and a missing one (404)', async () => {
    const res = await t.api(API.live.start, { params: { id: pending }, cookie: admin.cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Only an approved story can be covered live.' });
    expect((await t.api(API.live.start, { params: { id: 999999 }, cookie: admin.cookie })).statusCode).toBe(404);
    const [row] = await t.services.db.select().from(articles).where(eq(articles.id, pending));
    expect(row.liveSince).toBeNull();
  });
});

describe('live updates', () => {
  let first: number;

  it('are posted by the story reporter and admins, sanitised and audited', async () => {
    const res = await postUpdate(
      story,
      reporter,
      '<p>మొదటి రౌండ్ <strong>ఫలితం</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
    );
    expect(res.statusCode).toBe(201);
    const update = res.json() as { id: number; content: string; authorName: string };
    first = update.id;
    expect(update.content).toBe('<p>మొదటి రౌండ్ <strong>ఫలితం</strong></p>');
    expect(update.authorName).toBe(reporter.username);
    const second = await postUpdate(story, admin, '<p>రెండో రౌండ్</p>');
    expect(second.statusCode).toBe(201);
    const audit = await t.services.db.select().from(auditEntries).where(eq(auditEntries.action, 'article.live_update_post'));
    expect(audit.map((a) => a.objectId)).toEqual([String(story), String(story)]);
  });

  it('are refused to another reporter (404), a reader (403) and anyone signed out (401)', async () => {
    const before = (await updates(story)).length;
    expect((await postUpdate(story, other, '<p>x</p>')).statusCode).toBe(404);
    expect((await postUpdate(story, reader, '<p>x</p>')).statusCode).toBe(403);
    expect((await postUpdate(story, undefined, '<p>x</p>')).statusCode).toBe(401);
    expect(await updates(story)).toHaveLength(before);
  });

  it('refuse an empty update naming the field, and a story not live or not public', async () => {
    const empty = await postUpdate(story, admin, '<p> </p>');
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as { errors: Record<string, string> }).errors.content).toMatch(/empty/);
    const notLive = await postUpdate(plain, admin, '<p>x</p>');
    expect(notLive.statusCode).toBe(409);
    expect(notLive.json()).toMatchObject({ message: expect.stringMatching(/not live/) });
    const notPublic = await postUpdate(pending, admin, '<p>x</p>');
    expect(notPublic.statusCode).toBe(409);
    expect(notPublic.json()).toMatchObject({ message: expect.stringMatching(/not public/) });
    expect(await updates(plain)).toHaveLength(0);
    expect(await updates(pending)).toHaveLength(0);
  });

  it('are listed for readers newest first, with an ETag that answers 304 until a change', async () => {
    const res = await t.api(API.live.list, { params: { id: story } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=4, s-maxage=4');
    const list = res.json() as { live: boolean; updates: { id: number; content: string }[] };
    expect(list.live).toBe(true);
    expect(list.updates.map((u) => u.content)).toEqual(['<p>రెండో రౌండ్</p>', '<p>మొదటి రౌండ్ <strong>ఫలితం</strong></p>']);
    const etag = res.headers.etag as string;
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/public/articles/${story}/live-updates`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    const edited = await editUpdate(story, first, reporter, '<p>సవరించిన ఫలితం</p>');
    expect(edited.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/public/articles/${story}/live-updates`,
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect((after.json() as typeof list).updates[1].content).toBe('<p>సవరించిన ఫలితం</p>');
  });

  it('drop out of the cached article page when one is posted', async () => {
    const page = await t.services.articlePage.get(story);
    expect(page?.article.liveSince).toBeTruthy();
    await postUpdate(story, admin, '<p>మూడో రౌండ్</p>');
    const list = (await t.api(API.live.list, { params: { id: story } })).json() as { updates: { content: string }[] };
    expect(list.updates[0].content).toBe('<p>మూడో రౌండ్</p>');
  });

  it('are deleted by their story reporter or an admin; a wrong pair is 404', async () => {
    expect((await t.api(API.live.remove, { params: { id: plain, updateId: first }, cookie: admin.cookie })).statusCode).toBe(404);
    expect((await t.api(API.live.remove, { params: { id: story, updateId: first }, cookie: other.cookie })).statusCode).toBe(404);
    const res = await t.api(API.live.remove, { params: { id: story, updateId: first }, cookie: reporter.cookie });
    expect(res.statusCode).toBe(204);
    expect((await updates(story)).map((u) => u.id)).not.toContain(first);
    const audit = await t.services.db.select().from(auditEntries).where(eq(auditEntries.action, 'article.live_update_delete'));
    expect(audit).toHaveLength(1);
  });

  it('stop when live coverage ends; the list stays, and ending twice is 409', async () => {
    const res = await t.api(API.live.end, { params: { id: story }, cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { article: { liveEndedAt: string | null } }).article.liveEndedAt).toBeTruthy();
    expect((await t.api(API.live.end, { params: { id: story }, cookie: admin.cookie })).statusCode).toBe(409);
    const refused = await postUpdate(story, admin, '<p>x</p>');
    expect(refused.statusCode).toBe(409);
    const list = (await t.api(API.live.list, { params: { id: story } })).json() as {
      live: boolean;
      updates: unknown[];
    };
    expect(list.live).toBe(false);
    expect(list.updates).toHaveLength(2);
    expect((await t.api(API.live.list, { params: { id: pending } })).statusCode).toBe(404);
  });
});

describe("an update's author (issue 35)", () => {
  let live: number;
  const list = async () =>
    (
      (await t.api(API.live.list, { params: { id: live } })).json() as {
        updates: { id: number; content: string; authorName: string }[];
      }
    ).updates;

  beforeAll(async () => {
    [live] = await addArticles(t.services.db, [{ title: 'కౌంటింగ్ లైవ్', reporterId: reporter.id }]);
    expect((await t.api(API.live.start, { params: { id: live }, cookie: admin.cookie })).statusCode).toBe(200);
  });

  it("is the only reporter who may change it: the story's reporter cannot edit or delete the admin's update", async () => {
    const posted = await postUpdate(live, admin, '<p>అధికారిక ఫలితం</p>');
    const update = (posted.json() as { id: number }).id;
    const edit = await editUpdate(live, update, reporter, '<p>రిపోర్టర్ మాటలు</p>');
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ message: "Only the update's author or an admin can change it." });
    expect((await t.api(API.live.remove, { params: { id: live, updateId: update }, cookie: reporter.cookie })).statusCode).toBe(
      403,
    );
    const [shown] = await list();
    expect(shown).toMatchObject({ id: update, content: '<p>అధికారిక ఫలితం</p>', authorName: admin.username });
  });

  it("is whoever wrote the current text: an admin who edits a reporter's update is named, and the reporter no longer changes it", async () => {
    const posted = await postUpdate(live, reporter, '<p>మొదటి మాట</p>');
    const update = (posted.json() as { id: number }).id;
    const own = await editUpdate(live, update, reporter, '<p>సరిచేసిన మాట</p>');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ authorName: reporter.username });
    const byAdmin = await editUpdate(live, update, admin, '<p>డెస్క్ మాట</p>');
    expect(byAdmin.statusCode).toBe(200);
    expect((await list())[0]).toMatchObject({ id: update, content: '<p>డెస్క్ మాట</p>', authorName: admin.username });
    expect((await editUpdate(live, update, reporter, '<p>x</p>')).statusCode).toBe(403);
    expect((await t.api(API.live.remove, { params: { id: live, updateId: update }, cookie: admin.cookie })).statusCode).toBe(204);
  });
});

describe('a long live story (issue 35)', () => {
  type Page = { live: boolean; updates: { id: number; content: string }[]; more: boolean };
  const pageOf = async (id: number, before?: number) => {
    const res = await t.call('GET', `/api/public/articles/${id}/live-updates${before ? `?before=${before}` : ''}`);
    expect(res.statusCode).toBe(200);
    return { res, page: res.json() as Page };
  };
  /** Rows as an older version stored them (no bound on their number, 20,000 characters each allowed). */
  const store = (articleId: number, contents: string[]) =>
    t.services.db
      .insert(liveUpdates)
      .values(contents.map((content) => ({ articleId, content, authorId: admin.id, authorName: admin.username })));

  it('refuses an update longer than the limit, naming the field and the limit', async () => {
    const [id] = await addArticles(t.services.db, [{ title: 'పొడవైన అప్‌డేట్', reporterId: reporter.id }]);
    await t.api(API.live.start, { params: { id }, cookie: admin.cookie });
    // The attack's update: 20,000 characters.
    const res = await postUpdate(id, admin, `<p>${'అ'.repeat(20_000 - 7)}</p>`);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Record<string, string> }).errors.content).toBe('An update can be at most 5000 characters.');
    expect(await updates(id)).toHaveLength(0);
    const atLimit = await postUpdate(id, admin, `<p>${'అ'.repeat(5_000 - 7)}</p>`);
    expect(atLimit.statusCode).toBe(201);
  });

  it('answers one bounded page, newest first, kept in memory; every update is reached through `before`', async () => {
    const [id] = await addArticles(t.services.db, [{ title: '110 అప్‌డేట్ల కథనం', reporterId: reporter.id }]);
    await t.api(API.live.start, { params: { id }, cookie: admin.cookie });
    // The attack as it was made: 110 updates of 20,000 characters (14.1 MB pages, a 5.7 MB list).
    const words = 'ఎన్నికల ఫలితాల లెక్కింపు కొనసాగుతోంది. ';
    await store(
      id,
      Array.from({ length: 110 }, (_, n) => `<p>${n} ${words.repeat(20_000 / words.length)}`.slice(0, 20_000 - 4) + '</p>'),
    );
    const { res, page } = await pageOf(id);
    expect(Buffer.byteLength(res.body)).toBeLessThan(500_000);
    expect(page.updates.length).toBeGreaterThan(0);
    expect(page.updates.length).toBeLessThan(20);
    expect(page.more).toBe(true);
    // Kept: the next poll reads nothing from the database.
    expect(await t.services.live.publicList(id)).toBe(await t.services.live.publicList(id));
    const seen: number[] = page.updates.map((u) => u.id);
    for (let next = page; next.more;) {
      next = (await pageOf(id, seen.at(-1))).page;
      expect(next.updates.length).toBeGreaterThan(0);
      seen.push(...next.updates.map((u) => u.id));
    }
    expect(seen).toHaveLength(110);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(new Set(seen).size).toBe(110);
    const bad = await t.api(API.live.list, { params: { id }, query: { before: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: Record<string, string> }).errors.before).toBe('before must be the id of an update');
  });

  it('carries the newest 20 short updates a page', async () => {
    const [id] = await addArticles(t.services.db, [{ title: 'చిన్న అప్‌డేట్లు', reporterId: reporter.id }]);
    await t.api(API.live.start, { params: { id }, cookie: admin.cookie });
    await store(
      id,
      Array.from({ length: 45 }, (_, n) => `<p>అప్‌డేట్ ${n}</p>`),
    );
    const first = (await pageOf(id)).page;
    expect(first.updates.map((u) => u.content).slice(0, 2)).toEqual(['<p>అప్‌డేట్ 44</p>', '<p>అప్‌డేట్ 43</p>']);
    expect(first.updates).toHaveLength(20);
    const last = (await pageOf(id, (await pageOf(id, first.updates.at(-1)!.id)).page.updates.at(-1)!.id)).page;
    expect(last.updates.map((u) => u.content).at(-1)).toBe('<p>అప్‌డేట్ 0</p>');
    expect(last).toMatchObject({ more: false });
    expect(last.updates).toHaveLength(5);
  });

  it('refuses a post once the story holds 1,000 updates (409 naming the bound); a deleted one makes room', async () => {
    const [id] = await addArticles(t.services.db, [{ title: 'నిండిన కథనం', reporterId: reporter.id }]);
    await t.api(API.live.start, { params: { id }, cookie: admin.cookie });
    await store(
      id,
      Array.from({ length: 1_000 }, (_, n) => `<p>${n}</p>`),
    );
    const res = await postUpdate(id, reporter, '<p>ఇంకొకటి</p>');
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toMatch(/at most 1000 updates/);
    expect(await updates(id)).toHaveLength(1_000);
    const oldest = Math.min(...(await updates(id)).map((u) => u.id));
    expect((await t.api(API.live.remove, { params: { id, updateId: oldest }, cookie: admin.cookie })).statusCode).toBe(204);
    expect((await postUpdate(id, reporter, '<p>ఇంకొకటి</p>')).statusCode).toBe(201);
  });
});
