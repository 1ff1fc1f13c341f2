import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { addCategories } from '../test/fixtures.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let admin: string, reporter: string, user: string, ids: number[];
beforeAll(async () => {
  [admin, reporter, user] = (await t.signInAs('ADMIN', 'REPORTER', 'USER')).map((u) => u.cookie);
  ids = await addCategories(t.services.db, ['తెలంగాణ', 'ఆంధ్రప్రదేశ్', 'జాతీయం']);
});

const call = t.call;

describe(`navigation categories API (${TEST_DB})`, () => {
  it('admin routes: anonymous 401, USER and REPORTER 403', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', []],
    ] as const) {
      expect((await call(method, '/api/navigation-categories', undefined, body)).statusCode).toBe(401);
      expect((await call(method, '/api/navigation-categories', user, body)).statusCode).toBe(403);
      expect((await call(method, '/api/navigation-categories', reporter, body)).statusCode).toBe(403);
    }
  });

  it('ADMIN saves the selection; order follows displayOrder, renumbered from 1; the public list follows', async () => {
    const res = await t.api(API.navigation.replace, {
      cookie: admin,
      body: [
        { categoryId: ids[2], displayOrder: 5 },
        { categoryId: ids[0], displayOrder: 2 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { categoryId: ids[0], categoryName: 'తెలంగాణ', displayOrder: 1 },
      { categoryId: ids[2], categoryName: 'జాతీయం', displayOrder: 2 },
    ]);
    expect((await t.api(API.navigation.list, { cookie: admin })).json()).toEqual(res.json());
    const pub = await t.api(API.navigation.publicList);
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual([
      { categoryId: ids[0], categoryName: 'తెలంగాణ' },
      { categoryId: ids[2], categoryName: 'జాతీయం' },
    ]);
  });

  it('a rename shows in the public list on the next request', async () => {
    await t.api(API.categories.rename, { params: { id: ids[0] }, cookie: admin, body: { name: 'తెలంగాణ వార్తలు' } });
    expect((await t.api(API.navigation.publicList)).json()[0]).toEqual({
      categoryId: ids[0],
      categoryName: 'తెలంగాణ వార్తలు',
    });
  });

  it('refuses unknown categories, duplicates, order below 1 and malformed bodies (400), keeping the saved set', async () => {
    const before = (await t.api(API.navigation.list, { cookie: admin })).json();
    const bad = [
      [{ categoryId: 999999, displayOrder: 1 }],
      [
        { categoryId: ids[1], displayOrder: 1 },
        { categoryId: ids[1], displayOrder: 2 },
      ],
      [{ categoryId: ids[1], displayOrder: 0 }],
      { categoryId: ids[1] },
      [{ categoryId: 'x', displayOrder: 1 }],
    ];
    for (const body of bad) {
      const res = await t.api(API.navigation.replace, { cookie: admin, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await t.api(API.navigation.list, { cookie: admin })).json()).toEqual(before);
  });

  it('an empty array clears the bar and bumps the content version', async () => {
    const version = t.services.changes.version;
    expect((await t.api(API.navigation.replace, { cookie: admin, body: [] })).json()).toEqual([]);
    expect((await t.api(API.navigation.publicList)).json()).toEqual([]);
    expect(t.services.changes.version).toBe(version + 1);
  });
});
