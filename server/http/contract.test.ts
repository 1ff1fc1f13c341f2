// The route contract (contract/api.ts) and the server agree: every declared route is answered, and
// every API route the server answers is declared there, with the same access.
import { describe, expect, it } from 'vitest';
import { registeredRoutes } from '../app.ts';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { API } from '../../contract/api.ts';
import { pathOf, queryOf } from '../../contract/route.ts';

const t = useTestApp();

/** What the API serves that is not a route of its own: the reference, its document, the JSON 404. */
const notRoutes = (url: string) => url === '/api/*' || url === '/api/openapi.json' || url.startsWith('/api/docs');

describe(`the route contract (${TEST_DB})`, () => {
  it('the server answers exactly the routes contract/api.ts declares', () => {
    const served = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && !notRoutes(r.url));
    const declared = Object.values(API).flatMap((table) => Object.values(table));
    expect(served.map((r) => `${r.method} ${r.url}`).sort()).toEqual(declared.map((r) => `${r.method} /api${r.path}`).sort());
    expect(served.filter((r) => !r.declared).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const route of declared) {
      const found = served.find((r) => r.method === route.method && r.url === `/api${route.path}`);
      expect(found?.access, `${route.method} ${route.path}`).toEqual(route.access);
    }
  });

  it('declares each method and path once', () => {
    const keys = Object.values(API).flatMap((table) => Object.values(table).map((r) => `${r.method} ${r.path}`));
    expect(keys.length).toBe(new Set(keys).size);
  });
});

describe('paths and queries of a call', () => {
  it('fills and encodes path parameters, and names a missing one', () => {
    expect(pathOf('/admin/articles/:id/revisions/:revId/restore', { id: 7, revId: 'a/b' })).toBe(
      '/admin/articles/7/revisions/a%2Fb/restore',
    );
    expect(() => pathOf('/admin/categories/:id', {})).toThrow('Missing path parameter id for /admin/categories/:id');
  });

  it('leaves blank values out of the query and repeats arrays', () => {
    expect(queryOf({ q: 'హైదరాబాద్', page: 0, blank: '', none: undefined, ids: [1, 2] })).toBe(
      `?q=${encodeURIComponent('హైదరాబాద్')}&page=0&ids=1&ids=2`,
    );
    expect(queryOf({})).toBe('');
  });
});
