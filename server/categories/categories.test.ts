import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { articleCategories, articles, featuredCategories } from '../db/schema.ts';
import { CATEGORY_MESSAGES } from '../../contract/categories.ts';

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
    const res = await call('POST', '/api/admin/categories', admin, { name: '  సినిమా  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'సినిమా' });
    await call('POST', '/api/admin/categories', admin, { name: 'Business' });
    await call('POST', '/api/admin/categories', admin, { name: 'Andhra' });

    const list = await call('GET', '/api/categories');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('3');
    expect(String(list.headers['access-control-expose-headers'])).toMatch(/X-Total-Count/i);
    expect(String(list.headers['cache-control'])).toMatch(/public/);
    const names = list.json().map((c: { name: string }) => c.name);
    // Telugu collation: Telugu script sorts before Latin on this Telugu site, on both engines.
    expect(names).toEqual(['సినిమా', 'Andhra', 'Business']);
    const adminList = await call('GET', '/api/admin/categories', admin);
    expect(adminList.statusCode).toBe(200);
    expect(adminList.json()).toEqual(list.json());
  });

  it.each([[{}], [{ name: '' }], [{ name: '    ' }], [{ name: 42 }]])(
    'refuses %j with "Category name is required."',
    async (body) => {
      const res = await call('POST', '/api/admin/categories', admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CATEGORY_MESSAGES.nameRequired);
    },
  );

  it('refuses names over 100 characters', async () => {
    const res = await call('POST', '/api/admin/categories', admin, { name: 'అ'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CATEGORY_MESSAGES.nameTooLong);
    expect((await call('POST', '/api/admin/categories', admin, { name: 'x'.repeat(100) })).statusCode).toBe(201);
  });

  it('names are unique ignoring case and surrounding space (409), on create and on rename', async () => {
    const dup = await call('POST', '/api/admin/categories', admin, { name: ' business ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(CATEGORY_MESSAGES.nameTaken);
    const andhra = (await call('GET', '/api/categories')).json().find((c: { name: string }) => c.name === 'Andhra');
    const clash = await call('PUT', `/api/admin/categories/${andhra.id}`, admin, { name: 'BUSINESS' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(CATEGORY_MESSAGES.nameTaken);
    // Renaming to its own name in another case is not a clash.
    const same = await call('PUT', `/api/admin/categories/${andhra.id}`, admin, { name: 'ANDHRA' });
    expect(same.statusCode).toBe(200);
  });

  it('renames with a trimmed name and returns the updated category; required and 404 rules apply', async () => {
    const created = (await call('POST', '/api/admin/categories', admin, { name: 'Tech' })).json();
    const res = await call('PUT', `/api/admin/categories/${created.id}`, admin, { name: '  సాంకేతికం ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: created.id, name: 'సాంకేతికం' });
    const blank = await call('PUT', `/api/admin/categories/${created.id}`, admin, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(CATEGORY_MESSAGES.nameRequired);
    expect((await call('PUT', '/api/admin/categories/999999', admin, { name: 'Nothing' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/categories/abc', admin, { name: 'Nothing' })).statusCode).toBe(404);
    expect((await call('GET', '/api/categories')).json()).toContainEqual({ id: created.id, name: 'సాంకేతికం' });
  });

  it('refuses to delete a category in the navigation bar (409) until it is removed from it', async () => {
    const cat = (await call('POST', '/api/admin/categories', admin, { name: 'వార్తలు' })).json();
    expect((await call('PUT', '/api/navigation-categories', admin, [{ categoryId: cat.id, displayOrder: 1 }])).statusCode).toBe(
      200,
    );
    const refused = await call('DELETE', `/api/admin/categories/${cat.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CATEGORY_MESSAGES.inNavigation);
    expect((await call('GET', '/api/categories')).json()).toContainEqual(cat);

    await call('PUT', '/api/navigation-categories', admin, []);
    const done = await call('DELETE', `/api/admin/categories/${cat.id}`, admin);
    expect(done.statusCode).toBe(204);
    expect((await call('GET', '/api/categories')).json()).not.toContainEqual(cat);
    expect((await call('DELETE', `/api/admin/categories/${cat.id}`, admin)).statusCode).toBe(404);
  });

  it('deleting removes the category from articles and the featured list', async () => {
    const cat = (await call('POST', '/api/admin/categories', admin, { name: 'తొలగింపు' })).json();
    const keep = (await call('POST', '/api/admin/categories', admin, { name: 'మిగిలేది' })).json();
    const reporterId = (await t.signIn('REPORTER')).id;
    const [article] = await t.services.db.insert(articles).values({ title: 'శీర్షిక', author: 'రచయిత', reporterId }).returning();
    await t.services.db.insert(articleCategories).values([
      { articleId: article.id, categoryId: cat.id, position: 0 },
      { articleId: article.id, categoryId: keep.id, position: 1 },
    ]);
    await call('POST', '/api/admin/homepage/featured-categories', admin, [cat.id, keep.id]);
    expect((await call('DELETE', `/api/admin/categories/${cat.id}`, admin)).statusCode).toBe(204);
    const links = await t.services.db.select().from(articleCategories).where(eq(articleCategories.articleId, article.id));
    expect(links.map((l) => l.categoryId)).toEqual([keep.id]);
    const featured = await t.services.db.select().from(featuredCategories);
    expect(featured.map((f) => f.categoryId)).toEqual([keep.id]);
  });

  it('usage counts the articles a delete touches; one filed there alone stays, published, in no category', async () => {
    const gone = (await call('POST', '/api/admin/categories', admin, { name: 'పోయేది' })).json();
    const other = (await call('POST', '/api/admin/categories', admin, { name: 'ఉండేది' })).json();
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
    await call('POST', '/api/admin/homepage/featured-categories', admin, [gone.id]);

    const usage = await call('GET', `/api/admin/categories/${gone.id}/usage`, admin);
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toEqual({
      articleCount: 3,
      approvedCount: 2,
      soleCategoryCount: 2,
      inNavigation: false,
      featured: true,
    });
    await call('PUT', '/api/navigation-categories', admin, [{ categoryId: other.id, displayOrder: 1 }]);
    expect((await call('GET', `/api/admin/categories/${other.id}/usage`, admin)).json()).toEqual({
      articleCount: 2,
      approvedCount: 2,
      soleCategoryCount: 1,
      inNavigation: true,
      featured: false,
    });
    await call('PUT', '/api/navigation-categories', admin, []);
    expect((await call('GET', '/api/admin/categories/999999/usage', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/categories/abc/usage', admin)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/admin/categories/${gone.id}`, admin)).statusCode).toBe(204);
    // Filed there alone: still published and readable, with no category.
    const page = await call('GET', `/api/public/articles/${alone}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().categories).toEqual([]);
    // Filed under two: the other category is now its first.
    expect((await call('GET', `/api/public/articles/${both}`)).json().categories).toEqual([other]);
    expect((await call('GET', `/api/admin/categories/${gone.id}/usage`, admin)).statusCode).toBe(404);
  });

  it('every change bumps the content version (public pages see it on the next request)', async () => {
    const before = t.services.changes.version;
    const cat = (await call('POST', '/api/admin/categories', admin, { name: 'Version' })).json();
    await call('PUT', `/api/admin/categories/${cat.id}`, admin, { name: 'Version 2' });
    await call('DELETE', `/api/admin/categories/${cat.id}`, admin);
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
    const first = await call('GET', '/api/categories');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url: '/api/categories', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await call('POST', '/api/admin/categories', admin, { name: 'Fresh' });
    const changed = await t.app.inject({ url: '/api/categories', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().map((c: { name: string }) => c.name)).toContain('Fresh');
  });
});
