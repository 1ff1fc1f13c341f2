// The article's lifecycle table (./lifecycle.ts): first the table itself against the rules as the
// newsroom states them (every act, every caller, every status: allowed or refused, and with which
// revision, audit action and announced change); then every act through real HTTP, from every
// status, to show that the services go through the table: the answer, the status after, the audit
// entry, the revision kept and the change announced are what the table says, and a refused or
// failed act leaves and announces nothing.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addCategory, addStoryWithPicture } from '../test/fixtures.ts';
import { articleRevisions, articles, auditEntries } from '../db/schema.ts';
import type { ChangeNotice, ContentChange } from '../db/changes.ts';
import { HttpError } from '../http/errors.ts';
import { decide, TRANSITIONS, type Act, type Caller, type Transition } from './lifecycle.ts';
import { APPROVAL_STATUSES, type ApprovalStatus } from '../../contract/articles.ts';
import { AUDIT_ACTIONS } from '../../contract/audit.ts';
import { API } from '../../contract/api.ts';

type From = ApprovalStatus | 'NEW';
/** [to, revision kept, audit action, change announced] */
type Row = [Transition['to'], Transition['revision'], Transition['audit'], Transition['announce']];
type Spec = Record<Act, Partial<Record<'AUTHOR' | 'ADMIN' | 'SYSTEM', Partial<Record<From, Row>>>>>;

const notLive = <R extends Row>(row: R) => ({ PENDING: row, REJECTED: row, SCHEDULED: row });
const live = <R extends Row>(row: R) => ({ ...notLive(row), APPROVED: row });

/** The lifecycle as docs/architecture.md and the review README state it. */
const SPEC: Spec = {
  create: { AUTHOR: { NEW: ['PENDING', 'CREATE', null, null] } },
  draft: { AUTHOR: { NEW: ['DRAFT', null, null, null] } },
  'save-draft': { AUTHOR: { DRAFT: ['DRAFT', null, null, null] } },
  submit: { AUTHOR: { DRAFT: ['PENDING', 'CREATE', null, null] } },
  'delete-draft': { AUTHOR: { DRAFT: ['GONE', null, null, null] } },
  edit: {
    AUTHOR: { PENDING: ['PENDING', 'EDIT', 'article.edit', null], REJECTED: ['PENDING', 'RESUBMIT', 'article.edit', null] },
    ADMIN: { ...notLive(['SAME', 'EDIT', 'article.edit', null]), APPROVED: ['SAME', 'EDIT', 'article.edit', 'article'] },
  },
  restore: {
    ADMIN: {
      ...notLive(['SAME', 'RESTORE', 'article.revision_restore', null]),
      APPROVED: ['SAME', 'RESTORE', 'article.revision_restore', 'article'],
    },
  },
  approve: { ADMIN: notLive(['APPROVED', null, 'article.approve', 'article']) },
  schedule: { ADMIN: notLive(['SCHEDULED', null, 'article.schedule', 'article']) },
  unschedule: { ADMIN: { SCHEDULED: ['PENDING', null, 'article.unschedule', 'article'] } },
  reject: { ADMIN: notLive(['REJECTED', null, 'article.reject', 'article']) },
  publish: { SYSTEM: { SCHEDULED: ['APPROVED', null, 'article.publish', 'article'] } },
  breaking: { ADMIN: { APPROVED: ['SAME', null, 'article.breaking', 'breaking'] } },
  'clear-breaking': { ADMIN: live(['SAME', null, 'article.breaking_clear', 'breaking']) },
  'go-live': { ADMIN: { APPROVED: ['SAME', null, 'article.live_start', 'article'] } },
  'end-live': { ADMIN: { APPROVED: ['SAME', null, 'article.live_end', 'article'] } },
  correct: { ADMIN: { APPROVED: ['SAME', 'CORRECTION', 'article.correction_add', 'article'] } },
  'remove-correction': { ADMIN: { APPROVED: ['SAME', 'CORRECTION_REMOVED', 'article.correction_remove', 'article'] } },
  delete: {
    AUTHOR: { PENDING: ['GONE', null, 'article.delete', null], REJECTED: ['GONE', null, 'article.delete', null] },
    ADMIN: live(['GONE', null, 'article.delete', 'article']),
  },
};
const ACTS = Object.keys(SPEC) as Act[];
const OWNER = 1;
const CALLERS: [string, Caller, 'AUTHOR' | 'ADMIN' | 'SYSTEM' | null][] = [
  ['the admin', { role: 'ADMIN', id: 9, username: 'admin' }, 'ADMIN'],
  ['its reporter', { role: 'REPORTER', id: OWNER, username: 'owner' }, 'AUTHOR'],
  ['another reporter', { role: 'REPORTER', id: 2, username: 'other' }, 'AUTHOR'],
  ['a reader', { role: 'USER', id: 3, username: 'reader' }, null],
  ['the publishing clock', { role: 'SYSTEM' }, 'SYSTEM'],
];

