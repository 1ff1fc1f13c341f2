// The OpenAPI document over real HTTP: every /api route is in it with its roles and error answers,
// and every route declares who may call it.
import { describe, expect, it } from 'vitest';
import { registeredRoutes } from '../app.ts';
import { TEST_DB, useTestApp } from '../test/app.ts';

const t = useTestApp();

type Operation = { security?: unknown[]; 'x-roles'?: string[]; responses: Record<string, unknown> };

describe(`OpenAPI document (${TEST_DB})`, () => {
  it('lists every /api route with its access and error answers', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([url, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${url}`)),
    );
    const apiRoutes = registeredRoutes(t.app)
      .filter(
        (r) => r.url.startsWith('/api/') && r.url !== '/api/*' && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json',
      )
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    const missing = apiRoutes.filter((r) => !documented.has(r));
    expect(missing, 'routes missing from /api/openapi.json').toEqual([]);
    const admin = doc.paths['/api/navigation-categories'].put;
    expect(admin['x-roles']).toEqual(['ADMIN']);
    expect(admin.security).toEqual([{ session: [] }]);
    expect(Object.keys(admin.responses).sort()).toEqual(['200', '400', '401', '403']);
    expect(doc.paths['/api/navigation-categories/public'].get.security).toEqual([]);
  });

  it('every /api route declares who may call it', () => {
    const routes = registeredRoutes(t.app).filter(
      (r) => r.url.startsWith('/api/') && r.url !== '/api/*' && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json',
    );
    const withoutAccess = routes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(withoutAccess, 'routes without config.access').toEqual([]);
  });

  it('serves the reference page from the package', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)[^"']+\.js/);
  });
});
