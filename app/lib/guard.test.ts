import { afterEach, describe, expect, it, vi } from 'vitest';
import { requireRole, returnPath } from './guard.ts';
import { landingAfterSignIn, nextAfterSignIn, rolesFor } from './access.ts';

describe('returnPath', () => {
  it('keeps a path on this site and refuses anything that leaves it', () => {
    expect(returnPath('/admin-dashboard/usermanagement?page=2')).toBe('/admin-dashboard/usermanagement?page=2');
    for (const next of [null, undefined, '', 'admin-dashboard', '//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      expect(returnPath(next)).toBeNull();
    }
  });
});

describe('after sign-in', () => {
  it('knows who may open each part of the site', () => {
    expect(rolesFor('/admin-dashboard/usermanagement?page=2')).toEqual(['ADMIN']);
    expect(rolesFor('/reporter-dashboard/')).toEqual(['REPORTER', 'ADMIN']);
    expect(rolesFor('/reporter-dashboard/my-articles')).toEqual(['REPORTER']);
    expect(rolesFor('/reporter/view-article/4')).toEqual(['REPORTER']);
    expect(rolesFor('/user-dashboard')).toEqual(['USER', 'REPORTER', 'ADMIN']);
    expect(rolesFor('/public/articles/category/3?page=1')).toBeNull();
    expect(rolesFor('/admin-dashboardx')).toBeNull();
  });

  it("returns to the page asked for when the role may open it, else to the role's landing page", () => {
    const next = nextAfterSignIn({ pathname: '/', search: '?next=%2Fadmin-dashboard%2Fusermanagement%3Fpage%3D2' });
    expect(next).toBe('/admin-dashboard/usermanagement?page=2');
    expect(landingAfterSignIn('ADMIN', next)).toBe('/admin-dashboard/usermanagement?page=2');
    expect(landingAfterSignIn('REPORTER', next)).toBe('/reporter-dashboard');
    expect(landingAfterSignIn('USER', next)).toBe('/user-dashboard');
    expect(landingAfterSignIn('ADMIN', '/reporter-dashboard/my-articles')).toBe('/admin-dashboard');
    expect(landingAfterSignIn('USER', '/article/5')).toBe('/article/5');
    expect(landingAfterSignIn('REPORTER', null)).toBe('/reporter-dashboard');
    // Only the home page carries it, and only to this site.
    expect(nextAfterSignIn({ pathname: '/search', search: '?next=%2Fadmin-dashboard' })).toBeNull();
    expect(nextAfterSignIn({ pathname: '/', search: '?next=%2F%2Fevil.example' })).toBeNull();
  });
});

describe('requireRole', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (body: unknown, status = 200) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it('sends a signed-out visitor home with the page to come back to', async () => {
    vi.stubGlobal('fetch', answer({ authenticated: false, role: null }));
    const thrown = await requireRole(new Request('http://site/admin-dashboard/usermanagement?page=2'), ['ADMIN']).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.headers.get('Location')).toBe('/?next=%2Fadmin-dashboard%2Fusermanagement%3Fpage%3D2');
  });

  it('sends a role that is not allowed to /unauthorized and lets an allowed one through', async () => {
    vi.stubGlobal('fetch', answer({ authenticated: true, role: 'USER' }));
    const thrown = await requireRole(new Request('http://site/admin-dashboard'), ['ADMIN']).catch((e) => e);
    expect(thrown.headers.get('Location')).toBe('/unauthorized');
    vi.stubGlobal('fetch', answer({ authenticated: true, role: 'ADMIN' }));
    await expect(requireRole(new Request('http://site/admin-dashboard'), ['ADMIN'])).resolves.toBe('ADMIN');
  });

  it('asks the server once for a layout and its screen guarding the same navigation', async () => {
    const fetch = answer({ authenticated: true, role: 'REPORTER' });
    vi.stubGlobal('fetch', fetch);
    const request = new Request('http://site/reporter-dashboard/my-articles');
    await Promise.all([requireRole(request, ['REPORTER', 'ADMIN']), requireRole(request, ['REPORTER'])]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('treats a failed check as signed out', async () => {
    vi.stubGlobal('fetch', answer({ message: 'down' }, 500));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const thrown = await requireRole(new Request('http://site/user-dashboard'), ['USER']).catch((e) => e);
    expect(thrown.headers.get('Location')).toBe('/?next=%2Fuser-dashboard');
  });
});
