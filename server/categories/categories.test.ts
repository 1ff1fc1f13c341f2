import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { articleCategories, articles, featuredCategories } from '../db/schema.ts';
import { CATEGORY_MESSAGES } from '../../contract/categories.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let admin: string, reporter: string, user: string;
beforeAll(async () => {
  [admin, reporter, user] = (await t.signInAs('ADMIN', 'REPORTER', 'USER')).map((u) => u.cookie);
});

const call = t.call;

describe(`categories API (${TEST_DB})`, () => {
  it.each([
    ['GET', '/api/admin/categories', undefined],
    ['POST', '/api/admin/categories', { name: 'రాజకీయం' }],
    ['PUT', '/api/admin/categories/1', { name: 'క్రీడలు' }],
    ['DELETE', '/api/admin/categories/1', undefined],
    ['GET', '/api/admin/categories/1/usage', undefined],
  ] as const)('%s %s: anonymous 401, USER and REPORTER 403', async (method, url, body) => {
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    expect((await call(method, url, user, body)).statusCode).toBe(403);
    expect((await call(method, url, reporter, body)).statusCode).toBe(403);
  });

  it('ADMIN creates with a trimmed name (201) and the public list is sorted by name with X-Total-Count', async () => {
    const res = await t.api(API.categories.create, { cookie: admin, body: { name: '  సినిమా  ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'సినిమా' });
    await t.api(API.categories.create, { cookie: admin, body: { name: 'Business' } });
    await t.api(API.categories.create, { cookie: admin, body: { name: 'Andhra' } });

    const list = await t.api(API.categories.list);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('3');
    expect(String(list.headers['access-control-expose-headers'])).toMatch(/X-Total-Count/i);
    expect(String(list.headers['cache-control'])).toMatch(/public/);
    const names = list.json().map((c: { name: string }) => c.name);
    // Telugu collation: Telugu script sorts before Latin on this Telugu site, on both engines.
    expect(names).toEqual(['సినిమా', 'Andhra', 'Business']);
    const adminList = await t.api(API.categories.adminList, { cookie: admin });
    expect(adminList.statusCode).toBe(200);
    expect(adminList.json()).toEqual(list.json());
  });

  it.each([[{}], [{ name: '' }], [{ name: '    ' }], [{ name: 42 }]])(
    'refuses %j with "Category name is required."',
    async (body) => {
      const res = await t.api(API.categories.create, { cookie: admin, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CATEGORY_MESSAGES.nameRequired);
    },
  );

  it('refuses names over 100 characters', async () => {
    const res = await t.api(API.categories.create, { cookie: admin, body: { name: 'అ'.repeat(101) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CATEGORY_MESSAGES.nameTooLong);
    expect((await t.api(API.categories.create, { cookie: admin, body: { name: 'x'.repeat(100) } })).statusCode).toBe(201);
  });

  it('names are unique ignoring case and surrounding space (409), on create and on rename', async () => {
    const dup = await t.api(API.categories.create, { cookie: admin, body: { name: ' business ' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(CATEGORY_MESSAGES.nameTaken);
    const andhra = (await t.api(API.categories.list)).json().find((c: { name: string }) => c.name === 'Andhra');
    const clash = await t.api(API.categories.rename, { params: { id: andhra.id }, cookie: admin, body: { name: 'BUSINESS' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(CATEGORY_MESSAGES.nameTaken);
    // Renaming to its own name in another case is not a clash.
    const same = await t.api(API.categories.rename, { params: { id: andhra.id }, cookie: admin, body: { name: 'ANDHRA' } });
    expect(same.statusCode).toBe(200);
  });

  it('renames with a trimmed name and returns the updated category; required and 404 rules apply', async () => {
    const created = (await t.api(API.categories.create, { cookie: admin, body: { name: 'Tech' } })).json();
    const res = await t.api(API.categories.rename, { params: { id: created.id }, cookie: admin, body: { name: '  సాంకేతికం ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: created.id, name: 'సాంకేతికం' });
    const blank = await t.api(API.categories.rename, { params: { id: created.id }, cookie: admin, body: { name: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(CATEGORY_MESSAGES.nameRequired);
    expect(
      (await t.api(API.categories.rename, { params: { id: 999999 }, cookie: admin, body: { name: 'Nothing' } })).statusCode,
    ).toBe(404);
    expect((await call('PUT', '/api/admin/categories/abc', admin, { name: 'Nothing' })).statusCode).toBe(404);
    expect((await t.api(API.categories.list)).json()).toContainEqual({ id: created.id, name: 'సాంకేతికం' });
  });

  it('refuses to delete a category in the navigation bar (409) until it is removed from it', async () => {
    const cat = (await t.api(API.categories.create, { cookie: admin, body: { name: 'వార్తలు' } })).json();
    expect(
      (await t.api(API.navigation.replace, { cookie: admin, body: [{ categoryId: cat.id, displayOrder: 1 }] })).statusCode,
    ).toBe(200);
    const refused = await t.api(API.categories.remove, { params: { id: cat.id }, cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CATEGORY_MESSAGES.inNavigation);
    expect((await t.api(API.categories.list)).json()).toContainEqual(cat);

    await t.api(API.navigation.replace, { cookie: admin, body: [] });
    const done = await t.api(API.categories.remove, { params: { id: cat.id }, cookie: admin });
    expect(done.statusCode).toBe(204);
    expect((await t.api(API.categories.list)).json()).not.toContainEqual(cat);
    expect((await t.api(API.categories.remove, { params: { id: cat.id }, cookie: admin })).statusCode).toBe(404);
  });

  it('deleting removes the category from articles and the featured list', async () => {
    const cat = (await t.api(API.categories.create, { cookie: admin, body: { name: 'తొలగింపు' } })).json();
    const keep = (await t.api(API.categories.create, { cookie: admin, body: { name: 'మిగిలేది' } })).json();
    const reporterId = (await t.signIn('REPORTER')).id;
    const [article] = await t.services.db.insert(articles).values({ title: 'శీర్షిక', author: 'రచయిత', reporterId }).returning();
    await t.services.db.insert(articleCategories).values([
      { articleId: article.id, categoryId: cat.id, position: 0 },
      { articleId: article.id, categoryId: keep.id, position: 1 },
    ]);
    await t.api(API.featured.replace, { cookie: admin, body: [cat.id, keep.id] });
    expect((await t.api(API.categories.remove, { params: { id: cat.id }, cookie: admin })).statusCode).toBe(204);
    const links = await t.services.db.select().from(articleCategories).where(eq(articleCategories.articleId, article.id));
    expect(links.map((l) => l.categoryId)).toEqual([keep.id]);
    const featured = await t.services.db.select().from(featuredCategories);
    expect(featured.map((f) => f.categoryId)).toEqual([keep.id]);
  });

  it('usage counts the articles a delete touches; one filed there alone stays, published, in no category', async () => {
    const gone = (await t.api(API.categories.create, { cookie: admin, body: { name: 'పోయేది' } })).json();
    const other = (await t.api(API.categories.create, { cookie: admin, body: { name: 'ఉండేది' } })).json();
    const reporterId = (await t.signIn('REPORTER')).id;
    const file = async (approvalStatus: 'APPROVED' | 'PENDING', categoryIds: number[]) => {
      const [row] = await t.services.db
        .insert(articles)
        .values({ title: `వార్త ${approvalStatus}`, author: 'రచయిత', reporterId, approvalStatus })
        .returning();
      await t.services.db
        .insert(articleCategories)
        .values(categoryIds.map((categoryId, position) => ({ articleId: row.id, categoryId, position })));
      return row.id;
    };
    const alone = await file('APPROVED', [gone.id]);
    const both = await file('APPROVED', [gone.id, other.id]);
    await file('PENDING', [gone.id]);
    await file('APPROVED', [other.id]);
    await t.api(API.featured.replace, { cookie: admin, body: [gone.id] });

    const usage = await t.api(API.categories.usage, { params: { id: gone.id }, cookie: admin });
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toEqual({
      articleCount: 3,
      approvedCount: 2,
      soleCategoryCount: 2,
      inNavigation: false,
      featured: true,
    });
    await t.api(API.navigation.replace, { cookie: admin, body: [{ categoryId: other.id, displayOrder: 1 }] });
    expect((await t.api(API.categories.usage, { params: { id: other.id }, cookie: admin })).json()).toEqual({
      articleCount: 2,
      approvedCount: 2,
      soleCategoryCount: 1,
      inNavigation: true,
      featured: false,
    });
    await t.api(API.navigation.replace, { cookie: admin, body: [] });
    expect((await t.api(API.categories.usage, { params: { id: 999999 }, cookie: admin })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/categories/abc/usage', admin)).statusCode).toBe(404);

    expect((await t.api(API.categories.remove, { params: { id: gone.id }, cookie: admin })).statusCode).toBe(204);
    // Filed there alone: still published and readable, with no category.
    const page = await t.api(API.publicArticles.one, { params: { id: alone } });
    expect(page.statusCode).toBe(200);
    expect(page.json().categories).toEqual([]);
    // Filed under two: the other category is now its first.
    expect((await t.api(API.publicArticles.one, { params: { id: both } })).json().categories).toEqual([other]);
    expect((await t.api(API.categories.usage, { params: { id: gone.id }, cookie: admin })).statusCode).toBe(404);
  });

  it('every change bumps the content version (public pages see it on the next request)', async () => {
    const before = t.services.changes.version;
    const cat = (await t.api(API.categories.create, { cookie: admin, body: { name: 'Version' } })).json();
    await t.api(API.categories.rename, { params: { id: cat.id }, cookie: admin, body: { name: 'Version 2' } });
    await t.api(API.categories.remove, { params: { id: cat.id }, cookie: admin });
    expect(t.services.changes.version).toBe(before + 3);
  });

  it('services.categories.list() returns {id, name} sorted by name', async () => {
    const list = await t.services.categories.list();
    expect(list.length).toBeGreaterThan(0);
    for (const c of list) expect(Object.keys(c).sort()).toEqual(['id', 'name']);
  });
});

describe(`categories public list caching (${TEST_DB})`, () => {
  it('answers 304 to a matching ETag and a new ETag after a change', async () => {
    const first = await t.api(API.categories.list);
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url: '/api/categories', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await t.api(API.categories.create, { cookie: admin, body: { name: 'Fresh' } });
    const changed = await t.app.inject({ url: '/api/categories', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().map((c: { name: string }) => c.name)).toContain('Fresh');
  });
});
