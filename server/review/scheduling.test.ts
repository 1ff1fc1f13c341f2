// Scheduled publishing and breaking news over real HTTP, with the services' clock under the
// test's control (no sleeping): the moment a scheduled article appears, and the moment breaking
// news expires, are reached by moving the clock and running the publishing clock's check.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addCategory, addSubmission } from '../test/fixtures.ts';
import { auditEntries, articles, featuredCategories } from '../db/schema.ts';
import { createPublishingClock } from './publishing-clock.ts';
import { createChangeFeed, type ChangeNotice } from '../db/changes.ts';
import { BREAKING_LABEL, formatIndiaTime, indiaLocalToIso, isoToIndiaLocal, REVIEW_MESSAGES } from '../../contract/review.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let admin: SignedIn, reporter: SignedIn;
let categoryId: number;
const realNow = () => new Date();

beforeAll(async () => {
  [admin, reporter] = await t.signInAs('ADMIN', 'REPORTER');
  categoryId = (await addCategory(t.services.db, 'షెడ్యూల్')).id;
  await t.services.db.insert(featuredCategories).values({ categoryId, position: 0 });
});
afterEach(() => {
  t.services.clock.now = realNow;
});

let seq = 0;
async function makeArticle(opts: { status?: 'PENDING' | 'APPROVED'; title?: string; video?: boolean } = {}) {
  const title = opts.title ?? `షెడ్యూల్డ్ వార్త ${++seq} ${Math.random().toString(36).slice(2, 8)}`;
  const youtubeVideoId = opts.video ? 'dQw4w9WgXcQ' : null;
  const row = await addSubmission(t.services.db, {
    title,
    reporterId: reporter.id,
    categoryIds: [categoryId],
    status: opts.status,
    youtubeVideoId,
  });
  // Written past the services: announce it as every service's write does (public lists are kept
  // in memory until a change).
  await t.services.changes.contentChanged();
  return row;
}

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const statusOf = async (id: number) => (await t.services.db.select().from(articles).where(eq(articles.id, id)))[0];
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000);
const schedule = (id: number, at: Date | string) =>
  call(
    'PUT',
    `/api/admin/articles/approve/${id}?publishAt=${encodeURIComponent(typeof at === 'string' ? at : at.toISOString())}`,
    admin.cookie,
  );

/** Every public place an article can show up, as a reader (or a crawler) sees it. */
async function publicSightings(a: { id: number; title: string }) {
  const seen: string[] = [];
  const json = async (url: string) => (await call('GET', url)).json();
  const ids = (list: { id: number }[]) => list.map((x) => x.id);
  if ((await call('GET', `/api/public/articles/${a.id}`)).statusCode !== 404) seen.push('article');
  if (ids(await json(`/api/public/articles/category/${categoryId}?page=0&size=50`)).includes(a.id)) seen.push('category');
  if (ids(await json(`/api/public/articles/related/${categoryId}/0`)).includes(a.id)) seen.push('related');
  if (ids(await json(`/api/public/articles/latest-news/0`)).includes(a.id)) seen.push('latest-news');
  const home = await json('/api/public/articles/homepage');
  if (ids(home.latestNews).includes(a.id)) seen.push('home latest');
  if (ids(home.videoArticles).includes(a.id)) seen.push('home videos');
  if (home.featuredCategorySections.some((s: { articles: { id: number }[] }) => ids(s.articles).includes(a.id)))
    seen.push('featured');
  if (ids(home.breakingNews).includes(a.id)) seen.push('breaking');
  if ((await t.services.homepage.latestHeadlines()).some((h) => h.id === a.id)) seen.push('ticker');
  const search = await json(`/api/public/articles/search?query=${encodeURIComponent(a.title.split(' ').pop()!)}`);
  if (ids(search.content).includes(a.id)) seen.push('search');
  for (const feed of ['/sitemap.xml', '/news-sitemap.xml', '/rss.xml', `/rss/category/${categoryId}.xml`]) {
    if ((await call('GET', feed)).body.includes(`/article/${a.id}<`)) seen.push(feed);
  }
  return seen;
}

