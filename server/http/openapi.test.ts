// The OpenAPI document over real HTTP: every /api route is in it with its roles and error answers,
// and every route declares who may call it.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registeredRoutes } from '../app.ts';
import { appRoot } from '../paths.ts';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { addArticle, addCategory, addReporter } from '../test/fixtures.ts';
import { API } from '../../contract/api.ts';

const SITE = 'https://news.example.te';
const t = useTestApp({ env: { PUBLIC_URL: SITE } });

type Parameter = { in: string; name: string; schema: { type?: string } };
type Operation = {
  security?: unknown[];
  'x-roles'?: string[];
  parameters?: Parameter[];
  responses: Record<string, unknown>;
};
type Document = { openapi: string; servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

const served = async () => (await t.app.inject({ url: '/api/openapi.json' })).json() as Document;

/** Redocly's lint of `doc` with the given config file's text: its totals and problems. */
async function redoclyLint(doc: unknown, config: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'openapi-lint-'));
  try {
    await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(doc));
    await writeFile(path.join(dir, 'redocly.yaml'), config);
    const cli = path.join(appRoot, 'node_modules/@redocly/cli/bin/cli.js');
    const args = [cli, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'];
    const child = spawn(process.execPath, args, { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    await new Promise((resolve) => child.once('close', resolve));
    return JSON.parse(out) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe(`OpenAPI document (${TEST_DB})`, () => {
  it('lists every /api route with its access and error answers', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as Document;
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

  it('names the site (PUBLIC_URL) as its server', async () => {
    expect((await served()).servers).toEqual([{ url: SITE, description: 'తెలుగు వార్తలు' }]);
  });

  it('types every path id as an integer, while a malformed id still answers the resource 404', async () => {
    const doc = await served();
    const pathParams = Object.entries(doc.paths).flatMap(([url, ops]) =>
      Object.values(ops).flatMap((op) => (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => ({ url, ...p }))),
    );
    expect(pathParams.length).toBeGreaterThan(20);
    // A district and a tag are named by their slug, an author by the username: no id.
    expect(
      pathParams
        .filter((p) => p.schema.type !== 'integer' && !['slug', 'username'].includes(p.name))
        .map((p) => `${p.url} ${p.name}`),
    ).toEqual([]);
    expect(doc.paths['/api/public/articles/{id}'].get.parameters?.[0].schema).toMatchObject({
      type: 'integer',
      minimum: 1,
    });

    // What a generated client sends for an integer: the number's digits.
    const reporter = await addReporter(t.services.db, 'openapi_reporter');
    const category = await addCategory(t.services.db, 'ఓపెన్ఏపీఐ');
    const id = await addArticle(t.services.db, { title: 'సంఖ్య', reporterId: reporter.id, categoryIds: [category.id] });
    const found = await t.api(API.publicArticles.one, { params: { id } });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id, title: 'సంఖ్య' });
    expect(
      (await t.api(API.publicArticles.related, { params: { categoryId: category.id, excludeArticleId: 0 } })).statusCode,
    ).toBe(200);

    const missing = await t.api(API.publicArticles.one, { params: { id: 999999 } });
    for (const malformed of ['abc', '1.5', '-1', '0', '99999999999', '1e3']) {
      const res = await t.api(API.publicArticles.one, { params: { id: malformed } });
      expect(res.statusCode, malformed).toBe(404);
      expect(res.json(), malformed).toEqual(missing.json());
    }
    expect((await t.app.inject({ url: '/api/public/articles/category/abc' })).json()).toEqual(
      (await t.api(API.publicArticles.byCategory, { params: { id: 999999 } })).json(),
    );
  });

  it("passes Redocly's built-in recommended ruleset with no error, and the project's rules with no warning", async () => {
    const doc = await served();
    const recommended = await redoclyLint(doc, 'extends:\n  - recommended\n');
    expect(recommended.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(recommended.totals.errors).toBe(0);
    const project = await redoclyLint(doc, await readFile(path.join(appRoot, 'redocly.yaml'), 'utf8'));
    expect(project.problems).toEqual([]);
  }, 60_000);
});
