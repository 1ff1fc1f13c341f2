// Live coverage from outside: the admin's live switch, updates by admins and the story's reporter
// (sanitised, audited), the refusals (not live, not public, another reporter, empty), and the
// readers' list: newest first, ETag and 304, dropped by a change.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type SignedIn } from '../test/app.ts';
import { addArticles, addCategory } from '../test/fixtures.ts';
import { articles, auditEntries, liveUpdates } from '../db/schema.ts';

const t = useTestApp();
let reporter: SignedIn, other: SignedIn, admin: SignedIn, reader: SignedIn;
let story: number, pending: number, plain: number;

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
    expect((await t.call('PUT', `/api/admin/articles/${story}/live`, reporter.cookie)).statusCode).toBe(403);
    const res = await t.call('PUT', `/api/admin/articles/${story}/live`, admin.cookie);
    expect(res.statusCode).toBe(200);
    const { article } = res.json() as { article: { liveSince: string | null; liveEndedAt: string | null } };
    expect(article.liveSince).toBeTruthy();
    expect(article.liveEndedAt).toBeNull();
    const pub = (await t.call('GET', `/api/public/articles/${story}`)).json() as { liveSince: string };
    expect(pub.liveSince).toBe(article.liveSince);
    const audit = await t.services.db.select().from(auditEntries).where(eq(auditEntries.action, 'article.live_start'));
    expect(audit).toHaveLength(1);
  });

  it('refuses a story that is not approved (409) and a missing one (404)', async () => {
    const res = await t.call('PUT', `/api/admin/articles/${pending}/live`, admin.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Only an approved story can be covered live.' });
    expect((await t.call('PUT', '/api/admin/articles/999999/live', admin.cookie)).statusCode).toBe(404);
    const [row] = await t.services.db.select().from(articles).where(eq(articles.id, pending));
    expect(row.liveSince).toBeNull();
  });
});

describe('live updates', () => {
  let first: number;

  it('are posted by the story reporter and admins, sanitised and audited', async () => {
    const res = await t.call('POST', `/api/articles/${story}/live-updates`, reporter.cookie, {
      content: '<p>మొదటి రౌండ్ <strong>ఫలితం</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    expect(res.statusCode).toBe(201);
    const update = res.json() as { id: number; content: string; authorName: string };
    first = update.id;
    expect(update.content).toBe('<p>మొదటి రౌండ్ <strong>ఫలితం</strong></p>');
    expect(update.authorName).toBe(reporter.username);
    const second = await t.call('POST', `/api/articles/${story}/live-updates`, admin.cookie, { content: '<p>రెండో రౌండ్</p>' });
    expect(second.statusCode).toBe(201);
    const audit = await t.services.db.select().from(auditEntries).where(eq(auditEntries.action, 'article.live_update_post'));
    expect(audit.map((a) => a.objectId)).toEqual([String(story), String(story)]);
  });

  it('are refused to another reporter (404), a reader (403) and anyone signed out (401)', async () => {
    const before = (await updates(story)).length;
    expect((await t.call('POST', `/api/articles/${story}/live-updates`, other.cookie, { content: '<p>x</p>' })).statusCode).toBe(
      404,
    );
    expect((await t.call('POST', `/api/articles/${story}/live-updates`, reader.cookie, { content: '<p>x</p>' })).statusCode).toBe(
      403,
    );
    expect((await t.call('POST', `/api/articles/${story}/live-updates`, undefined, { content: '<p>x</p>' })).statusCode).toBe(
      401,
    );
    expect(await updates(story)).toHaveLength(before);
  });

  it('refuse an empty update naming the field, and a story not live or not public', async () => {
    const empty = await t.call('POST', `/api/articles/${story}/live-updates`, admin.cookie, { content: '<p> </p>' });
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as { errors: Record<string, string> }).errors.content).toMatch(/empty/);
    const notLive = await t.call('POST', `/api/articles/${plain}/live-updates`, admin.cookie, { content: '<p>x</p>' });
    expect(notLive.statusCode).toBe(409);
    expect(notLive.json()).toMatchObject({ message: expect.stringMatching(/not live/) });
    const notPublic = await t.call('POST', `/api/articles/${pending}/live-updates`, admin.cookie, { content: '<p>x</p>' });
    expect(notPublic.statusCode).toBe(409);
    expect(notPublic.json()).toMatchObject({ message: expect.stringMatching(/not public/) });
    expect(await updates(plain)).toHaveLength(0);
    expect(await updates(pending)).toHaveLength(0);
  });

  it('are listed for readers newest first, with an ETag that answers 304 until a change', async () => {
    const res = await t.call('GET', `/api/public/articles/${story}/live-updates`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=4');
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

    const edited = await t.call('PUT', `/api/articles/${story}/live-updates/${first}`, reporter.cookie, {
      content: '<p>సవరించిన ఫలితం</p>',
    });
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
    await t.call('POST', `/api/articles/${story}/live-updates`, admin.cookie, { content: '<p>మూడో రౌండ్</p>' });
    const list = (await t.call('GET', `/api/public/articles/${story}/live-updates`)).json() as { updates: { content: string }[] };
    expect(list.updates[0].content).toBe('<p>మూడో రౌండ్</p>');
  });

  it('are deleted by their story reporter or an admin; a wrong pair is 404', async () => {
    expect((await t.call('DELETE', `/api/articles/${plain}/live-updates/${first}`, admin.cookie)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/articles/${story}/live-updates/${first}`, other.cookie)).statusCode).toBe(404);
    const res = await t.call('DELETE', `/api/articles/${story}/live-updates/${first}`, reporter.cookie);
    expect(res.statusCode).toBe(204);
    expect((await updates(story)).map((u) => u.id)).not.toContain(first);
    const audit = await t.services.db.select().from(auditEntries).where(eq(auditEntries.action, 'article.live_update_delete'));
    expect(audit).toHaveLength(1);
  });

  it('stop when live coverage ends; the list stays, and ending twice is 409', async () => {
    const res = await t.call('DELETE', `/api/admin/articles/${story}/live`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { article: { liveEndedAt: string | null } }).article.liveEndedAt).toBeTruthy();
    expect((await t.call('DELETE', `/api/admin/articles/${story}/live`, admin.cookie)).statusCode).toBe(409);
    const refused = await t.call('POST', `/api/articles/${story}/live-updates`, admin.cookie, { content: '<p>x</p>' });
    expect(refused.statusCode).toBe(409);
    const list = (await t.call('GET', `/api/public/articles/${story}/live-updates`)).json() as {
      live: boolean;
      updates: unknown[];
    };
    expect(list.live).toBe(false);
    expect(list.updates).toHaveLength(2);
    expect((await t.call('GET', `/api/public/articles/${pending}/live-updates`)).statusCode).toBe(404);
  });
});
