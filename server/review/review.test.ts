import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addCategories, addSubmission } from '../test/fixtures.ts';
import { articleCategories, articleImages, articles, images } from '../db/schema.ts';
import { REJECTION_REASON_MAX, REVIEW_MESSAGES } from '../../contract/review.ts';
import type { Article } from '../../contract/articles.ts';

const t = useTestApp();
let admin: SignedIn, reporter: SignedIn, user: SignedIn;
let politics: number;
let sports: number;

beforeAll(async () => {
  [admin, reporter, user] = await t.signInAs('ADMIN', 'REPORTER', 'USER');
  [politics, sports] = await addCategories(t.services.db, ['రాజకీయాలు', 'క్రీడలు']);
});

let seq = 0;
/** An article as a reporter's submission leaves it, written straight to the database. */
async function makeArticle(
  opts: {
    status?: 'PENDING' | 'REJECTED' | 'APPROVED';
    title?: string;
    publicationDate?: Date;
    createdAt?: Date;
    withImages?: number;
  } = {},
) {
  const title = opts.title ?? `వార్త ${++seq}`;
  const { publicationDate, createdAt, status } = opts;
  const fixture = { title, reporterId: reporter.id, categoryIds: [politics], status, publicationDate, createdAt };
  const row = await addSubmission(t.services.db, fixture);
  const imageIds: number[] = [];
  for (let i = 0; i < (opts.withImages ?? 0); i++) {
    const [img] = await t.services.db
      .insert(images)
      .values({ key: `k${row.id}x${i}`, width: 800, height: 600, variantWidths: [400, 800] })
      .returning();
    imageIds.push(img.id);
    await t.services.db.insert(articleImages).values({ articleId: row.id, imageId: img.id, position: i });
  }
  return { ...row, imageIds };
}

const as = (who: { cookie: string } | null) => (who ? { cookie: who.cookie } : {});
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, who: { cookie: string } | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: as(who), ...(payload === undefined ? {} : { payload: payload as object }) });
const statusOf = async (id: number) =>
  (await t.services.db.select({ s: articles.approvalStatus }).from(articles).where(eq(articles.id, id)))[0]?.s;

