// The audit trail from outside: each act leaves one entry (who, when, what, which object, from
// where) written in the act's own transaction, a failed act leaves none, entries outlive what they
// name, and the Activity API filters and pages them. Nothing in the app edits or deletes them.
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, desc, eq } from 'drizzle-orm';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addCategory, addSubmission } from '../test/fixtures.ts';
import { articles, auditEntries, navigationEntries } from '../db/schema.ts';
import { approveArticleIn } from '../review/service.ts';
import { createLifecycle } from '../articles/lifecycle.ts';
import { ensureFirstRevision } from '../articles/revision-store.ts';
import { AUDIT_ACTIONS, AUDIT_MESSAGES } from '../../contract/audit.ts';

const t = useTestApp();
let admin: SignedIn, reporter: SignedIn;
let categoryId: number;
const ADDRESS = '198.51.100.23';

beforeAll(async () => {
  [admin, reporter] = await t.signInAs('ADMIN', 'REPORTER');
  categoryId = (await addCategory(t.services.db, 'ఆడిట్')).id;
});

let seq = 0;
function makeArticle(status: 'PENDING' | 'APPROVED' = 'PENDING', reporterId = reporter.id) {
  const title = `ఆడిట్ వార్త ${++seq}`;
  return addSubmission(t.services.db, { title, reporterId, status, categoryIds: [categoryId] });
}

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    remoteAddress: ADDRESS,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const entriesFor = (objectId: number | string, objectType = 'article') =>
  t.services.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.objectId, String(objectId)), eq(auditEntries.objectType, objectType)))
    .orderBy(auditEntries.id);
const allEntries = () => t.services.db.select().from(auditEntries).orderBy(desc(auditEntries.id));

