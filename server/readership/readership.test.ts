import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { addArticle, addArticles, addCategory, addReporter } from '../test/fixtures.ts';
import { articleViews } from '../db/schema.ts';
import { MOST_READ_LIMIT } from './service.ts';
import { API } from '../../contract/api.ts';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  'WhatsApp/2.23.20.0',
  'curl/8.5.0',
];

const t = useTestApp();
let admin: string;
let reporterCookie: string;
let user: string;
let ravi: number;
let sita: number;
const ids: number[] = [];
let pending: number;

beforeAll(async () => {
  const db = t.services.db;
  admin = (await t.signIn('ADMIN')).cookie;
  reporterCookie = (await t.signIn('REPORTER')).cookie;
  user = (await t.signIn('USER')).cookie;
  ravi = (await addReporter(db, 'ravi')).id;
  sita = (await addReporter(db, 'sita')).id;
  const category = (await addCategory(db, 'వార్తలు')).id;
  ids.push(
    ...(await addArticles(
      db,
      Array.from({ length: 7 }, (_, i) => ({
        title: `వార్త ${i + 1}`,
        reporterId: i < 4 ? ravi : sita,
        categoryIds: [category],
        publicationDate: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    )),
  );
  pending = await addArticle(db, { title: 'పెండింగ్', reporterId: ravi, categoryIds: [category], status: 'PENDING' });
});
afterEach(async () => {
  vi.useRealTimers();
  await t.services.readership.flush();
  await t.services.db.delete(articleViews);
});

// Each view from another reader (address) unless one is given: one reader counts once an hour.
let readers = 0;
const nextReader = () => `100.64.${Math.floor(++readers / 250) % 250}.${(readers % 250) + 1}`;
const view = (id: number | string, headers: Record<string, string> = { 'user-agent': BROWSER }, remoteAddress = nextReader()) =>
  t.app.inject({ method: 'POST', url: `/api/public/articles/${id}/view`, headers, remoteAddress });
const viewTimes = async (id: number, n: number) => {
  for (let i = 0; i < n; i++) expect((await view(id)).statusCode).toBe(204);
};
const bucketRows = () => t.services.db.select().from(articleViews);
const mostRead = async () => {
  await t.services.readership.refresh();
  const res = await t.api(API.readership.mostRead);
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number; content: string }[]).map((a) => a.id);
};

describe(`readership (${TEST_DB})`, () => {
  it('counts beacons from browsers in memory and writes them as one bucket row per article and hour', async () => {
    await viewTimes(ids[0], 3);
    await viewTimes(ids[1], 1);
    // Nothing reaches the database per view.
    expect(await bucketRows()).toEqual([]);
    expect(await t.services.readership.flush()).toBe(4);
    const rows = await bucketRows();
    expect(rows.map((r) => [r.articleId, r.views]).sort()).toEqual([
      [ids[0], 3],
      [ids[1], 1],
    ]);
    expect(rows[0].hour.getUTCMinutes()).toBe(0);
    // The next flush adds to the same hourly row (an upsert), never a row per view.
    await viewTimes(ids[0], 2);
    await t.services.readership.flush();
    const after = await bucketRows();
    expect(after).toHaveLength(2);
    expect(after.find((r) => r.articleId === ids[0])?.views).toBe(5);
  });

  it('answers 204 to everyone but counts neither bots, scripts, prefetches, nor unpublished or unknown articles', async () => {
    for (const agent of BOTS) expect((await view(ids[0], { 'user-agent': agent })).statusCode).toBe(204);
    expect((await view(ids[0], {})).statusCode).toBe(204);
    expect((await view(ids[0], { 'user-agent': BROWSER, 'sec-purpose': 'prefetch;prerender' })).statusCode).toBe(204);
    expect((await view(pending)).statusCode).toBe(204);
    expect((await view(999_999)).statusCode).toBe(204);
    expect((await view('abc')).statusCode).toBe(204);
    await t.services.readership.flush();
    expect(await bucketRows()).toEqual([]);
  });

  it("counts one browser's repeated beacons for one article once per hour", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2026, 6, 1, 9, 10);
    vi.setSystemTime(start);
    const home = '198.51.100.20';
    for (let i = 0; i < 5; i++) expect((await view(ids[0], { 'user-agent': BROWSER }, home)).statusCode).toBe(204);
    // Another browser at the same address (a family's router), the same browser elsewhere, another article.
    await view(ids[0], { 'user-agent': BROWSER.replace('Pixel 8', 'Pixel 7') }, home);
    await view(ids[0], { 'user-agent': BROWSER }, '198.51.100.21');
    await view(ids[1], { 'user-agent': BROWSER }, home);
    // The next hour the same browser counts again.
    vi.setSystemTime(start + 3_600_000);
    await view(ids[0], { 'user-agent': BROWSER }, home);
    await t.services.readership.flush();
    const rows = await bucketRows();
    expect(
      rows
        .filter((r) => r.articleId === ids[0])
        .sort((a, b) => a.hour.getTime() - b.hour.getTime())
        .map((r) => r.views),
    ).toEqual([3, 1]);
    expect(rows.filter((r) => r.articleId === ids[1]).map((r) => r.views)).toEqual([1]);
  });

  it('made-up or unapproved article ids take no place in the views waiting to be written', async () => {
    const readership = t.services.readership;
    await readership.flush();
    await readership.loadApproved();
    for (let i = 0; i < 300; i++) await view(5_000_000 + i);
    await view(pending);
    expect(readership.pendingSize).toBe(0);
    await view(ids[3]);
    expect(readership.pendingSize).toBe(1);
    expect(await readership.flush()).toBe(1);
  });

  it('sets no cookie and is refused from another origin', async () => {
    const res = await view(ids[0]);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    const cross = await view(ids[0], { 'user-agent': BROWSER, origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
  });

  it('lists the five most-read approved articles, most views first, without bodies', async () => {
    // Views 6,5,4,3,2,1 on six articles; the pending article's beacons are not counted.
    for (let i = 0; i < 6; i++) await viewTimes(ids[i], 6 - i);
    await viewTimes(pending, 10);
    await t.services.readership.flush();
    expect(await mostRead()).toEqual(ids.slice(0, MOST_READ_LIMIT));
    await viewTimes(ids[4], 10);
    await t.services.readership.flush();
    expect(await mostRead()).toEqual([ids[4], ids[0], ids[1], ids[2], ids[3]]);
    const body = (await t.api(API.readership.mostRead)).json() as { content: string }[];
    expect(body.every((a) => a.content === '')).toBe(true);
  });

  it('counts the last 24 hours only (controlled clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2026, 5, 1, 10, 30);
    vi.setSystemTime(start);
    await viewTimes(ids[0], 5);
    await t.services.readership.flush();
    vi.setSystemTime(start + 2 * 3_600_000);
    await viewTimes(ids[1], 2);
    await t.services.readership.flush();
    expect(await mostRead()).toEqual([ids[0], ids[1]]);
    // 23 hours later the first hour is still inside the window.
    vi.setSystemTime(start + 23 * 3_600_000);
    expect(await mostRead()).toEqual([ids[0], ids[1]]);
    // A day later it has left; the second still counts.
    vi.setSystemTime(start + 24 * 3_600_000);
    expect(await mostRead()).toEqual([ids[1]]);
    vi.setSystemTime(start + 27 * 3_600_000);
    expect(await mostRead()).toEqual([]);
  });

  it('moves the ranking generation only when the list changes', async () => {
    const readership = t.services.readership;
    await viewTimes(ids[0], 2);
    await readership.flush();
    await readership.refresh();
    const g = readership.generation;
    await readership.refresh();
    expect(readership.generation).toBe(g);
    await viewTimes(ids[1], 3);
    await readership.flush();
    await readership.refresh();
    expect(readership.generation).toBe(g + 1);
  });

  it('stop() writes what was counted since the last flush', async () => {
    await viewTimes(ids[2], 4);
    await t.services.readership.stop();
    expect((await bucketRows()).map((r) => r.views)).toEqual([4]);
  });

  it('the admin sees views per article (sortable) and per reporter; nobody else does', async () => {
    await viewTimes(ids[0], 1);
    await viewTimes(ids[5], 7);
    await viewTimes(ids[2], 3);
    await t.services.readership.flush();
    const newest = (await t.api(API.review.approved, { cookie: admin })).json();
    // Newest publication first by default, each with its views.
    expect(newest.content.map((a: { id: number; views: number }) => [a.id, a.views])).toEqual([
      [ids[6], 0],
      [ids[5], 7],
      [ids[4], 0],
      [ids[3], 0],
      [ids[2], 3],
      [ids[1], 0],
      [ids[0], 1],
    ]);
    const byViews = (await t.api(API.review.approved, { query: { sort: 'views', pageSize: 3 }, cookie: admin })).json();
    expect(byViews.content.map((a: { id: number }) => a.id)).toEqual([ids[5], ids[2], ids[0]]);
    expect(byViews.totalPages).toBe(3);
    // Past the read ones: never read, newest first.
    const later = async (page: number) =>
      (await t.api(API.review.approved, { query: { sort: 'views', pageSize: 3, page }, cookie: admin }))
        .json()
        .content.map((a: { id: number }) => a.id);
    expect(await later(1)).toEqual([ids[6], ids[4], ids[3]]);
    expect(await later(2)).toEqual([ids[1]]);

    const reporters = await t.api(API.readership.byReporter, { cookie: admin });
    expect(reporters.statusCode).toBe(200);
    expect(reporters.json()).toEqual([
      { reporterId: sita, reporterName: 'sita', articles: 3, views: 7 },
      { reporterId: ravi, reporterName: 'ravi', articles: 4, views: 4 },
    ]);
    expect((await t.api(API.readership.byReporter)).statusCode).toBe(401);
    for (const cookie of [user, reporterCookie]) {
      expect((await t.api(API.readership.byReporter, { cookie })).statusCode).toBe(403);
    }
  });
});
