// Test harness: a real app over a fresh database, on PGlite or PostgreSQL (TEST_DB=postgres).
// Each call gets its own database (a copy of a migrated template, ./databases.ts); close() drops it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import cookie from '@fastify/cookie';
import { createContext, type RouterContextProvider } from 'react-router';
import { afterAll, beforeAll } from 'vitest';
import { createMigratedPgDatabase, openPgliteCopy } from './databases.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createServices, type Services } from '../services.ts';
import { buildApp } from '../app.ts';
import { createSsrHandler, type AppServerBuild, type SharedParts } from '../http/ssr.ts';
import type { CachePolicy } from '../../contract/cache-tags.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Role } from '../../contract/roles.ts';
import { urlOf, type ApiRoute, type RouteTarget } from '../../contract/route.ts';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Every test account's password is 'secret123': hashed once (argon2 at production cost). */
let secretHash: Promise<string> | undefined;
const passwordHash = () => (secretHash ??= hashPassword('secret123'));

export type TestApp = {
  app: FastifyInstance;
  services: Services;
  baseUrl: string;
  dataDir: string;
  /** Creates a user and returns a cookie header value for it. */
  signIn(role: Role, username?: string): Promise<SignedIn>;
  /** One new account per role named, signed in, in that order. */
  signInAs(...roles: Role[]): Promise<SignedIn[]>;
  /** A request through `app.inject` with an optional JSON body, as the cookie's owner (none: signed out). */
  call(method: InjectOptions['method'], url: string, cookie?: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /**
   * A call of a contract route (`t.api(API.categories.rename, { params: { id }, body, cookie })`):
   * its method and path come from the declaration, filled in as the browser's client does, so a
   * renamed path or parameter fails to compile. `call` stays for requests meant to be raw.
   */
  api<R extends ApiRoute>(route: R, ...input: ApiArgs<R>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/** A test's call of a route: where it goes (contract/route.ts's RouteTarget), as whom, with what. */
export type ApiCall<R extends ApiRoute> = RouteTarget<R> & {
  /** The Cookie header (a SignedIn's `cookie`); none: signed out. */
  cookie?: string;
  /** A JSON body: any value, so a test can also send what the route's schema refuses. */
  body?: unknown;
  /** A multipart body, as fixtures' multipart() makes it. */
  form?: { payload: Buffer; headers: Record<string, string> };
  headers?: Record<string, string>;
  /** The client's address (rate limits count per address). */
  remoteAddress?: string;
};
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "every field optional" is exactly this test
type ApiArgs<R extends ApiRoute> = {} extends ApiCall<R> ? [input?: ApiCall<R>] : [input: ApiCall<R>];

/** A call of a contract route on any app (`t.api` on the test app's): see TestApp's `api`. */
export function injectRoute<R extends ApiRoute>(app: FastifyInstance, route: R, input?: ApiCall<R>) {
  const { cookie, body, form, headers, remoteAddress, ...target } = (input ?? {}) as ApiCall<ApiRoute>;
  return app.inject({
    method: route.method,
    remoteAddress,
    url: `/api${urlOf(route, target)}`,
    headers: { ...form?.headers, ...headers, ...(cookie ? { cookie } : {}) },
    ...(form ? { payload: form.payload } : body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  });
}

/** A test account, signed in: `cookie` is the Cookie header value of its session. */
export type SignedIn = { id: number; username: string; cookie: string };

/**
 * The test app of one test file: made before its tests (beforeAll) and closed after them. Its
 * fields read the app of the moment, so tests use it as they would `await createTestApp()`.
 */
export function useTestApp(opts: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(opts);
  });
  afterAll(() => current?.close());
  const made = () => {
    if (!current) throw new Error('The test app is made in beforeAll: use it in hooks and tests.');
    return current;
  };
  return {
    get app() {
      return made().app;
    },
    get services() {
      return made().services;
    },
    get baseUrl() {
      return made().baseUrl;
    },
    get dataDir() {
      return made().dataDir;
    },
    signIn: (role, username) => made().signIn(role, username),
    signInAs: (...roles) => made().signInAs(...roles),
    call: (method, url, cookie, payload) => made().call(method, url, cookie, payload),
    api: (route, ...input) => made().api(route, ...input),
    close: () => made().close(),
  };
}

type TestAppOptions = { listen?: boolean; env?: Record<string, string> };

/** A test instance's services: test settings over `env`, quiet logs. */
function testServices(dataDir: string, database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', ...env });
  return createServices({ config, database, log: { ...console, info() {}, debug() {} } as unknown as Console });
}

/**
 * A second instance's services on the test app's PostgreSQL database: its own connection, caches
 * and change listener, as another server of the site has. Close `database` when done.
 */
export async function secondInstance(t: TestApp, env: Record<string, string> = {}) {
  const databaseUrl = t.services.config.databaseUrl!;
  const database = await openDatabase({ databaseUrl });
  return { services: testServices(t.dataDir, database, { ...env, DATABASE_URL: databaseUrl }), database };
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'news-test-'));
  const pgDb = TEST_DB === 'postgres' ? await createMigratedPgDatabase() : undefined;
  const database = pgDb ? await openDatabase({ databaseUrl: pgDb.url }) : await openPgliteCopy();
  const services = testServices(dataDir, database, { ...opts.env, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });
  const { config } = services;
  const app = await buildApp({ services, checkResponses: true });
  let baseUrl = '';
  if (opts.listen) baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();
  let n = 0;
  const testApp: TestApp = {
    app,
    services,
    baseUrl,
    dataDir,
    async signIn(role, username) {
      const name = username ?? `${role.toLowerCase()}${++n}_${randomBytes(3).toString('hex')}`;
      const [user] = await services.db
        .insert(users)
        .values({ username: name, email: `${name}@example.com`, passwordHash: await passwordHash(), role })
        .returning();
      const session = await services.sessions.create(user.id);
      return { id: user.id, username: name, cookie: `${config.sessionCookie}=${session.token}` };
    },
    signInAs: (...roles) => Promise.all(roles.map((role) => testApp.signIn(role))),
    call: (method, url, cookie, payload) =>
      app.inject({
        method,
        url,
        headers: cookie ? { cookie } : {},
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      }),
    api: (route, ...[input]) => injectRoute(app, route, input),
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/** A route of the stand-in build: its path and, for a public page, its cache policy. */
export type StandInRoute = { path: string; cachePolicy?: CachePolicy };

/**
 * The stand-in's routes: the public reading pages with the policies the app's routes declare,
 * a few test pages, and pages that declare none (reset links, a dashboard, anything else).
 */
export const STAND_IN_ROUTES: StandInRoute[] = [
  { path: '', cachePolicy: { name: 'home', params: [] } },
  { path: 'article/:id', cachePolicy: { name: 'article', params: [] } },
  { path: 'public/articles/category/:id', cachePolicy: { name: 'category', params: ['page'] } },
  { path: 'search', cachePolicy: { name: 'search', params: ['query', 'page'] } },
  { path: 'about-us', cachePolicy: { name: 'about', params: [] } },
  ...['news', 'slow', 'long', 'missing', 'save'].map((path) => ({ path, cachePolicy: { name: 'test', params: [] } })),
  { path: 'reset-password/:token' },
  { path: 'admin-dashboard' },
  { path: '*' },
];

/** The stand-in's shared parts: each slot as plain text of its data. */
export function standInSharedSlot(slot: string, parts: SharedParts): string {
  if (slot === 'ticker') return parts.headlines.map((h) => `${h.breaking ? '!' : ''}${h.title}`).join('|');
  if (slot === 'most-read') return parts.mostRead.map((a) => a.id).join(',');
  return JSON.stringify(parts);
}

/**
 * The SSR adapter (server/http/ssr.ts: render cache, cache headers) in front of a stand-in for
 * React Router's request handler, so page-cache tests control what a page renders. The handler gets
 * the request's context: `context.get(build.entry.module.cacheTagsContext)` takes a page's tags.
 */
export function standInBuild(routes: StandInRoute[] = STAND_IN_ROUTES): AppServerBuild {
  const manifest: Record<string, unknown> = {
    root: { id: 'root', path: '', module: {} },
  };
  routes.forEach((route, i) => {
    const index = route.path === '';
    manifest[`r${i}`] = {
      id: `r${i}`,
      parentId: 'root',
      path: index ? undefined : route.path,
      index,
      module: route.cachePolicy ? { cachePolicy: route.cachePolicy } : {},
    };
  });
  return {
    routes: manifest,
    entry: {
      module: {
        servicesContext: createContext<Services>(),
        cacheTagsContext: createContext<string[] | null>(null),
        sharedPartsContext: createContext<SharedParts | null>(null),
        renderSharedSlot: standInSharedSlot,
      },
    },
  } as unknown as AppServerBuild;
}

export async function createSsrStandIn(
  services: Services,
  handle: (request: Request, context: RouterContextProvider) => Promise<Response>,
  build: AppServerBuild = standInBuild(),
) {
  const app = Fastify();
  await app.register(cookie);
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: createSsrHandler(build, services, { handle }) });
  await app.ready();
  return app;
}
