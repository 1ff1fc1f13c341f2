// Issue 37 item 2: who is editing a story, held in the database. Heartbeats, the 60 s expiry (on
// the service's Clock, no sleeping), takeover, who may ask, the lists' marks, and two instances on
// one database answering the same editors. Over HTTP.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DB, useTestApp, type SignedIn, type TestApp } from '../test/app.ts';
import { addCategory, addSubmission } from '../test/fixtures.ts';
import { users } from '../db/schema.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createServices } from '../services.ts';
import { buildApp } from '../app.ts';
import { createEditingService } from './service.ts';
import { EDITING_EXPIRES_MS } from '../../contract/editing.ts';
import type { ApprovalStatus } from '../../contract/articles.ts';

const t = useTestApp();
let admin: SignedIn, second: SignedIn, reporter: SignedIn, otherReporter: SignedIn, reader: SignedIn;
let categoryId: number;
let now = Date.now();

beforeAll(async () => {
  [admin, second, reporter, otherReporter, reader] = await t.signInAs('ADMIN', 'ADMIN', 'REPORTER', 'REPORTER', 'USER');
  await t.services.db.update(users).set({ displayName: 'రమ డెస్క్' }).where(eq(users.id, admin.id));
  categoryId = (await addCategory(t.services.db, 'సవరణ వార్తలు')).id;
  t.services.clock.now = () => new Date(now);
});
afterEach(() => {
  now = Date.now();
});

let seq = 0;
const story = async (status: ApprovalStatus = 'PENDING') =>
  (
    await addSubmission(t.services.db, {
      title: `సవరణ వార్త ${++seq}`,
      reporterId: reporter.id,
      categoryIds: [categoryId],
      status,
    })
  ).id;
const beat = (id: number, who: SignedIn, app: Pick<TestApp, 'call'> = t) =>
  app.call('POST', `/api/articles/${id}/editing`, who.cookie);
const editors = async (id: number, who: SignedIn = admin, app: Pick<TestApp, 'call'> = t) =>
  (await app.call('GET', `/api/articles/${id}/editing`, who.cookie)).json().editors as { username: string }[];

