import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp, type SignedIn } from '../test/app.ts';
import { articles, sessions, users } from '../db/schema.ts';
import type { Role } from '../../contract/roles.ts';
import { USER_MESSAGES } from '../../contract/users.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();
let admin: SignedIn;
beforeAll(async () => {
  admin = await t.signIn('ADMIN');
});

type Method = 'GET' | 'POST' | 'DELETE';
type AdminPost = typeof API.users.assignRole | typeof API.users.reassignAndUpdateRole | typeof API.users.reassignAndDelete;
/** One of the role and reassign calls, as the file's admin. */
const asAdmin = (route: AdminPost, body: unknown) => t.api(route, { cookie: admin.cookie, body });
/** Reporter `from`'s articles moved to `to`, then `from`'s role changed (or the account deleted), as the admin. */
const reassign = (from: number, to: number, newRole: string) =>
  asAdmin(API.users.reassignAndUpdateRole, { fromReporterId: from, toReporterId: to, newRole });
const reassignAndDelete = (from: number, to: number) =>
  asAdmin(API.users.reassignAndDelete, { fromReporterId: from, toReporterId: to });
const call = t.call;

const tag = () => randomBytes(3).toString('hex');

/** Articles for a reporter, written straight to the table (the articles API is not under test here). */
async function giveArticles(reporterId: number, statuses: ('PENDING' | 'REJECTED' | 'APPROVED')[]) {
  const rows = await t.services.db
    .insert(articles)
    .values(statuses.map((approvalStatus, i) => ({ reporterId, title: `వార్త ${i}`, author: 'రచయిత', approvalStatus })))
    .returning({ id: articles.id });
  return rows.map((r) => r.id);
}