describe(`audit trail (${TEST_DB})`, () => {
  it('approve: who, when, what, which object, from which address; listed by GET /api/admin/audit', async () => {
    const a = await makeArticle();
    const before = Date.now();
    expect((await call('PUT', `/api/admin/articles/approve/${a.id}`, admin.cookie)).statusCode).toBe(200);
    const [entry] = await entriesFor(a.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorName: admin.username,
      action: 'article.approve',
      objectType: 'article',
      objectId: String(a.id),
      summary: a.title,
      ip: ADDRESS,
    });
    expect(entry.at.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const page = (await call('GET', `/api/admin/audit?action=article.approve&actor=${admin.username}`, admin.cookie)).json();
    expect(page.content[0]).toMatchObject({ action: 'article.approve', objectId: String(a.id), actorName: admin.username });
  });

  it('reject records the reason; schedule and unschedule are recorded', async () => {
    const a = await makeArticle();
    await call('PUT', `/api/admin/articles/reject/${a.id}`, admin.cookie, { reason: 'ఆధారాలు లేవు' });
    const at = new Date(Date.now() + 86_400_000).toISOString();
    await call('PUT', `/api/admin/articles/approve/${a.id}?publishAt=${encodeURIComponent(at)}`, admin.cookie);
    await call('PUT', `/api/admin/articles/unschedule/${a.id}`, admin.cookie);
    const entries = await entriesFor(a.id);
    expect(entries.map((e) => e.action)).toEqual(['article.reject', 'article.schedule', 'article.unschedule']);
    expect(entries[0].details).toEqual({ reason: 'ఆధారాలు లేవు', noteId: expect.any(Number) });
    expect(entries[1].details).toEqual({ publishAt: at });
  });

  it('a failed act leaves no entry', async () => {
    const approved = await makeArticle('APPROVED');
    const count = (await allEntries()).length;
    // 409: already approved.
    expect((await call('PUT', `/api/admin/articles/approve/${approved.id}`, admin.cookie)).statusCode).toBe(409);
    // Save-and-approve: the edit is recorded, then the approval fails (409) and takes the edit's entry with it.
    const edit = await call('PUT', `/api/articles/${approved.id}?approve=true`, admin.cookie, {
      title: 'మారిన శీర్షిక',
      author: 'రవి',
      content: '<p>x</p>',
      categoryIds: [categoryId],
    });
    expect(edit.statusCode).toBe(409);
    expect((await t.services.db.select().from(articles).where(eq(articles.id, approved.id)))[0].title).toBe(approved.title);
    // A category in the navigation bar cannot be deleted.
    await t.services.db.insert(navigationEntries).values({ categoryId, displayOrder: 1 });
    expect((await call('DELETE', `/api/admin/categories/${categoryId}`, admin.cookie)).statusCode).toBe(409);
    await t.services.db.delete(navigationEntries);
    // An invalid time.
    const pending = await makeArticle();
    expect((await call('PUT', `/api/admin/articles/approve/${pending.id}?publishAt=soon`, admin.cookie)).statusCode).toBe(400);
    expect((await allEntries()).length).toBe(count);

    // The entry is written with the act's transaction: when that transaction fails, both go.
    const version = t.services.changes.version;
    const lifecycle = createLifecycle(t.services);
    await expect(
      t.services.changes.write(async (tx, notice) => {
        await approveArticleIn(lifecycle, tx, notice, pending.id, { actor: { id: admin.id, username: admin.username } });
        throw new Error('the act fails after recording');
      }),
    ).rejects.toThrow('the act fails after recording');
    expect(await entriesFor(pending.id)).toEqual([]);
    // Nor was the approval announced.
    expect(t.services.changes.version).toBe(version);
    expect((await t.services.db.select().from(articles).where(eq(articles.id, pending.id)))[0].approvalStatus).toBe('PENDING');
  });

  it('edit (reporter and admin) and delete are recorded; deleting an article keeps its entries', async () => {
    const a = await makeArticle();
    const body = { title: 'సవరించిన వార్త', author: 'రవి', content: '<p>y</p>', categoryIds: [categoryId], region: 'x' };
    expect((await call('PUT', `/api/articles/${a.id}`, reporter.cookie, body)).statusCode).toBe(200);
    expect((await call('PUT', `/api/articles/${a.id}?approve=true`, admin.cookie, body)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/articles/${a.id}`, admin.cookie)).statusCode).toBe(200);
    const entries = await entriesFor(a.id);
    expect(entries.map((e) => [e.action, e.actorName])).toEqual([
      ['article.edit', reporter.username],
      ['article.edit', admin.username],
      ['article.approve', admin.username],
      ['article.delete', admin.username],
    ]);
    expect(entries[3].summary).toBe('సవరించిన వార్త');

    const own = await makeArticle();
    expect((await call('DELETE', `/api/reporter/articles/${own.id}`, reporter.cookie)).statusCode).toBe(204);
    expect((await entriesFor(own.id)).map((e) => [e.action, e.actorName])).toEqual([['article.delete', reporter.username]]);
  });

  it('role change, reassignment, user deletion', async () => {
    const u = await t.signIn('USER');
    expect(
      (await call('POST', '/api/admin/assignRole', admin.cookie, { username: u.username, role: 'REPORTER' })).statusCode,
    ).toBe(200);
    const from = await t.signIn('REPORTER');
    const to = await t.signIn('REPORTER');
    await makeArticle('APPROVED', from.id);
    expect(
      (
        await call('POST', '/api/admin/reassign-and-delete-reporter', admin.cookie, {
          fromReporterId: from.id,
          toReporterId: to.id,
        })
      ).statusCode,
    ).toBe(200);
    const plain = await t.signIn('USER');
    expect((await call('DELETE', `/api/admin/users/${plain.id}`, admin.cookie)).statusCode).toBe(200);

    expect((await entriesFor(u.id, 'user')).map((e) => [e.action, e.summary])).toEqual([
      ['user.role_change', `${u.username}: USER → REPORTER`],
    ]);
    expect((await entriesFor(from.id, 'user')).map((e) => e.action)).toEqual(['user.reassign', 'user.delete']);
    expect((await entriesFor(from.id, 'user'))[0].details).toMatchObject({ from: from.username, to: to.username, articles: 1 });
    expect((await entriesFor(plain.id, 'user')).map((e) => [e.action, e.summary, e.ip])).toEqual([
      ['user.delete', plain.username, ADDRESS],
    ]);
  });

  it('category, navigation, featured and About Us changes', async () => {
    const created = (await call('POST', '/api/admin/categories', admin.cookie, { name: 'కొత్త విభాగం' })).json();
    await call('PUT', `/api/admin/categories/${created.id}`, admin.cookie, { name: 'మారిన విభాగం' });
    await call('PUT', '/api/navigation-categories', admin.cookie, [{ categoryId: created.id, displayOrder: 1 }]);
    await call('PUT', '/api/navigation-categories', admin.cookie, []);
    await call('POST', '/api/admin/homepage/featured-categories', admin.cookie, [created.id]);
    expect((await call('DELETE', `/api/admin/categories/${created.id}`, admin.cookie)).statusCode).toBe(204);
    expect((await call('POST', '/api/admin/about', admin.cookie, { content: '<p>మా గురించి</p>' })).statusCode).toBe(201);
    expect((await call('PUT', '/api/admin/about', admin.cookie, { content: '<p>మారింది</p>' })).statusCode).toBe(200);

    expect((await entriesFor(created.id, 'category')).map((e) => [e.action, e.summary])).toEqual([
      ['category.create', 'కొత్త విభాగం'],
      ['category.rename', 'కొత్త విభాగం → మారిన విభాగం'],
      ['category.delete', 'మారిన విభాగం'],
    ]);
    const recent = (await allEntries()).slice(0, 8).map((e) => e.action);
    expect(recent).toEqual(expect.arrayContaining(['navigation.update', 'featured.update', 'about.update']));
    expect(recent.filter((a) => a === 'about.update')).toHaveLength(2);
  });

  it('ad upload and deletion', async () => {
    const png = await sharp({ create: { width: 320, height: 80, channels: 3, background: { r: 9, g: 99, b: 199 } } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ad.png');
    body.append('adDetails', JSON.stringify([{ durationInSeconds: 5 }]));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ads',
      remoteAddress: ADDRESS,
      headers: { cookie: admin.cookie },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const adId = res.json().ads[0].id;
    expect((await call('DELETE', `/api/admin/ads/${adId}`, admin.cookie)).statusCode).toBe(200);
    expect((await entriesFor(adId, 'ad')).map((e) => [e.action, e.actorName, e.ip])).toEqual([
      ['ad.upload', admin.username, ADDRESS],
      ['ad.delete', admin.username, ADDRESS],
    ]);
  });

  it('sign-ins of staff are recorded with the address; a reader signing in is not', async () => {
    const staff = await t.signIn('REPORTER');
    const reader = await t.signIn('USER');
    expect(
      (await call('POST', '/api/auth/login', undefined, { username: staff.username, password: 'secret123' })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/auth/login', undefined, { username: reader.username, password: 'secret123' })).statusCode,
    ).toBe(200);
    expect((await call('POST', '/api/auth/login', undefined, { username: staff.username, password: 'wrong' })).statusCode).toBe(
      401,
    );
    expect((await entriesFor(staff.id, 'user')).map((e) => [e.action, e.actorName, e.ip])).toEqual([
      ['auth.sign_in', staff.username, ADDRESS],
    ]);
    expect(await entriesFor(reader.id, 'user')).toEqual([]);
  });

  it('GET /api/admin/audit: newest first, filters by actor, action and time, pages', async () => {
    const other = await t.signIn('ADMIN');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await makeArticle();
      ids.push(a.id);
      await call('PUT', `/api/admin/articles/reject/${a.id}`, other.cookie, { reason: `కారణం ${i}` });
    }
    const byActor = (
      await call('GET', `/api/admin/audit?actor=${other.username.toUpperCase()}&size=2&page=0`, admin.cookie)
    ).json();
    expect(byActor.totalElements).toBe(3);
    expect(byActor.totalPages).toBe(2);
    expect(byActor.content.map((e: { objectId: string }) => e.objectId)).toEqual([String(ids[2]), String(ids[1])]);
    const second = (await call('GET', `/api/admin/audit?actor=${other.username}&size=2&page=1`, admin.cookie)).json();
    expect(second.content.map((e: { objectId: string }) => e.objectId)).toEqual([String(ids[0])]);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await call('GET', `/api/admin/audit?from=${encodeURIComponent(future)}`, admin.cookie)).json().totalElements).toBe(0);
    expect(
      (
        await call(
          'GET',
          `/api/admin/audit?actor=${other.username}&from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`,
          admin.cookie,
        )
      ).json().totalElements,
    ).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call('GET', `/api/admin/audit?actor=${other.username}&to=2000-01-01`, admin.cookie)).json().totalElements).toBe(
      0,
    );
    expect(
      (await call('GET', `/api/admin/audit?actor=${other.username}&action=article.reject&from=${past}`, admin.cookie)).json()
        .totalElements,
    ).toBe(3);
    expect(today).toMatch(/^\d{4}-/);

    const badAction = await call('GET', '/api/admin/audit?action=drop.table', admin.cookie);
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().message).toBe(AUDIT_MESSAGES.invalidAction);
    const badFrom = await call('GET', '/api/admin/audit?from=yesterday', admin.cookie);
    expect(badFrom.statusCode).toBe(400);
    expect(badFrom.json().message).toBe(AUDIT_MESSAGES.invalidFrom);
  });

  it('a password reset link issued and a revision restored are recorded in their own transactions', async () => {
    const reset = await call('POST', `/api/admin/users/${reporter.id}/password-reset`, admin.cookie, {});
    expect(reset.statusCode).toBe(201);
    expect((await entriesFor(reporter.id, 'user')).find((e) => e.action === 'user.password_reset')).toMatchObject({
      actorId: admin.id,
      summary: reporter.username,
      ip: ADDRESS,
    });

    const a = await makeArticle();
    await t.services.db.transaction((tx) => ensureFirstRevision(tx, a.id));
    const [revision] = (await call('GET', `/api/articles/${a.id}/revisions`, admin.cookie)).json();
    const restore = await call('POST', `/api/admin/articles/${a.id}/revisions/${revision.id}/restore`, admin.cookie, {});
    expect(restore.statusCode).toBe(200);
    expect((await entriesFor(a.id)).map((e) => e.action)).toEqual(['article.revision_restore']);
    // A restore that fails (no such revision) leaves no entry.
    expect((await call('POST', `/api/admin/articles/${a.id}/revisions/999999/restore`, admin.cookie, {})).statusCode).toBe(404);
    expect(await entriesFor(a.id)).toHaveLength(1);
  });

  it('entries cannot be edited or deleted through the app, and only admins read them', async () => {
    const [entry] = await allEntries();
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      expect(
        (await call(method, `/api/admin/audit/${entry.id}`, admin.cookie, method === 'DELETE' ? undefined : {})).statusCode,
      ).toBe(404);
      expect((await call(method, `/api/admin/audit`, admin.cookie, method === 'DELETE' ? undefined : {})).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/admin/audit', reporter.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/audit')).statusCode).toBe(401);
    expect(Object.keys(AUDIT_ACTIONS)).toEqual(expect.arrayContaining(['user.password_reset', 'article.revision_restore']));
  });
});
