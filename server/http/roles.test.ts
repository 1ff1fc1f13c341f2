// Every API route, from outside, for every kind of caller: the path prefix decides who may call
// (docs/product.md: public, reporter, admin), and nothing slips through without a guard.
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../app.ts';
import { TEST_DB, useTestApp } from '../test/app.ts';

type Caller = 'anonymous' | 'USER' | 'REPORTER' | 'ADMIN';

/** Who may call a route, by its path. */
function allowed(method: string, url: string): Caller[] {
  const all: Caller[] = ['anonymous', 'USER', 'REPORTER', 'ADMIN'];
  if (url.startsWith('/api/admin/')) return ['ADMIN'];
  if (url === '/api/navigation-categories') return ['ADMIN'];
  if (url.startsWith('/api/reporter/')) return ['REPORTER'];
  // Drafts are the reporter's own; revision history is for the article's reporter and admins.
  if (url.startsWith('/api/articles/drafts')) return ['REPORTER'];
  if (url.startsWith('/api/articles/:id/revisions')) return method === 'GET' ? ['REPORTER', 'ADMIN'] : [];
  // Live updates: the story's reporter and admins.
  if (url.startsWith('/api/articles/:id/live-updates')) return ['REPORTER', 'ADMIN'];
  // Who is editing a story (issue 37): the staff who may edit it.
  if (url === '/api/articles/editing' || url.startsWith('/api/articles/:id/editing')) return ['REPORTER', 'ADMIN'];
  // The desk's private notes on a story: its reporter and admins.
  if (url.startsWith('/api/articles/:id/notes')) return ['REPORTER', 'ADMIN'];
  if (url.startsWith('/api/articles')) return method === 'PUT' ? ['REPORTER', 'ADMIN'] : ['REPORTER'];
  if (url === '/api/auth/me') return ['USER', 'REPORTER', 'ADMIN'];
  // Account recovery: the own password and sessions for anyone signed in, two-step sign-in for staff.
  if (url === '/api/auth/change-password' || url === '/api/auth/logout-others') return ['USER', 'REPORTER', 'ADMIN'];
  if (url.startsWith('/api/auth/totp/')) return ['REPORTER', 'ADMIN'];
  // The author profile is for reporters (and admins); saved stories for anyone signed in.
  if (url === '/api/me/profile') return ['REPORTER', 'ADMIN'];
  if (url.startsWith('/api/me/')) return ['USER', 'REPORTER', 'ADMIN'];
  return all;
}

const t = useTestApp();
const cookies: Partial<Record<Caller, string>> = {};
beforeAll(async () => {
  for (const role of ['USER', 'REPORTER', 'ADMIN'] as const) cookies[role] = (await t.signIn(role)).cookie;
});

describe(`role rules on every API route (${TEST_DB})`, () => {
  it('covers every route the screens call', () => {
    const urls = registeredRoutes(t.app).map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'GET /api/auth/check-auth',
        'PUT /api/navigation-categories',
        'POST /api/articles/drafts',
        'PUT /api/articles/drafts/:id',
        'POST /api/articles/drafts/:id/submit',
        'GET /api/reporter/articles/drafts',
        'DELETE /api/reporter/articles/drafts/:id',
        'GET /api/articles/:id/revisions',
        'GET /api/articles/:id/revisions/:revId',
        'POST /api/admin/articles/:id/revisions/:revId/restore',
      ]),
    );
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/auth/change-password',
        'POST /api/auth/logout-others',
        'POST /api/auth/reset-password',
        'POST /api/admin/users/:id/password-reset',
        'POST /api/auth/totp/setup',
        'POST /api/auth/totp/enable',
        'POST /api/auth/totp/disable',
      ]),
    );
  });

  it('covers scheduling, breaking news and the audit trail (ADMIN only by their /api/admin prefix)', () => {
    const urls = registeredRoutes(t.app).map((r) => `${r.method} ${r.url}`);
    const added = [
      'GET /api/admin/articles/scheduled',
      'PUT /api/admin/articles/unschedule/:id',
      'PUT /api/admin/articles/breaking/:id',
      'DELETE /api/admin/articles/breaking/:id',
      'GET /api/admin/audit',
    ];
    expect(urls).toEqual(expect.arrayContaining(added));
    for (const route of added) expect(allowed(route.split(' ')[0], route.split(' ')[1])).toEqual(['ADMIN']);
  });

  it('refuses every caller a route does not allow: 401 signed out, 403 signed in', async () => {
    const failures: string[] = [];
    const apiRoutes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && r.url !== '/api/*');
    for (const { method, url } of apiRoutes) {
      const path = url.replace(/:[A-Za-z]+/g, '999999');
      for (const caller of ['anonymous', 'USER', 'REPORTER', 'ADMIN'] as const) {
        if (allowed(method, url).includes(caller)) continue;
        const res = await t.app.inject({
          method: method as 'GET',
          url: path,
          headers: caller === 'anonymous' ? {} : { cookie: cookies[caller]! },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const expected = caller === 'anonymous' ? 401 : 403;
        if (res.statusCode !== expected) failures.push(`${method} ${url} as ${caller}: ${res.statusCode}, expected ${expected}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
