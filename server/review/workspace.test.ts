// The admin dashboard's counts and Edit & Approve with a schedule (PUT
// /api/admin/articles/{id}/save-and-approve?publishAt=), over HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addCategory, addSubmission } from '../test/fixtures.ts';
import { articleImages, articles, auditEntries, images } from '../db/schema.ts';
import { ensureFirstRevision } from '../articles/revisions.ts';
import { REVIEW_MESSAGES } from '../../contract/review.ts';
import type { ApprovalStatus, Article } from '../../contract/articles.ts';

const t = useTestApp();
let admin: SignedIn, reporter: SignedIn;
let categoryId: number;

beforeAll(async () => {
  [admin, reporter] = await t.signInAs('ADMIN', 'REPORTER');
  categoryId = (await addCategory(t.services.db, 'పని వార్తలు')).id;
});

let seq = 0;
async function articleIn(status: ApprovalStatus) {
  const row = await addSubmission(t.services.db, {
    title: `పని వార్త ${++seq}`,
    reporterId: reporter.id,
    categoryIds: [categoryId],
    status,
    publicationDate: status === 'SCHEDULED' ? new Date(Date.now() + 86_400_000) : undefined,
  });
  const [img] = await t.services.db
    .insert(images)
    .values({ key: `workspace${row.id}`, width: 800, height: 600, variantWidths: [400, 800] })
    .returning();
  await t.services.db.insert(articleImages).values({ articleId: row.id, imageId: img.id, position: 0 });
  await t.services.db.transaction((tx) => ensureFirstRevision(tx, row.id));
  return row;
}

const edited = () => ({
  title: 'సవరించి షెడ్యూల్',
  author: 'రవి',
  content: '<p>కొత్త వివరాలు</p>',
  region: 'విజయవాడ',
  categoryIds: [categoryId],
});
const saveAndApprove = (id: number, query = '') =>
  t.call('PUT', `/api/admin/articles/${id}/save-and-approve${query}`, admin.cookie, edited());
const rowOf = async (id: number) => (await t.services.db.select().from(articles).where(eq(articles.id, id)))[0];
const auditOf = async (id: number) =>
  (
    await t.services.db
      .select({ a: auditEntries.action })
      .from(auditEntries)
      .where(and(eq(auditEntries.objectType, 'article'), eq(auditEntries.objectId, String(id))))
  ).map((r) => r.a);

describe(`admin workspace API (${TEST_DB})`, () => {
  it('counts the stories in each state for the dashboard tiles (admins only)', async () => {
    const before = (await t.call('GET', '/api/admin/articles/counts', admin.cookie)).json();
    await articleIn('PENDING');
    await articleIn('PENDING');
    await articleIn('SCHEDULED');
    await articleIn('REJECTED');
    const res = await t.call('GET', '/api/admin/articles/counts', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pending: before.pending + 2,
      scheduled: before.scheduled + 1,
      approved: before.approved,
      rejected: before.rejected + 1,
    });
    expect((await t.call('GET', '/api/admin/articles/counts', reporter.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/articles/counts')).statusCode).toBe(401);
  });

  it('Edit & Approve without a time saves and approves', async () => {
    const a = await articleIn('PENDING');
    const res = await saveAndApprove(a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(REVIEW_MESSAGES.savedAndApproved);
    const article = res.json().article as Article;
    expect(article).toMatchObject({ title: 'సవరించి షెడ్యూల్', approvalStatus: 'APPROVED' });
    expect(await auditOf(a.id)).toEqual(expect.arrayContaining(['article.edit', 'article.approve']));
  });

  it('Edit & Approve with a time ahead saves and schedules it through the lifecycle', async () => {
    const a = await articleIn('REJECTED');
    const at = new Date(Date.now() + 2 * 86_400_000);
    at.setUTCSeconds(0, 0);
    const res = await saveAndApprove(a.id, `?publishAt=${encodeURIComponent(at.toISOString())}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(REVIEW_MESSAGES.savedAndScheduled);
    const row = await rowOf(a.id);
    expect(row).toMatchObject({ title: 'సవరించి షెడ్యూల్', approvalStatus: 'SCHEDULED' });
    expect(row.publicationDate.toISOString()).toBe(at.toISOString());
    expect(await auditOf(a.id)).toEqual(expect.arrayContaining(['article.edit', 'article.schedule']));
    // Invisible to readers until then.
    expect((await t.call('GET', `/api/public/articles/${a.id}`)).statusCode).toBe(404);
  });

  it('a scheduled story is rescheduled by its edit; a time already past publishes it now', async () => {
    const a = await articleIn('SCHEDULED');
    const later = new Date(Date.now() + 3 * 86_400_000);
    later.setUTCSeconds(0, 0);
    expect((await saveAndApprove(a.id, `?publishAt=${encodeURIComponent(later.toISOString())}`)).statusCode).toBe(200);
    expect((await rowOf(a.id)).publicationDate.toISOString()).toBe(later.toISOString());
    const past = await saveAndApprove(a.id, `?publishAt=${encodeURIComponent('2020-01-01T06:00:00+05:30')}`);
    expect(past.json().message).toBe(REVIEW_MESSAGES.savedAndApproved);
    expect((await rowOf(a.id)).approvalStatus).toBe('APPROVED');
  });

  it('refuses a published story (409, nothing saved), an unreadable time (400) and a reporter (403)', async () => {
    const a = await articleIn('APPROVED');
    const res = await saveAndApprove(a.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REVIEW_MESSAGES.alreadyApproved);
    expect((await rowOf(a.id)).title).toBe(a.title);

    const b = await articleIn('PENDING');
    const bad = await saveAndApprove(b.id, '?publishAt=tomorrow');
    expect(bad.statusCode).toBe(400);
    expect((await rowOf(b.id)).title).toBe(b.title);
    const byReporter = await t.call('PUT', `/api/admin/articles/${b.id}/save-and-approve`, reporter.cookie, edited());
    expect(byReporter.statusCode).toBe(403);
    expect((await t.call('PUT', '/api/admin/articles/99999999/save-and-approve', admin.cookie, edited())).statusCode).toBe(404);
  });
});