describe(`scheduled publishing (${TEST_DB})`, () => {
  it('approve with a future publishAt: SCHEDULED, listed for admins with its time, invisible to the public everywhere', async () => {
    const a = await makeArticle({ video: true });
    const at = hoursFromNow(6);
    const res = await schedule(a.id, at);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(REVIEW_MESSAGES.scheduled);
    expect(res.json().article).toMatchObject({ approvalStatus: 'SCHEDULED', publicationDate: at.toISOString() });

    const scheduled = (await call('GET', '/api/admin/articles/scheduled', admin.cookie)).json();
    expect(scheduled.find((s: { id: number }) => s.id === a.id)).toMatchObject({ publicationDate: at.toISOString() });
    const pending = (await call('GET', '/api/admin/articles/pending', admin.cookie)).json();
    expect(pending.map((p: { id: number }) => p.id)).not.toContain(a.id);
    const approved = (await call('GET', '/api/admin/articles/approved', admin.cookie)).json();
    expect(approved.content.map((p: { id: number }) => p.id)).not.toContain(a.id);

    expect(await publicSightings(a)).toEqual([]);
  });

  it('the same article is seen everywhere once published (the check above can see it)', async () => {
    const a = await makeArticle({ status: 'APPROVED', video: true });
    expect(await publicSightings(a)).toEqual(
      expect.arrayContaining([
        'article',
        'category',
        'related',
        'latest-news',
        'home latest',
        'home videos',
        'featured',
        'ticker',
        'search',
        '/sitemap.xml',
        '/news-sitemap.xml',
        '/rss.xml',
      ]),
    );
  });

  it('at its time it becomes APPROVED with publicationDate = the scheduled time, once, and caches drop', async () => {
    const a = await makeArticle();
    const at = hoursFromNow(2);
    expect((await schedule(a.id, at)).statusCode).toBe(200);
    expect(await t.services.publishing.nextDueAt()).toEqual(at);

    t.services.clock.now = () => new Date(at.getTime() - 1000);
    expect((await t.services.publishing.tick()).published).not.toContain(a.id);
    expect((await statusOf(a.id)).approvalStatus).toBe('SCHEDULED');
    expect((await call('GET', `/api/public/articles/${a.id}`)).statusCode).toBe(404);

    const version = t.services.changes.version;
    t.services.clock.now = () => at;
    expect((await t.services.publishing.tick()).published).toEqual([a.id]);
    expect(t.services.changes.version).toBeGreaterThan(version);
    const page = await call('GET', `/api/public/articles/${a.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ approvalStatus: 'APPROVED', publicationDate: at.toISOString() });
    expect((await t.services.homepage.latestHeadlines()).map((h) => h.id)).toContain(a.id);

    // A second check finds nothing more to do.
    expect((await t.services.publishing.tick()).published).toEqual([]);
    const published = await t.services.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.objectId, String(a.id)));
    expect(published.filter((e) => e.action === 'article.publish')).toMatchObject([{ actorName: 'system', actorId: null }]);
  });

  it('two instances checking at the same moment publish a row once', async () => {
    const a = await makeArticle();
    const at = hoursFromNow(1);
    await schedule(a.id, at);
    const other = createPublishingClock({ ...t.services, clock: { now: () => at } });
    t.services.clock.now = () => at;
    const [mine, theirs] = await Promise.all([t.services.publishing.publishDue(at), other.publishDue(at)]);
    expect([...mine, ...theirs].filter((id) => id === a.id)).toEqual([a.id]);
    const entries = await t.services.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.objectId, String(a.id)));
    expect(entries.filter((e) => e.action === 'article.publish')).toHaveLength(1);
  });

  it('another instance hears of a new schedule through the change feed and publishes it at its time, no restart', async () => {
    // A second instance: its own change feed (LISTEN on PostgreSQL) and publishing clock, whose
    // poll is far too slow to matter: only the re-arm on the first instance's change can be on time.
    await t.services.changes.subscribe();
    const otherFeed = createChangeFeed(t.services.database);
    await otherFeed.subscribe();
    const other = createPublishingClock({ ...t.services, changes: otherFeed }, { pollMs: 600_000 });
    other.start();
    try {
      const a = await makeArticle();
      // Started with nothing due, the other instance sleeps for its whole poll unless told.
      const at = new Date(Date.now() + 800);
      expect((await schedule(a.id, at)).statusCode).toBe(200);
      await expect.poll(async () => (await statusOf(a.id)).approvalStatus, { timeout: 5000, interval: 100 }).toBe('APPROVED');
      expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
      expect((await statusOf(a.id)).publicationDate).toEqual(at);
    } finally {
      other.stop();
    }
  });

  it('a time in the past publishes now', async () => {
    const a = await makeArticle();
    const res = await schedule(a.id, new Date(Date.now() - 3_600_000));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(REVIEW_MESSAGES.approved);
    const row = await statusOf(a.id);
    expect(row.approvalStatus).toBe('APPROVED');
    expect(Math.abs(row.publicationDate.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await call('GET', `/api/public/articles/${a.id}`)).statusCode).toBe(200);
  });

  it.each(['tomorrow', '2026-13-01T06:00:00Z', '2026-11-24T06:00', '2026-02-30T06:00:00Z', '1700000000', '2026-11-24'])(
    'an invalid publishAt (%s) is a 400 with a clear message and changes nothing',
    async (value) => {
      const a = await makeArticle();
      const res = await schedule(a.id, value);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(REVIEW_MESSAGES.invalidPublishAt);
      expect((await statusOf(a.id)).approvalStatus).toBe('PENDING');
    },
  );

  it('an India-time offset is read as written', async () => {
    const a = await makeArticle();
    const res = await schedule(a.id, '2099-01-02T06:00:00+05:30');
    expect(res.json().article.publicationDate).toBe('2099-01-02T00:30:00.000Z');
  });

  it('the picker reads India time: a wall time in Asia/Kolkata converts to and from the instant', () => {
    expect(indiaLocalToIso('2026-11-24T06:00')).toBe('2026-11-24T06:00:00+05:30');
    expect(isoToIndiaLocal('2026-11-24T00:30:00.000Z')).toBe('2026-11-24T06:00');
    expect(isoToIndiaLocal('2026-11-23T20:00:00.000Z')).toBe('2026-11-24T01:30');
    expect(formatIndiaTime('2026-11-23T20:00:00.000Z')).toBe('24/11/2026 01:30 IST');
    expect(indiaLocalToIso('24/11/2026 06:00')).toBeNull();
  });

  it('reschedule and unschedule (back to PENDING, publication date the submission time again)', async () => {
    const a = await makeArticle();
    await schedule(a.id, hoursFromNow(3));
    const later = hoursFromNow(9);
    const again = await schedule(a.id, later);
    expect(again.json().article).toMatchObject({ approvalStatus: 'SCHEDULED', publicationDate: later.toISOString() });

    const res = await call('PUT', `/api/admin/articles/unschedule/${a.id}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(REVIEW_MESSAGES.unscheduled);
    const row = await statusOf(a.id);
    expect(row.approvalStatus).toBe('PENDING');
    expect(row.publicationDate).toEqual(row.createdAt);
    expect((await call('PUT', `/api/admin/articles/unschedule/${a.id}`, admin.cookie)).statusCode).toBe(409);
    // Approving a SCHEDULED article without a time publishes it now.
    await schedule(a.id, hoursFromNow(3));
    expect((await call('PUT', `/api/admin/articles/approve/${a.id}`, admin.cookie)).json().article.approvalStatus).toBe(
      'APPROVED',
    );
  });

  it('a reporter cannot edit or delete a scheduled article (it is accepted by the desk)', async () => {
    const a = await makeArticle();
    await schedule(a.id, hoursFromNow(3));
    const edit = await t.api(API.articles.update, {
      params: { id: a.id },
      cookie: reporter.cookie,
      body: { title: 'మార్పు', author: 'రవి', content: '<p>x</p>', categoryIds: [categoryId], region: 'x' },
    });
    expect(edit.statusCode).toBe(409);
    expect((await call('DELETE', `/api/reporter/articles/${a.id}`, reporter.cookie)).statusCode).toBe(409);
    expect((await statusOf(a.id)).approvalStatus).toBe('SCHEDULED');
  });
});

describe(`breaking news (${TEST_DB})`, () => {
  it('an admin marks an approved article breaking for 1-24 h: it leads the ticker and the home banner', async () => {
    const a = await makeArticle({ status: 'APPROVED' });
    await makeArticle({ status: 'APPROVED' }); // newer, yet the breaking story leads
    const res = await call('PUT', `/api/admin/articles/breaking/${a.id}`, admin.cookie, { hours: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(REVIEW_MESSAGES.breakingSet);
    const until = new Date(res.json().article.breakingUntil).getTime();
    expect(Math.abs(until - (Date.now() + 2 * 3_600_000))).toBeLessThan(60_000);

    const headlines = await t.services.homepage.latestHeadlines();
    expect(headlines[0]).toEqual({ id: a.id, title: a.title, breaking: true });
    expect(headlines.filter((h) => h.id === a.id)).toHaveLength(1);
    const home = (await call('GET', '/api/public/articles/homepage')).json();
    expect(home.breakingNews.map((b: { id: number }) => b.id)).toEqual([a.id]);
    expect(BREAKING_LABEL).toBe('బ్రేకింగ్');
  });

  it('expiry: gone from ticker and banner at its time, and the content version moves so cached pages drop', async () => {
    const a = await makeArticle({ status: 'APPROVED' });
    const until = new Date(
      (await call('PUT', `/api/admin/articles/breaking/${a.id}`, admin.cookie, { hours: 1 })).json().article.breakingUntil,
    );
    expect((await t.services.publishing.nextDueAt())?.getTime()).toBeLessThanOrEqual(until.getTime());
    const version = t.services.changes.version;
    t.services.clock.now = () => new Date(until.getTime() + 1);
    expect((await t.services.homepage.latestHeadlines()).find((h) => h.id === a.id)?.breaking).toBeUndefined();
    expect(
      (await call('GET', '/api/public/articles/homepage')).json().breakingNews.map((b: { id: number }) => b.id),
    ).not.toContain(a.id);
    expect((await t.services.publishing.tick()).breakingExpired).toBe(true);
    expect(t.services.changes.version).toBeGreaterThan(version);
  });

  it('two instances on one database: an expiry is announced by one of them, once (one CDN purge)', async () => {
    // A second instance: its own change feed and publishing clock over the same database.
    const otherFeed = createChangeFeed(t.services.database);
    const other = createPublishingClock({ ...t.services, changes: otherFeed });
    const announced: string[] = [];
    const count = (who: string) => (notices: readonly ChangeNotice[]) => {
      for (const n of notices) if (n.kind === 'breaking') announced.push(who);
    };
    const offMine = t.services.changes.onWrite(count('mine'));
    const offTheirs = otherFeed.onWrite(count('theirs'));
    try {
      const a = await makeArticle({ status: 'APPROVED' });
      const until = new Date(
        (await call('PUT', `/api/admin/articles/breaking/${a.id}`, admin.cookie, { hours: 3 })).json().article.breakingUntil,
      );
      // Up to a second before: earlier tests' expiries are announced, not this one.
      t.services.clock.now = () => new Date(until.getTime() - 1000);
      await Promise.all([t.services.publishing.tick(), other.tick()]);
      announced.length = 0;
      t.services.clock.now = () => new Date(until.getTime() + 5);
      const results = await Promise.all([t.services.publishing.tick(), other.tick()]);
      expect(results.filter((r) => r.breakingExpired)).toHaveLength(1);
      expect(announced).toHaveLength(1);
      // Later checks by either find it announced.
      t.services.clock.now = () => new Date(until.getTime() + 60_000);
      await Promise.all([other.tick(), t.services.publishing.tick()]);
      expect(announced).toHaveLength(1);
    } finally {
      offMine();
      offTheirs();
    }
  });

  it('cleared by an admin; bad hours are 400; only approved articles can be breaking (409)', async () => {
    const a = await makeArticle({ status: 'APPROVED' });
    await call('PUT', `/api/admin/articles/breaking/${a.id}`, admin.cookie, { hours: 24 });
    const cleared = await call('DELETE', `/api/admin/articles/breaking/${a.id}`, admin.cookie);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().article.breakingUntil).toBeNull();
    expect(
      (await call('GET', '/api/public/articles/homepage')).json().breakingNews.map((b: { id: number }) => b.id),
    ).not.toContain(a.id);

    for (const hours of [0, 25, 1.5, 'x']) {
      const res = await call('PUT', `/api/admin/articles/breaking/${a.id}`, admin.cookie, { hours });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(REVIEW_MESSAGES.breakingHours);
    }
    const pending = await makeArticle();
    const res = await call('PUT', `/api/admin/articles/breaking/${pending.id}`, admin.cookie, { hours: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REVIEW_MESSAGES.breakingNotApproved);
    expect((await call('PUT', `/api/admin/articles/breaking/999999`, admin.cookie, { hours: 2 })).statusCode).toBe(404);
  });
});