describe('who is editing', () => {
  it('a heartbeat lists the person; the second sees the first, since when; never cached', async () => {
    const id = await story();
    const first = await beat(id, admin);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('no-store');
    expect(first.json()).toMatchObject({ editors: [], takenOverBy: null });
    now += 5_000;
    const other = (await beat(id, second)).json();
    expect(other.editors).toEqual([{ username: admin.username, displayName: 'రమ డెస్క్', since: first.json().since }]);
    const list = await t.call('GET', `/api/articles/${id}/editing`, reporter.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toContain('no-store');
    expect(list.json().editors.map((e: { username: string }) => e.username)).toEqual([admin.username, second.username]);
  });

  it('gone 60 s after the last heartbeat (the service clock), kept while it beats', async () => {
    const id = await story();
    await beat(id, admin);
    now += EDITING_EXPIRES_MS - 5_000;
    expect((await editors(id)).map((e) => e.username)).toEqual([admin.username]);
    await beat(id, admin);
    now += EDITING_EXPIRES_MS - 5_000;
    expect((await editors(id)).map((e) => e.username)).toEqual([admin.username]);
    now += 10_000;
    expect(await editors(id)).toEqual([]);
    // Back after expiry: a new `since`.
    const again = (await beat(id, admin)).json();
    expect(new Date(again.since).getTime()).toBe(now);
  });

  it('a takeover: the first person’s next beat names who took over; the taker edits alone', async () => {
    const id = await story('APPROVED');
    await beat(id, admin);
    now += 1_000;
    const took = await t.call('POST', `/api/articles/${id}/editing/takeover`, second.cookie);
    expect(took.statusCode).toBe(200);
    expect(took.json()).toMatchObject({ editors: [], takenOverBy: null });
    expect((await editors(id)).map((e) => e.username)).toEqual([second.username]);
    now += 1_000;
    const told = (await beat(id, admin)).json();
    expect(told.takenOverBy).toMatchObject({ username: second.username });
    expect(told.editors.map((e: { username: string }) => e.username)).toEqual([second.username]);
    // Still taken over at the next beat: the row does not come back to life.
    expect((await beat(id, admin)).json().takenOverBy?.username).toBe(second.username);
    expect((await editors(id)).map((e) => e.username)).toEqual([second.username]);
  });

  it('only staff who may edit the story: another reporter 404, a reader 403, signed out 401', async () => {
    const id = await story();
    expect((await t.call('GET', `/api/articles/${id}/editing`, otherReporter.cookie)).statusCode).toBe(404);
    expect((await beat(id, otherReporter)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/articles/${id}/editing`, reader.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/articles/${id}/editing`)).statusCode).toBe(401);
    expect((await t.call('POST', `/api/articles/${id}/editing/takeover`, otherReporter.cookie)).statusCode).toBe(404);
    // The reporter may not edit an approved story: nor ask who does.
    const approved = await story('APPROVED');
    expect((await t.call('GET', `/api/articles/${approved}/editing`, reporter.cookie)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/articles/999999/editing', admin.cookie)).statusCode).toBe(404);
  });

  it('the lists’ marks: stories someone else is editing, of those the caller may see', async () => {
    const [a, b, c] = [await story(), await story(), await story('APPROVED')];
    await beat(a, admin);
    await beat(c, second);
    const marks = await t.call('GET', `/api/articles/editing?ids=${a},${b},${c}`, admin.cookie);
    expect(marks.statusCode).toBe(200);
    expect(marks.json().articles).toEqual([c]);
    expect((await t.call('GET', `/api/articles/editing?ids=${a},${b},${c}`, reporter.cookie)).json().articles).toEqual([a, c]);
    expect((await t.call('GET', `/api/articles/editing?ids=${a},${c}`, otherReporter.cookie)).json().articles).toEqual([]);
    expect((await t.call('GET', '/api/articles/editing?ids=x', admin.cookie)).statusCode).toBe(400);
  });

  it('leaving the screen takes the person off at once', async () => {
    const id = await story();
    await beat(id, admin);
    expect((await t.call('DELETE', `/api/articles/${id}/editing`, admin.cookie)).statusCode).toBe(204);
    expect(await editors(id)).toEqual([]);
  });

  it('the heartbeat answers the stored version, so a screen learns a newer one was saved', async () => {
    const id = await story();
    const v = (await t.call('GET', `/api/admin/articles/${id}`, admin.cookie)).json().version as number;
    const seen: number[] = [];
    const editing = createEditingService({
      ...t.services,
      notices: { takenOver: () => {}, newerVersionSaved: (e) => void seen.push(e.version) },
    });
    await t.call('PUT', `/api/admin/articles/reject/${id}`, second.cookie, { reason: 'చూడండి' });
    const user = { id: admin.id, username: admin.username, role: 'ADMIN' as const };
    const answer = await editing.beat(user as never, id, v);
    expect(answer.version).toBe(v + 1);
    expect(seen).toEqual([v + 1]);
  });
});

describe.runIf(TEST_DB === 'postgres')('two instances on one PostgreSQL', () => {
  let other: { call: TestApp['call']; close(): Promise<void> } | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  it('see the same editors and the same takeover', async () => {
    // A second app over the same database: its own services, clock and HTTP server.
    const url = t.services.config.databaseUrl!;
    const database = await openDatabase({ databaseUrl: url });
    const services = createServices({
      config: loadConfig({ DATA_DIR: t.dataDir, NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', DATABASE_URL: url }),
      database,
      log: { ...console, info() {}, debug() {} } as unknown as Console,
    });
    services.clock.now = () => new Date(now);
    const app = await buildApp({ services, checkResponses: true });
    await app.ready();
    other = {
      call: (method, path, cookie) => app.inject({ method, url: path, headers: cookie ? { cookie } : {} }),
      close: async () => {
        await app.close();
        await database.close();
      },
    };
    const id = await story();
    await beat(id, admin);
    expect((await editors(id, second, other)).map((e) => e.username)).toEqual([admin.username]);
    now += 1_000;
    expect((await other.call('POST', `/api/articles/${id}/editing/takeover`, second.cookie)).statusCode).toBe(200);
    expect((await beat(id, admin)).json().takenOverBy.username).toBe(second.username);
    expect((await editors(id)).map((e) => e.username)).toEqual([second.username]);
  });
});

// A second app made by hand on PGlite cannot share the first one's database: the same rule over
// a second service on the one database stands in for it there.
describe.runIf(TEST_DB === 'pglite')('a second editing service over the one database', () => {
  it('sees the same editors', async () => {
    const id = await story();
    await beat(id, admin);
    const otherService = createEditingService({ db: t.services.db, clock: { now: () => new Date(now) } });
    const user = { id: second.id, username: second.username, role: 'ADMIN' as const };
    expect((await otherService.list(user as never, id)).editors.map((e) => e.username)).toEqual([admin.username]);
  });
});