/** decide() as a value: the transition's row, or the refusal's status. */
function outcome(act: Act, caller: Caller, from: From): Row | number {
  try {
    const t = decide(act, caller, from === 'NEW' ? null : { status: from, reporterId: OWNER });
    return [t.to, t.revision, t.audit, t.announce];
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

describe('the lifecycle table', () => {
  it.each(ACTS)('%s: allowed and refused for every caller and status', (act) => {
    for (const [, caller, who] of CALLERS) {
      const mine = who ? SPEC[act][who] : undefined;
      for (const from of ['NEW', ...APPROVAL_STATUSES] as From[]) {
        const got = outcome(act, caller, from);
        const label = `${act} by ${caller.role} ${caller.id ?? ''} from ${from}`;
        if (!mine) {
          // A role with no such act: 403 before anything is read.
          expect(got, label).toBe(403);
          continue;
        }
        const draftAct = Object.keys(mine).includes('DRAFT');
        const newAct = Object.keys(mine).includes('NEW');
        const hidden =
          (from === 'NEW' && !newAct) ||
          (from !== 'NEW' && !newAct && (from === 'DRAFT') !== draftAct) ||
          (who === 'AUTHOR' && from !== 'NEW' && caller.id !== OWNER);
        const expected = mine[from] ?? (hidden ? 404 : newAct ? undefined : 409);
        if (expected === undefined) {
          // An act that makes a new article is given no existing one by the services.
          continue;
        }
        expect(got, label).toEqual(hidden ? 404 : expected);
      }
    }
  });

  it('every row is one the rules above name, and no act has two rows for one caller and status', () => {
    const seen = new Set<string>();
    for (const t of TRANSITIONS) {
      for (const from of t.from) {
        const key = `${t.act}/${t.who}/${from}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
        expect([t.to, t.revision, t.audit, t.announce], key).toEqual(SPEC[t.act][t.who]?.[from]);
      }
      if (t.audit) expect(AUDIT_ACTIONS).toHaveProperty(t.audit);
    }
    const specified = ACTS.flatMap((act) =>
      Object.entries(SPEC[act]).flatMap(([who, rows]) => Object.keys(rows!).map((from) => `${act}/${who}/${from}`)),
    );
    expect([...seen].sort()).toEqual(specified.sort());
  });
});

const t = useTestApp();
let admin: SignedIn, reporter: SignedIn, other: SignedIn;
let categoryId: number;
let heard: [ContentChange | undefined, readonly ChangeNotice[]][];

beforeAll(async () => {
  [admin, reporter, other] = await t.signInAs('ADMIN', 'REPORTER', 'REPORTER');
  categoryId = (await addCategory(t.services.db, 'జీవనచక్రం')).id;
  heard = [];
  t.services.changes.onChange((change, notices) => heard.push([change, notices]));
});
afterEach(() => {
  vi.restoreAllMocks();
});

let seq = 0;
/** An article in `status` as its reporter left it: one category, one picture, a first revision. */
function articleIn(status: ApprovalStatus) {
  return addStoryWithPicture(t.services.db, {
    title: `జీవనచక్రం వార్త ${++seq}`,
    reporterId: reporter.id,
    categoryIds: [categoryId],
    status,
  });
}

const revisionsOf = (id: number) =>
  t.services.db
    .select({ id: articleRevisions.id, kind: articleRevisions.kind })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, id))
    .orderBy(desc(articleRevisions.id));
const auditOf = async (id: number) =>
  (
    await t.services.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(and(eq(auditEntries.objectType, 'article'), eq(auditEntries.objectId, String(id))))
  ).map((e) => e.action);
const rowOf = async (id: number) => (await t.services.db.select().from(articles).where(eq(articles.id, id)))[0];

const edited = { title: 'సవరించిన శీర్షిక', author: 'రవి', content: '<p>కొత్త వివరాలు</p>', region: 'విజయవాడ' };
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** Each act as its screen sends it. */
const ROUTES: [Act, 'AUTHOR' | 'ADMIN', (id: number, revision: number) => [string, string, object?]][] = [
  ['edit', 'AUTHOR', (id) => ['PUT', `/api/articles/${id}`, { ...edited, categoryIds: [categoryId] }]],
  ['edit', 'ADMIN', (id) => ['PUT', `/api/articles/${id}`, { ...edited, categoryIds: [categoryId] }]],
  ['delete', 'AUTHOR', (id) => ['DELETE', `/api/reporter/articles/${id}`]],
  ['delete', 'ADMIN', (id) => ['DELETE', `/api/admin/articles/${id}`]],
  ['approve', 'ADMIN', (id) => ['PUT', `/api/admin/articles/approve/${id}`]],
  ['schedule', 'ADMIN', (id) => ['PUT', `/api/admin/articles/approve/${id}?publishAt=${encodeURIComponent(inAnHour())}`]],
  ['unschedule', 'ADMIN', (id) => ['PUT', `/api/admin/articles/unschedule/${id}`]],
  ['reject', 'ADMIN', (id) => ['PUT', `/api/admin/articles/reject/${id}`, { reason: 'మూలం లేదు' }]],
  ['breaking', 'ADMIN', (id) => ['PUT', `/api/admin/articles/breaking/${id}`, { hours: 2 }]],
  ['clear-breaking', 'ADMIN', (id) => ['DELETE', `/api/admin/articles/breaking/${id}`]],
  // end-live is refused (409) on a story that is not live, whatever the table says: server/live/live.test.ts.
  ['go-live', 'ADMIN', (id) => ['PUT', `/api/admin/articles/${id}/live`]],
  ['correct', 'ADMIN', (id) => ['POST', `/api/admin/articles/${id}/corrections`, { text: 'తేదీ సరిచేశాం' }]],
  ['restore', 'ADMIN', (id, revision) => ['POST', `/api/admin/articles/${id}/revisions/${revision}/restore`]],
  ['save-draft', 'AUTHOR', (id) => ['PUT', `/api/articles/drafts/${id}`, { ...edited, version: 1, categoryIds: [categoryId] }]],
  ['submit', 'AUTHOR', (id) => ['POST', `/api/articles/drafts/${id}/submit`]],
  ['delete-draft', 'AUTHOR', (id) => ['DELETE', `/api/reporter/articles/drafts/${id}`]],
];

describe(`every act through HTTP follows the table (${TEST_DB})`, () => {
  it.each(ROUTES)('%s by %s, from every status', async (act, who, route) => {
    for (const from of APPROVAL_STATUSES) {
      for (const [as, caller] of who === 'ADMIN'
        ? ([[admin, { role: 'ADMIN', id: admin.id, username: admin.username }]] as const)
        : ([
            [reporter, { role: 'REPORTER', id: reporter.id, username: reporter.username }],
            [other, { role: 'REPORTER', id: other.id, username: other.username }],
          ] as const)) {
        const a = await articleIn(from);
        const label = `${act} by ${as.username} from ${from}`;
        const revisions = await revisionsOf(a.id);
        const [method, url, body] = route(a.id, revisions[0]?.id ?? 1);
        heard.length = 0;
        let expected: Transition | HttpError;
        try {
          expected = decide(act, caller, { status: from, reporterId: reporter.id });
        } catch (error) {
          expected = error as HttpError;
        }
        const res = await t.call(method, url, as.cookie, body);
        const after = await rowOf(a.id);
        if (expected instanceof HttpError) {
          expect(res.statusCode, label).toBe(expected.status);
          expect(res.json().message, label).toBe(expected.message);
          // Refused: nothing changed, recorded or announced.
          expect(after.approvalStatus, label).toBe(from);
          expect(after.title, label).toBe(a.title);
          expect(await auditOf(a.id), label).toEqual([]);
          expect(await revisionsOf(a.id), label).toEqual(revisions);
          expect(heard, label).toEqual([]);
          continue;
        }
        expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300);
        if (expected.to === 'GONE') expect(after, label).toBeUndefined();
        else expect(after.approvalStatus, label).toBe(expected.to === 'SAME' ? from : expected.to);
        expect(await auditOf(a.id), label).toEqual(expected.audit ? [expected.audit] : []);
        const kept = expected.to === 'GONE' ? [] : await revisionsOf(a.id);
        if (expected.revision) expect(kept[0]?.kind, label).toBe(expected.revision);
        else if (expected.to !== 'GONE') expect(kept, label).toEqual(revisions);
        if (expected.announce === 'article')
          expect(heard, label).toEqual([
            [{ articles: [a.id], categories: [categoryId] }, [{ kind: 'articles', articles: [a.id], categories: [categoryId] }]],
          ]);
        else if (expected.announce === 'breaking') expect(heard, label).toEqual([[undefined, [{ kind: 'breaking' }]]]);
        else expect(heard, label).toEqual([]);
      }
    }
  });

  it('the publishing clock publishes only what the table lets it: SCHEDULED and due, announced once', async () => {
    const due = new Date(Date.now() - 60_000);
    const all = await Promise.all(APPROVAL_STATUSES.map((status) => articleIn(status)));
    await t.services.db.update(articles).set({ publicationDate: due }).where(eq(articles.reporterId, reporter.id));
    heard.length = 0;
    const published = await t.services.publishing.publishDue(new Date());
    const scheduled = all[APPROVAL_STATUSES.indexOf('SCHEDULED')];
    expect(published).toContain(scheduled.id);
    expect(published.filter((id) => all.some((a) => a.id === id))).toEqual([scheduled.id]);
    for (const a of all) {
      const after = await rowOf(a.id);
      expect(after.approvalStatus).toBe(a.id === scheduled.id ? 'APPROVED' : a.approvalStatus);
    }
    expect(await auditOf(scheduled.id)).toEqual(['article.publish']);
    expect(heard).toHaveLength(1);
    expect(heard[0][0]?.articles).toEqual(published);
    expect(heard[0][0]?.categories).toEqual([categoryId]);
  });

  it('save-and-approve is one write: the edit and the approval are announced once, together', async () => {
    const a = await articleIn('PENDING');
    heard.length = 0;
    const res = await t.api(API.articles.update, {
      params: { id: a.id },
      query: { approve: 'true' },
      cookie: admin.cookie,
      body: { ...edited, categoryIds: [categoryId] },
    });
    expect(res.statusCode).toBe(200);
    expect(await auditOf(a.id)).toEqual(['article.edit', 'article.approve']);
    expect(heard).toEqual([
      [{ articles: [a.id], categories: [categoryId] }, [{ kind: 'articles', articles: [a.id], categories: [categoryId] }]],
    ]);
  });

  it('an act that fails after its checks rolls back whole: no status, entry, revision or announcement', async () => {
    // A public article's edit would be announced; an unknown category fails it after the lock.
    const a = await articleIn('APPROVED');
    const revisions = await revisionsOf(a.id);
    heard.length = 0;
    const res = await t.api(API.articles.update, {
      params: { id: a.id },
      cookie: admin.cookie,
      body: { ...edited, categoryIds: [999_999] },
    });
    expect(res.statusCode).toBe(400);
    expect((await rowOf(a.id)).title).toBe(a.title);
    expect(await revisionsOf(a.id)).toEqual(revisions);
    expect(await auditOf(a.id)).toEqual([]);
    expect(heard).toEqual([]);

    // A delete whose images cannot be released keeps the article.
    vi.spyOn(t.services.images, 'release').mockRejectedValueOnce(new Error('disk gone'));
    expect((await t.api(API.review.remove, { params: { id: a.id }, cookie: admin.cookie })).statusCode).toBe(500);
    expect((await rowOf(a.id)).approvalStatus).toBe('APPROVED');
    expect(await auditOf(a.id)).toEqual([]);
    expect(heard).toEqual([]);
  });
});
