import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { addCategories } from '../test/fixtures.ts';
import { FEATURED_MESSAGES } from '../../contract/categories.ts';

const t = useTestApp();
let admin: string, reporter: string, user: string, ids: number[];
beforeAll(async () => {
  [admin, reporter, user] = (await t.signInAs('ADMIN', 'REPORTER', 'USER')).map((u) => u.cookie);
  ids = await addCategories(t.services.db, ['రాజకీయం', 'క్రీడలు', 'సినిమా']);
});

const URL = '/api/admin/homepage/featured-categories';
const get = (cookie?: string) => t.app.inject({ url: URL, headers: cookie ? { cookie } : {} });
const post = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: URL, headers: cookie ? { cookie } : {}, payload: payload as object });

describe(`featured categories API (${TEST_DB})`, () => {
  it('anonymous 401, USER and REPORTER 403 on GET and POST', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await post([ids[0]])).statusCode).toBe(401);
    for (const cookie of [user, reporter]) {
      expect((await get(cookie)).statusCode).toBe(403);
      expect((await post([ids[0]], cookie)).statusCode).toBe(403);
    }
  });

  it('ADMIN replaces the list; array order is display order', async () => {
    expect((await get(admin)).json()).toEqual([]);
    const res = await post([ids[2], ids[0]], admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(FEATURED_MESSAGES.saved);
    expect((await get(admin)).json()).toEqual([
      { id: ids[2], name: 'సినిమా' },
      { id: ids[0], name: 'రాజకీయం' },
    ]);
    expect(await t.services.featured.list()).toEqual((await get(admin)).json());
    await post([ids[1]], admin);
    expect((await get(admin)).json()).toEqual([{ id: ids[1], name: 'క్రీడలు' }]);
    expect((await post([], admin)).statusCode).toBe(200);
    expect((await get(admin)).json()).toEqual([]);
  });

  it('refuses unknown ids, duplicates and malformed bodies with 400 and keeps the list', async () => {
    await post([ids[0]], admin);
    const unknown = await post([ids[1], 999999], admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(FEATURED_MESSAGES.unknown(999999));
    const dup = await post([ids[1], ids[1]], admin);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(FEATURED_MESSAGES.duplicate);
    for (const bad of [{ ids: [1] }, ['x'], [1.5], [-1]]) expect((await post(bad, admin)).statusCode).toBe(400);
    expect((await get(admin)).json()).toEqual([{ id: ids[0], name: 'రాజకీయం' }]);
  });

  it('a save bumps the content version', async () => {
    const before = t.services.changes.version;
    await post([ids[1], ids[0]], admin);
    expect(t.services.changes.version).toBe(before + 1);
  });
});