describe(`admin review API (${TEST_DB})`, () => {
  describe('every route is ADMIN only: anonymous 401, USER and REPORTER 403', () => {
    const routes: [string, 'GET' | 'PUT' | 'DELETE', (id: number) => string][] = [
      ['pending list', 'GET', () => '/api/admin/articles/pending'],
      ['approved list', 'GET', () => '/api/admin/articles/approved?page=0&pageSize=15'],
      ['one article', 'GET', (id) => `/api/admin/articles/${id}`],
      ['approve', 'PUT', (id) => `/api/admin/articles/approve/${id}`],
      ['reject', 'PUT', (id) => `/api/admin/articles/reject/${id}`],
      ['delete', 'DELETE', (id) => `/api/admin/articles/${id}`],
    ];
    it.each(routes)('%s', async (_name, method, url) => {
      const article = await makeArticle();
      const anonymous = await call(method, url(article.id), null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe('Authentication required');
      for (const who of [user, reporter]) {
        const res = await call(method, url(article.id), who);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('You do not have permission to do this');
      }
      // Refused calls change nothing.
      expect(await statusOf(article.id)).toBe('PENDING');
      const allowed = await call(method, url(article.id), admin);
      expect(allowed.statusCode).toBe(200);
    });
  });

  it('lists pending articles oldest first, with categories, images and no other status', async () => {
    const older = await makeArticle({ createdAt: new Date('2026-01-01T00:00:00Z'), withImages: 2 });
    const newer = await makeArticle({ createdAt: new Date('2026-01-02T00:00:00Z') });
    const rejected = await makeArticle({ status: 'REJECTED' });
    const approved = await makeArticle({ status: 'APPROVED' });
    const res = await call('GET', '/api/admin/articles/pending', admin);
    expect(res.statusCode).toBe(200);
    const list: Article[] = res.json();
    // A list, not the bodies: the review screen loads each article by id.
    expect(list.every((a) => !('content' in a))).toBe(true);
    const ids = list.map((a) => a.id);
    expect(ids).toContain(older.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids).not.toContain(rejected.id);
    expect(ids).not.toContain(approved.id);
    expect(list.every((a) => a.approvalStatus === 'PENDING')).toBe(true);
    const first = list.find((a) => a.id === older.id)!;
    expect(first.categories).toEqual([{ id: politics, name: 'రాజకీయాలు' }]);
    expect(first.imageUrls).toHaveLength(2);
    expect(first.reporterName).toMatch(/^reporter/);
  });

  it('shows one article of any status with its rejection reason; unknown or malformed id 404', async () => {
    const a = await makeArticle();
    await call('PUT', `/api/admin/articles/reject/${a.id}`, admin, { reason: 'ఫోటో స్పష్టంగా లేదు' });
    const res = await call('GET', `/api/admin/articles/${a.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, approvalStatus: 'REJECTED', rejectionReason: 'ఫోటో స్పష్టంగా లేదు' });
    const missing = await call('GET', '/api/admin/articles/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(REVIEW_MESSAGES.notFound);
    const bad = await call('GET', '/api/admin/articles/abc', admin);
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe(REVIEW_MESSAGES.notFound);
  });

  it('approves a pending article: status, publication date now, public on the next request', async () => {
    const a = await makeArticle({ publicationDate: new Date('2020-01-01T00:00:00Z') });
    const headlinesBefore = await t.services.homepage.latestHeadlines();
    expect(headlinesBefore.map((h) => h.id)).not.toContain(a.id);
    const version = t.services.changes.version;
    const before = Date.now();
    const res = await call('PUT', `/api/admin/articles/approve/${a.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Article approved successfully.');
    expect(res.json().article).toMatchObject({ id: a.id, approvalStatus: 'APPROVED' });
    const published = new Date(res.json().article.publicationDate).getTime();
    expect(published).toBeGreaterThanOrEqual(before - 1000);
    expect(published).toBeLessThanOrEqual(Date.now() + 1000);
    expect(t.services.changes.version).toBeGreaterThan(version);
    // The ticker (server-rendered from the same table) has it at once.
    expect((await t.services.homepage.latestHeadlines())[0]).toEqual({ id: a.id, title: a.title });
  });

  it('approves a rejected article and clears its reason; approving an approved one is 409', async () => {
    const a = await makeArticle({ status: 'REJECTED' });
    await t.services.db.update(articles).set({ rejectionReason: 'old' }).where(eq(articles.id, a.id));
    const ok = await call('PUT', `/api/admin/articles/approve/${a.id}`, admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().article.rejectionReason).toBeNull();
    const again = await call('PUT', `/api/admin/articles/approve/${a.id}`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyApproved);
    const missing = await call('PUT', '/api/admin/articles/approve/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(REVIEW_MESSAGES.notFound);
  });

  it('rejects with a reason the reporter will see (trimmed), or with none at all', async () => {
    const a = await makeArticle();
    const res = await call('PUT', `/api/admin/articles/reject/${a.id}`, admin, { reason: '  మూలాలు చూపండి  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Article rejected successfully.');
    expect(res.json().article).toMatchObject({ approvalStatus: 'REJECTED', rejectionReason: 'మూలాలు చూపండి' });

    const b = await makeArticle();
    const noBody = await call('PUT', `/api/admin/articles/reject/${b.id}`, admin);
    expect(noBody.statusCode).toBe(200);
    expect(noBody.json().article).toMatchObject({ approvalStatus: 'REJECTED', rejectionReason: null });
    const blank = await call('PUT', `/api/admin/articles/reject/${b.id}`, admin, { reason: '   ' });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().article.rejectionReason).toBeNull();
  });

  it('refuses a reason over 500 characters or of the wrong type, and changes nothing', async () => {
    const a = await makeArticle();
    const long = await call('PUT', `/api/admin/articles/reject/${a.id}`, admin, { reason: 'అ'.repeat(REJECTION_REASON_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(`The reason can be at most ${REJECTION_REASON_MAX} characters.`);
    expect(long.json().errors.reason).toBe(REVIEW_MESSAGES.reasonTooLong);
    const wrongType = await call('PUT', `/api/admin/articles/reject/${a.id}`, admin, { reason: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(await statusOf(a.id)).toBe('PENDING');
    const exact = await call('PUT', `/api/admin/articles/reject/${a.id}`, admin, { reason: 'అ'.repeat(REJECTION_REASON_MAX) });
    expect(exact.statusCode).toBe(200);
  });

  it('refuses to reject an approved article with 409: it stays published', async () => {
    const a = await makeArticle({ status: 'APPROVED' });
    const res = await call('PUT', `/api/admin/articles/reject/${a.id}`, admin, { reason: 'late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REVIEW_MESSAGES.cannotRejectApproved);
    expect(await statusOf(a.id)).toBe('APPROVED');
    const missing = await call('PUT', '/api/admin/articles/reject/999999', admin);
    expect(missing.statusCode).toBe(404);
  });

  describe('approved list', () => {
    let fixture: Awaited<ReturnType<typeof makeArticle>>[];
    beforeAll(async () => {
      fixture = [];
      // 17 approved articles with a distinctive word, published one minute apart.
      for (let i = 0; i < 17; i++) {
        fixture.push(
          await makeArticle({ status: 'APPROVED', title: `పేజీ-పరీక్ష ${i}`, publicationDate: new Date(Date.UTC(2030, 0, 1, 0, i)) }),
        );
      }
      await makeArticle({ status: 'PENDING', title: 'పేజీ-పరీక్ష pending' });
      await makeArticle({ status: 'APPROVED', title: '100% true_story' });
    });

    it('pages 15 at a time, newest first, with totalPages', async () => {
      const first = await call(
        'GET',
        `/api/admin/articles/approved?page=0&pageSize=15&title=${encodeURIComponent('పేజీ-పరీక్ష')}`,
        admin,
      );
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.totalPages).toBe(2);
      expect(body.totalElements).toBe(17);
      expect(body.content).toHaveLength(15);
      expect(body.content[0].id).toBe(fixture[16].id);
      expect(body.content.every((a: Article) => a.approvalStatus === 'APPROVED')).toBe(true);
      const second = await call(
        'GET',
        `/api/admin/articles/approved?page=1&pageSize=15&title=${encodeURIComponent('పేజీ-పరీక్ష')}`,
        admin,
      );
      expect(second.json().content.map((a: Article) => a.id)).toEqual([fixture[1].id, fixture[0].id]);
    });

    it('defaults to page 0 and 15 per page; filters by title ignoring case and treating % and _ literally', async () => {
      const all = await call('GET', '/api/admin/articles/approved', admin);
      expect(all.statusCode).toBe(200);
      expect(all.json().content).toHaveLength(15);
      // Newest publication first across the whole list.
      expect(all.json().content[0].id).toBe(fixture[16].id);
      const percent = await call('GET', `/api/admin/articles/approved?title=${encodeURIComponent('100%')}`, admin);
      expect(percent.json().content.map((a: Article) => a.title)).toEqual(['100% true_story']);
      const upper = await call('GET', '/api/admin/articles/approved?title=TRUE_STORY', admin);
      expect(upper.json().totalElements).toBe(1);
      const literal = await call('GET', `/api/admin/articles/approved?title=${encodeURIComponent('%_%')}`, admin);
      expect(literal.json()).toEqual({ content: [], totalPages: 0, totalElements: 0 });
      const none = await call('GET', '/api/admin/articles/approved?title=nothing-like-this', admin);
      expect(none.json()).toEqual({ content: [], totalPages: 0, totalElements: 0 });
    });

    it('falls back to sane paging for nonsense parameters', async () => {
      const res = await call('GET', '/api/admin/articles/approved?page=-3&pageSize=abc', admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().content).toHaveLength(15);
      const small = await call('GET', `/api/admin/articles/approved?pageSize=5&title=${encodeURIComponent('పేజీ-పరీక్ష')}`, admin);
      expect(small.json().totalPages).toBe(4);
    });
  });

  it('deletes an article of any status, its categories and image links, and releases its images', async () => {
    const release = vi.spyOn(t.services.images, 'release');
    try {
      const a = await makeArticle({ status: 'APPROVED', withImages: 2 });
      const version = t.services.changes.version;
      const res = await call('DELETE', `/api/admin/articles/${a.id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Article deleted successfully.' });
      expect(release).toHaveBeenCalledTimes(1);
      expect(release.mock.calls[0][0]).toEqual(a.imageIds);
      expect(await statusOf(a.id)).toBeUndefined();
      expect(await t.services.db.select().from(articleCategories).where(eq(articleCategories.articleId, a.id))).toEqual([]);
      expect(await t.services.db.select().from(articleImages).where(eq(articleImages.articleId, a.id))).toEqual([]);
      expect(t.services.changes.version).toBeGreaterThan(version);
      expect((await t.services.homepage.latestHeadlines()).map((h) => h.id)).not.toContain(a.id);

      for (const status of ['PENDING', 'REJECTED'] as const) {
        const other = await makeArticle({ status });
        expect((await call('DELETE', `/api/admin/articles/${other.id}`, admin)).statusCode).toBe(200);
      }
      const again = await call('DELETE', `/api/admin/articles/${a.id}`, admin);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(REVIEW_MESSAGES.notFound);
    } finally {
      release.mockRestore();
    }
  });

  it('keeps the article when releasing its images fails (one transaction)', async () => {
    const release = vi.spyOn(t.services.images, 'release').mockRejectedValueOnce(new Error('disk gone'));
    try {
      const a = await makeArticle({ withImages: 1 });
      const res = await call('DELETE', `/api/admin/articles/${a.id}`, admin);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error' });
      expect(await statusOf(a.id)).toBe('PENDING');
      expect(await t.services.db.select().from(articleImages).where(eq(articleImages.articleId, a.id))).toHaveLength(1);
    } finally {
      release.mockRestore();
    }
  });

  it('approving one article leaves its categories untouched (several allowed)', async () => {
    const a = await makeArticle();
    await t.services.db.insert(articleCategories).values({ articleId: a.id, categoryId: sports, position: 1 });
    const res = await call('PUT', `/api/admin/articles/approve/${a.id}`, admin);
    expect(res.json().article.categories.map((c: { id: number }) => c.id)).toEqual([politics, sports]);
  });
});
