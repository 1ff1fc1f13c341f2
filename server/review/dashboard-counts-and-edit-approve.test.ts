// The admin dashboard's counts and Edit & Approve with a schedule (PUT
// /api/admin/articles/{id}/save-and-approve?publishAt=), over HTTP. The edit and the approval or
// schedule are one write: the tests check that a refusal leaves the story as it was.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addCategory, addStoryWithPicture } from '../test/fixtures.ts';
import { articleRevisions, articles, auditEntries } from '../db/schema.ts';
import type { ChangeNotice } from '../db/changes.ts';
import { REVIEW_MESSAGES } from '../../contract/review.ts';
import type { ApprovalStatus, Article } from '../../contract/articles.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let admin: SignedIn, reporter: SignedIn;
let categoryId: number;

let heard: (readonly ChangeNotice[])[] = [];
const realNow = () => new Date();

beforeAll(async () => {
  [admin, reporter] = await t.signInAs('ADMIN', 'REPORTER');
  categoryId = (await addCategory(t.services.db, 'పని వార్తలు')).id;
  t.services.changes.onChange((_change, notices) => heard.push(notices));
});
afterEach(() => {
  vi.restoreAllMocks();
  t.services.clock.now = realNow;
});

let seq = 0;
function articleIn(status: ApprovalStatus) {
  return addStoryWithPicture(t.services.db, {
    title: `పని వార్త ${++seq}`,
    reporterId: reporter.id,
    categoryIds: [categoryId],
    status,
  });
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
      .orderBy(asc(auditEntries.id))
  ).map((r) => r.a);
const revisionsOf = async (id: number) =>
  (
    await t.services.db
      .select({ kind: articleRevisions.kind })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, id))
      .orderBy(asc(articleRevisions.id))
  ).map((r) => r.kind);
/** What a story is as far as these tests look: its row, its history and its audit entries. */
const stateOf = async (id: number) => ({ row: await rowOf(id), revisions: await revisionsOf(id), audit: await auditOf(id) });

describe(`admin dashboard counts and Edit & Approve API (${TEST_DB})`, () => {
  it('counts the stories in each state for the dashboard tiles (admins only)', async () => {
    const before = (await t.api(API.review.counts, { cookie: admin.cookie })).json();
    await articleIn('PENDING');
    await articleIn('PENDING');
    await articleIn('SCHEDULED');
    await articleIn('REJECTED');
    const res = await t.api(API.review.counts, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pending: before.pending + 2,
      scheduled: before.scheduled + 1,
      approved: before.approved,
      rejected: before.rejected + 1,
    });
    expect((await t.api(API.review.counts, { cookie: reporter.cookie })).statusCode).toBe(403);
    expect((await t.api(API.review.counts)).statusCode).toBe(401);
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

  it('Edit & Approve with a time ahead saves and schedules it in one write; readers see it at its time', async () => {
    const a = await articleIn('REJECTED');
    const before = await revisionsOf(a.id);
    const at = new Date(Date.now() + 2 * 86_400_000);
    at.setUTCSeconds(0, 0);
    heard = [];
    const res = await saveAndApprove(a.id, `?publishAt=${encodeURIComponent(at.toISOString())}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(REVIEW_MESSAGES.savedAndScheduled);
    expect(res.json().article).toMatchObject({ title: 'సవరించి షెడ్యూల్', approvalStatus: 'SCHEDULED' });
    const row = await rowOf(a.id);
    expect(row).toMatchObject({ title: 'సవరించి షెడ్యూల్', approvalStatus: 'SCHEDULED' });
    expect(row.publicationDate.toISOString()).toBe(at.toISOString());
    // One revision (the edit), the edit's and the schedule's audit entries, one change announced.
    expect(await revisionsOf(a.id)).toEqual([...before, 'EDIT']);
    expect(await auditOf(a.id)).toEqual(['article.edit', 'article.schedule']);
    expect(heard).toEqual([[{ kind: 'articles', articles: [a.id], categories: [categoryId] }]]);

    // Invisible to readers until then; at its time the publishing clock publishes the edit.
    expect((await t.api(API.publicArticles.one, { params: { id: a.id } })).statusCode).toBe(404);
    const latest = (await t.api(API.publicArticles.latestNews, { params: { categoryId: 0 } })).json() as { id: number }[];
    expect(latest.map((x) => x.id)).not.toContain(a.id);
    t.services.clock.now = () => new Date(at.getTime() - 1000);
    expect((await t.services.publishing.tick()).published).not.toContain(a.id);
    expect((await t.api(API.publicArticles.one, { params: { id: a.id } })).statusCode).toBe(404);
    t.services.clock.now = () => at;
    expect((await t.services.publishing.tick()).published).toContain(a.id);
    const page = await t.api(API.publicArticles.one, { params: { id: a.id } });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ title: 'సవరించి షెడ్యూల్', publicationDate: at.toISOString() });
  });

  it('a schedule refused inside the write takes the edit back with it (nothing saved, nothing announced)', async () => {
    // Published by someone else between the early status check and the write: the edit of an
    // APPROVED story is allowed on its own, the schedule is not, so the whole write is refused.
    const a = await articleIn('APPROVED');
    const before = await stateOf(a.id);
    vi.spyOn(t.services.review, 'checkApprovable').mockResolvedValueOnce();
    heard = [];
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const res = await saveAndApprove(a.id, `?publishAt=${encodeURIComponent(at)}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REVIEW_MESSAGES.alreadyApproved);
    expect(await stateOf(a.id)).toEqual(before);
    expect(heard).toEqual([]);
  });

  it.each(['tomorrow', '2026-11-24T06:00', '2026-02-30T06:00:00Z'])(
    'an unreadable publishAt (%s) is its 400 and changes nothing',
    async (value) => {
      const a = await articleIn('PENDING');
      const before = await stateOf(a.id);
      heard = [];
      const res = await saveAndApprove(a.id, `?publishAt=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(REVIEW_MESSAGES.invalidPublishAt);
      expect(await stateOf(a.id)).toEqual(before);
      expect(heard).toEqual([]);
    },
  );

  it('a scheduled story is rescheduled by its edit; a time already past publishes it now', async () => {
    const a = await articleIn('SCHEDULED');
    const later = new Date(Date.now() + 3 * 86_400_000);
    later.setUTCSeconds(0, 0);
    expect((await saveAndApprove(a.id, `?publishAt=${encodeURIComponent(later.toISOString())}`)).statusCode).toBe(200);
    expect((await rowOf(a.id)).publicationDate.toISOString()).toBe(later.toISOString());
    const past = await saveAndApprove(a.id, `?publishAt=${encodeURIComponent('2020-01-01T06:00:00+05:30')}`);
    expect(past.json().message).toBe(REVIEW_MESSAGES.savedAndApproved);
    const row = await rowOf(a.id);
    expect(row.approvalStatus).toBe('APPROVED');
    // Published now, not back in 2020.
    expect(Math.abs(row.publicationDate.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await auditOf(a.id)).slice(-2)).toEqual(['article.edit', 'article.approve']);
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
    const byReporter = await t.api(API.review.saveAndApprove, { params: { id: b.id }, cookie: reporter.cookie, body: edited() });
    expect(byReporter.statusCode).toBe(403);
    expect(
      (await t.api(API.review.saveAndApprove, { params: { id: 99999999 }, cookie: admin.cookie, body: edited() })).statusCode,
    ).toBe(404);
  });
});
