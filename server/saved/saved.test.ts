// Saved stories: save, unsave, the own list newest saved first, stories no longer public drop out,
// and signed out is 401.
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { addArticles, addCategories, addReporter, setStatus } from '../test/fixtures.ts';
import type { SavedPage } from '../../contract/saved.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let reader: SignedIn;
let other: SignedIn;
let ids: number[];
let pending: number;

beforeAll(async () => {
  [reader, other] = await t.signInAs('USER', 'REPORTER');
  const reporter = await addReporter(t.services.db, 'saved_reporter');
  const [politics] = await addCategories(t.services.db, ['రాజకీయాలు']);
  ids = await addArticles(
    t.services.db,
    Array.from({ length: 4 }, (_, i) => ({ title: `కథ ${i}`, reporterId: reporter.id, categoryIds: [politics] })),
  );
  [pending] = await addArticles(t.services.db, [{ title: 'పెండింగ్', reporterId: reporter.id, status: 'PENDING' }]);
});

const list = async (cookie: string, query = '') => (await t.call('GET', `/api/me/saved${query}`, cookie)).json<SavedPage>();

describe(`saved stories (${TEST_DB})`, () => {
  it('saves (201, then 200 again), lists newest saved first, and says whether one is saved', async () => {
    for (const id of [ids[0], ids[2], ids[1]]) {
      expect((await t.api(API.saved.save, { params: { articleId: id }, cookie: reader.cookie })).statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const again = await t.api(API.saved.save, { params: { articleId: ids[0] }, cookie: reader.cookie });
    expect(again.statusCode).toBe(200);
    expect(again.json().saved).toBe(true);
    const page = await list(reader.cookie);
    expect(page.content.map((a) => a.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect(page.totalElements).toBe(3);
    expect(page.content[0].savedAt).toMatch(/Z$/);
    expect((await list(reader.cookie, '?page=1&size=2')).content.map((a) => a.id)).toEqual([ids[0]]);
    expect((await t.api(API.saved.state, { params: { articleId: ids[2] }, cookie: reader.cookie })).json()).toMatchObject({
      saved: true,
    });
    expect((await t.api(API.saved.state, { params: { articleId: ids[3] }, cookie: reader.cookie })).json()).toEqual({
      saved: false,
      savedAt: null,
    });
    // Each account its own list.
    expect((await list(other.cookie)).totalElements).toBe(0);
  });

  it('unsaves (204, also when not saved)', async () => {
    expect((await t.api(API.saved.unsave, { params: { articleId: ids[2] }, cookie: reader.cookie })).statusCode).toBe(204);
    expect((await t.api(API.saved.unsave, { params: { articleId: ids[2] }, cookie: reader.cookie })).statusCode).toBe(204);
    expect((await list(reader.cookie)).content.map((a) => a.id)).toEqual([ids[1], ids[0]]);
  });

  it('refuses a story that is not public (404) and drops one that stops being public', async () => {
    const res = await t.api(API.saved.save, { params: { articleId: pending }, cookie: reader.cookie });
    expect(res.statusCode).toBe(404);
    expect((await t.call('POST', '/api/me/saved/abc', reader.cookie)).statusCode).toBe(404);
    await setStatus(t.services.db, ids[1], 'PENDING');
    expect((await list(reader.cookie)).content.map((a) => a.id)).toEqual([ids[0]]);
    await setStatus(t.services.db, ids[1], 'APPROVED');
    expect((await list(reader.cookie)).content.map((a) => a.id)).toEqual([ids[1], ids[0]]);
  });

  it('answers 401 signed out', async () => {
    expect((await t.api(API.saved.list)).statusCode).toBe(401);
    expect((await t.api(API.saved.save, { params: { articleId: ids[0] } })).statusCode).toBe(401);
    expect((await t.api(API.saved.unsave, { params: { articleId: ids[0] } })).statusCode).toBe(401);
  });

  it('refuses a bad page size naming the field', async () => {
    const res = await t.api(API.saved.list, { query: { size: 500 }, cookie: reader.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.size).toBeDefined();
  });
});