const roleOf = async (id: number) =>
  (await t.services.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
const sessionCount = async (id: number) => (await t.services.db.select().from(sessions).where(eq(sessions.userId, id))).length;
const isSignedIn = async (cookie: string) => (await t.api(API.auth.me, { cookie })).statusCode === 200;

describe(`admin user API (${TEST_DB})`, () => {
  describe('every route is ADMIN only', () => {
    const routes: [Method, string, unknown][] = [
      ['GET', '/api/admin/users', undefined],
      ['POST', '/api/admin/assignRole', { username: 'x', role: 'USER' }],
      ['POST', '/api/admin/reassign-and-update-role', { fromReporterId: 1, toReporterId: 2, newRole: 'USER' }],
      ['POST', '/api/admin/reassign-and-delete-reporter', { fromReporterId: 1, toReporterId: 2 }],
      ['DELETE', '/api/admin/users/999999', undefined],
    ];
    it.each(routes)('%s %s: anonymous 401, USER and REPORTER 403', async (method, url, payload) => {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      for (const role of ['USER', 'REPORTER'] as Role[]) {
        const who = await t.signIn(role);
        const res = await call(method, url, who.cookie, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toHaveProperty('message');
      }
    });

    it('ADMIN gets through on every route (200 or the rule that applies)', async () => {
      expect((await t.api(API.users.list, { cookie: admin.cookie })).statusCode).toBe(200);
      expect((await asAdmin(API.users.assignRole, { username: 'nobody-' + tag(), role: 'USER' })).statusCode).toBe(404);
      expect((await t.api(API.users.remove, { params: { id: 999999 }, cookie: admin.cookie })).statusCode).toBe(404);
    });
  });

  describe('GET /api/admin/users', () => {
    const prefix = `lst${tag()}`;
    const names: string[] = [];
    beforeAll(async () => {
      // 25 users with mixed case so the order must ignore case; every 5th a reporter, one admin.
      for (let i = 0; i < 25; i++) {
        const name = `${i % 2 ? prefix.toUpperCase() : prefix}_${String(i).padStart(2, '0')}`;
        names.push(name);
        const role: Role = i === 7 ? 'ADMIN' : i % 5 === 0 ? 'REPORTER' : 'USER';
        await t.signIn(role, name);
      }
    });

    it('pages by 10 with {content, totalPages, totalElements}, ordered by username ignoring case', async () => {
      const pages = [];
      for (const page of [0, 1, 2]) {
        const res = await t.api(API.users.list, { query: { page, size: 10, search: prefix }, cookie: admin.cookie });
        expect(res.statusCode).toBe(200);
        pages.push(res.json());
      }
      expect(pages.map((p) => p.content.length)).toEqual([10, 10, 5]);
      expect(pages[0].totalPages).toBe(3);
      expect(pages[0].totalElements).toBe(25);
      const listed = pages.flatMap((p) => p.content.map((u: { username: string }) => u.username));
      expect(listed).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(Object.keys(pages[0].content[0]).sort()).toEqual(['articleCount', 'email', 'id', 'role', 'username']);
      expect(pages[0].content[0]).not.toHaveProperty('passwordHash');
    });

    it('defaults to page 0 and size 10; a page past the end is empty', async () => {
      const first = (await t.api(API.users.list, { query: { search: prefix }, cookie: admin.cookie })).json();
      expect(first.content).toHaveLength(10);
      expect(first.content[0].username).toBe(`${prefix}_00`);
      const past = (await t.api(API.users.list, { query: { page: 9, search: prefix }, cookie: admin.cookie })).json();
      expect(past).toEqual({ content: [], totalPages: 3, totalElements: 25 });
    });

    it('filters by role, alone and with the search', async () => {
      const reporters = (
        await t.api(API.users.list, { query: { role: 'REPORTER', search: prefix }, cookie: admin.cookie })
      ).json();
      expect(reporters.totalElements).toBe(5);
      expect(reporters.content.every((u: { role: string }) => u.role === 'REPORTER')).toBe(true);
      const admins = (await t.api(API.users.list, { query: { role: 'ADMIN', search: prefix }, cookie: admin.cookie })).json();
      expect(admins.content.map((u: { username: string }) => u.username)).toEqual([names[7]]);
      const allAdmins = (await t.api(API.users.list, { query: { role: 'ADMIN', size: 100 }, cookie: admin.cookie })).json();
      expect(allAdmins.content.map((u: { username: string }) => u.username)).toContain(admin.username);
    });

    it('searches a case-insensitive substring of the username, trimmed; blank means everyone', async () => {
      const res = (
        await t.api(API.users.list, { query: { search: `  ${prefix.toUpperCase()}_1 ` }, cookie: admin.cookie })
      ).json();
      expect(res.content.map((u: { username: string }) => u.username)).toEqual(names.slice(10, 20));
      const blank = (await t.api(API.users.list, { query: { search: '  ' }, cookie: admin.cookie })).json();
      const all = (await t.api(API.users.list, { cookie: admin.cookie })).json();
      expect(blank.totalElements).toBe(all.totalElements);
      expect(all.totalElements).toBeGreaterThanOrEqual(26);
    });

    it('treats LIKE wildcards in the search as plain characters', async () => {
      await t.signIn('USER', `wild${prefix}a%b`);
      await t.signIn('USER', `wild${prefix}axb`);
      const percent = (await t.api(API.users.list, { query: { search: `${prefix}a%b` }, cookie: admin.cookie })).json();
      expect(percent.content.map((u: { username: string }) => u.username)).toEqual([`wild${prefix}a%b`]);
      const underscore = (await t.api(API.users.list, { query: { search: `${prefix}a_b` }, cookie: admin.cookie })).json();
      expect(underscore.totalElements).toBe(0);
      const backslash = (await t.api(API.users.list, { query: { search: '\\' }, cookie: admin.cookie })).json();
      expect(backslash.totalElements).toBe(0);
    });

    it('reports how many articles each user wrote', async () => {
      const reporter = await t.signIn('REPORTER', `cnt${prefix}`);
      await giveArticles(reporter.id, ['PENDING', 'APPROVED']);
      const res = (await call('GET', `/api/admin/users?search=cnt${prefix}`, admin.cookie)).json();
      expect(res.content[0]).toMatchObject({
        id: reporter.id,
        role: 'REPORTER',
        articleCount: 2,
        email: `cnt${prefix}@example.com`,
      });
    });

    it.each([
      ['role=EDITOR', 'Role must be USER, REPORTER or ADMIN.'],
      ['page=-1', undefined],
      ['size=0', undefined],
      ['size=101', undefined],
      ['page=abc', undefined],
    ])('refuses %s with 400', async (query, message) => {
      const res = await call('GET', `/api/admin/users?${query}`, admin.cookie);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json().message).toBe(message);
      else expect(res.json().message).toEqual(expect.any(String));
    });
  });

  describe('POST /api/admin/assignRole', () => {
    it('changes the role directly, ignoring username case, and ends that user’s sessions at once', async () => {
      const reader = await t.signIn('USER');
      expect(await isSignedIn(reader.cookie)).toBe(true);
      const res = await asAdmin(API.users.assignRole, {
        username: reader.username.toUpperCase(),
        role: 'REPORTER',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Role changed successfully.' });
      expect(await roleOf(reader.id)).toBe('REPORTER');
      expect(await isSignedIn(reader.cookie)).toBe(false);
      expect(await sessionCount(reader.id)).toBe(0);
    });

    it('promotes to ADMIN and demotes another ADMIN', async () => {
      const other = await t.signIn('ADMIN');
      const res = await asAdmin(API.users.assignRole, { username: other.username, role: 'USER' });
      expect(res.statusCode).toBe(200);
      expect(await roleOf(other.id)).toBe('USER');
      await asAdmin(API.users.assignRole, { username: other.username, role: 'ADMIN' });
      expect(await roleOf(other.id)).toBe('ADMIN');
    });

    it('the same role again is a success that leaves the sessions alone', async () => {
      const reader = await t.signIn('USER');
      const res = await asAdmin(API.users.assignRole, { username: reader.username, role: 'USER' });
      expect(res.json()).toEqual({ message: 'Role changed successfully.' });
      expect(await isSignedIn(reader.cookie)).toBe(true);
    });

    it('a reporter without articles may change role directly', async () => {
      const reporter = await t.signIn('REPORTER');
      const res = await asAdmin(API.users.assignRole, { username: reporter.username, role: 'USER' });
      expect(res.statusCode).toBe(200);
      expect(await roleOf(reporter.id)).toBe('USER');
    });

    it('refuses with 409 to take the role from a reporter who has articles', async () => {
      const reporter = await t.signIn('REPORTER');
      await giveArticles(reporter.id, ['REJECTED']);
      for (const role of ['USER', 'ADMIN']) {
        const res = await asAdmin(API.users.assignRole, { username: reporter.username, role });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(USER_MESSAGES.reporterHasArticlesRole);
      }
      expect(await roleOf(reporter.id)).toBe('REPORTER');
      expect(await isSignedIn(reporter.cookie)).toBe(true);
    });

    it('refuses the admin’s own account with 403', async () => {
      const res = await asAdmin(API.users.assignRole, { username: admin.username, role: 'USER' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You cannot change or delete your own account.');
      expect(await roleOf(admin.id)).toBe('ADMIN');
    });

    it('answers 404 for an unknown user and 400 for a bad body', async () => {
      const missing = await t.api(API.users.assignRole, {
        cookie: admin.cookie,
        body: { username: `ghost${tag()}`, role: 'USER' },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('User not found.');
      const reader = await t.signIn('USER');
      const badRole = await asAdmin(API.users.assignRole, {
        username: reader.username,
        role: 'ROLE_ADMIN',
      });
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json().message).toBe('Role must be USER, REPORTER or ADMIN.');
      const noName = await asAdmin(API.users.assignRole, { username: '  ', role: 'USER' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().errors.username).toBe('Username is required');
    });
  });

  describe('POST /api/admin/reassign-and-update-role', () => {
    it('moves pending, rejected and approved articles to the other reporter, makes the user USER, ends sessions', async () => {
      const from = await t.signIn('REPORTER');
      const to = await t.signIn('REPORTER');
      const moved = await giveArticles(from.id, ['PENDING', 'REJECTED', 'APPROVED', 'APPROVED']);
      const kept = await giveArticles(to.id, ['PENDING']);
      const version = t.services.changes.version;
      const res = await reassign(from.id, to.id, 'USER');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Articles reassigned and role changed successfully.' });
      const owners = await t.services.db
        .select({ reporterId: articles.reporterId, status: articles.approvalStatus })
        .from(articles)
        .where(inArray(articles.id, [...moved, ...kept]));
      expect(owners.every((a) => a.reporterId === to.id)).toBe(true);
      expect(owners.map((a) => a.status).sort()).toEqual(['APPROVED', 'APPROVED', 'PENDING', 'PENDING', 'REJECTED']);
      expect(await roleOf(from.id)).toBe('USER');
      expect(await roleOf(to.id)).toBe('REPORTER');
      expect(await isSignedIn(from.cookie)).toBe(false);
      expect(await isSignedIn(to.cookie)).toBe(true);
      // Public pages show the reporter's name: caches must learn of the move.
      expect(t.services.changes.version).toBeGreaterThan(version);
    });

    it('accepts ADMIN as the new role, and works for a reporter with no articles', async () => {
      const from = await t.signIn('REPORTER');
      const to = await t.signIn('REPORTER');
      const res = await reassign(from.id, to.id, 'ADMIN');
      expect(res.statusCode).toBe(200);
      expect(await roleOf(from.id)).toBe('ADMIN');
    });

    it('refuses REPORTER as the new role', async () => {
      const from = await t.signIn('REPORTER');
      const to = await t.signIn('REPORTER');
      const res = await reassign(from.id, to.id, 'REPORTER');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(USER_MESSAGES.newRoleNotReporter);
    });

    it('the target must be another existing REPORTER; nothing moves otherwise', async () => {
      const from = await t.signIn('REPORTER');
      const [article] = await giveArticles(from.id, ['APPROVED']);
      const reader = await t.signIn('USER');
      const otherAdmin = await t.signIn('ADMIN');
      const cases: [number, number, string][] = [
        [from.id, 400, USER_MESSAGES.sameReporter],
        [reader.id, 409, USER_MESSAGES.targetNotReporter],
        [otherAdmin.id, 409, USER_MESSAGES.targetNotReporter],
        [999_999, 404, USER_MESSAGES.targetNotFound],
      ];
      for (const [toReporterId, status, message] of cases) {
        const res = await reassign(from.id, toReporterId, 'USER');
        expect(res.statusCode, `to ${toReporterId}`).toBe(status);
        expect(res.json().message).toBe(message);
      }
      const [row] = await t.services.db
        .select({ reporterId: articles.reporterId })
        .from(articles)
        .where(eq(articles.id, article));
      expect(row.reporterId).toBe(from.id);
      expect(await roleOf(from.id)).toBe('REPORTER');
      expect(await isSignedIn(from.cookie)).toBe(true);
    });

    it('the source must be an existing REPORTER other than the admin', async () => {
      const to = await t.signIn('REPORTER');
      const reader = await t.signIn('USER');
      const notReporter = await reassign(reader.id, to.id, 'USER');
      expect(notReporter.statusCode).toBe(409);
      expect(notReporter.json().message).toBe(USER_MESSAGES.sourceNotReporter);
      const missing = await reassign(999_998, to.id, 'USER');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('User not found.');
      const self = await reassign(admin.id, to.id, 'USER');
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe(USER_MESSAGES.ownAccount);
    });

    it.each([
      [{ toReporterId: 2, newRole: 'USER' }, 'fromReporterId'],
      [{ fromReporterId: 'abc', toReporterId: 2, newRole: 'USER' }, 'fromReporterId'],
      [{ fromReporterId: 1, toReporterId: 2.5, newRole: 'USER' }, 'toReporterId'],
      [{ fromReporterId: 1, toReporterId: 2 ** 40, newRole: 'USER' }, 'toReporterId'],
      [{ fromReporterId: 1, toReporterId: 2 }, 'newRole'],
    ])('refuses the body %j with 400 naming %s', async (body, field) => {
      const res = await t.api(API.users.reassignAndUpdateRole, { cookie: admin.cookie, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    });
  });

  describe('POST /api/admin/reassign-and-delete-reporter', () => {
    it('moves every article to the other reporter and deletes the account and its sessions', async () => {
      const from = await t.signIn('REPORTER');
      const to = await t.signIn('REPORTER');
      const moved = await giveArticles(from.id, ['PENDING', 'REJECTED', 'APPROVED']);
      const res = await reassignAndDelete(from.id, to.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Reporter reassigned and deleted successfully.' });
      const owners = await t.services.db
        .select({ reporterId: articles.reporterId })
        .from(articles)
        .where(inArray(articles.id, moved));
      expect(owners).toHaveLength(3);
      expect(owners.every((a) => a.reporterId === to.id)).toBe(true);
      expect(await roleOf(from.id)).toBeUndefined();
      expect(await sessionCount(from.id)).toBe(0);
      expect(await isSignedIn(from.cookie)).toBe(false);
    });

    it('applies the same target and source rules', async () => {
      const from = await t.signIn('REPORTER');
      await giveArticles(from.id, ['PENDING']);
      const reader = await t.signIn('USER');
      const same = await reassignAndDelete(from.id, from.id);
      expect(same.statusCode).toBe(400);
      expect(same.json().message).toBe(USER_MESSAGES.sameReporter);
      const toUser = await reassignAndDelete(from.id, reader.id);
      expect(toUser.statusCode).toBe(409);
      expect(toUser.json().message).toBe(USER_MESSAGES.targetNotReporter);
      const fromUser = await reassignAndDelete(reader.id, from.id);
      expect(fromUser.statusCode).toBe(409);
      const self = await reassignAndDelete(admin.id, from.id);
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe(USER_MESSAGES.ownAccount);
      const gone = await reassignAndDelete(999_997, from.id);
      expect(gone.statusCode).toBe(404);
      const bad = await asAdmin(API.users.reassignAndDelete, { fromReporterId: from.id });
      expect(bad.statusCode).toBe(400);
      expect(await roleOf(from.id)).toBe('REPORTER');
      expect(await roleOf(reader.id)).toBe('USER');
    });
  });

  describe('DELETE /api/admin/users/:id', () => {
    it('deletes a user without articles and ends its sessions', async () => {
      const reader = await t.signIn('USER');
      const res = await t.api(API.users.remove, { params: { id: reader.id }, cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'User deleted successfully.' });
      expect(await roleOf(reader.id)).toBeUndefined();
      expect(await isSignedIn(reader.cookie)).toBe(false);
      const again = await t.api(API.users.remove, { params: { id: reader.id }, cookie: admin.cookie });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('User not found.');
    });

    it('deletes a reporter with no articles, and another admin', async () => {
      const reporter = await t.signIn('REPORTER');
      expect((await t.api(API.users.remove, { params: { id: reporter.id }, cookie: admin.cookie })).statusCode).toBe(200);
      const other = await t.signIn('ADMIN');
      expect((await t.api(API.users.remove, { params: { id: other.id }, cookie: admin.cookie })).statusCode).toBe(200);
    });

    it('refuses with 409 to delete a reporter who has articles', async () => {
      const reporter = await t.signIn('REPORTER');
      await giveArticles(reporter.id, ['APPROVED']);
      const res = await t.api(API.users.remove, { params: { id: reporter.id }, cookie: admin.cookie });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(USER_MESSAGES.reporterHasArticlesDelete);
      expect(await roleOf(reporter.id)).toBe('REPORTER');
      expect(await isSignedIn(reporter.cookie)).toBe(true);
    });

    it('refuses the admin’s own account with 403', async () => {
      const res = await t.api(API.users.remove, { params: { id: admin.id }, cookie: admin.cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(USER_MESSAGES.ownAccount);
      expect(await isSignedIn(admin.cookie)).toBe(true);
    });

    it.each(['abc', '0', '-1', '1.5', '1e3', '99999999999'])('answers 404 for the id %s: it names no user', async (id) => {
      const res = await t.api(API.users.remove, { params: { id }, cookie: admin.cookie });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(USER_MESSAGES.notFound);
    });

    it('two deletes of one user at the same time: one succeeds, the other is a 404, never a 500', async () => {
      for (let round = 0; round < 3; round++) {
        const reader = await t.signIn('USER');
        const results = await Promise.all([
          t.api(API.users.remove, { params: { id: reader.id }, cookie: admin.cookie }),
          t.api(API.users.remove, { params: { id: reader.id }, cookie: admin.cookie }),
        ]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      }
    });

    it('a delete racing a reassign-and-delete of the same reporter: one wins, the other is a 404 or 409', async () => {
      const from = await t.signIn('REPORTER');
      const to = await t.signIn('REPORTER');
      await giveArticles(from.id, ['PENDING', 'APPROVED']);
      const [reassign, plain] = await Promise.all([
        reassignAndDelete(from.id, to.id),
        t.api(API.users.remove, { params: { id: from.id }, cookie: admin.cookie }),
      ]);
      expect(reassign.statusCode).toBe(200);
      expect([404, 409]).toContain(plain.statusCode);
      expect(await roleOf(from.id)).toBeUndefined();
    });
  });
});
