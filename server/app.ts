// buildApp: plugins, the API under /api, media and assets, then React Router for every other page.
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import type { Services } from './services.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerSessionLookup } from './http/guards.ts';
import { registerOriginCheck } from './http/origin.ts';
import { registerSsr, type AppServerBuild } from './http/ssr.ts';
import { registerMetrics } from './http/metrics.ts';
import { applyAccess, registerOpenApi, useZodSchemas } from './http/openapi.ts';
import type { RenderCache } from './http/cache.ts';
import { authRoutes } from './auth/routes.ts';
import { categoriesRoutes } from './categories/routes.ts';
import { articlesRoutes } from './articles/routes.ts';
import { publicArticlesRoutes } from './articles/public-routes.ts';
import { reviewRoutes } from './review/routes.ts';
import { usersRoutes } from './users/routes.ts';
import { navigationRoutes } from './navigation/routes.ts';
import { homepageRoutes } from './homepage/routes.ts';
import { featuredRoutes } from './homepage/featured-routes.ts';
import { aboutRoutes } from './about/routes.ts';
import { adsRoutes } from './ads/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { seoRoutes } from './seo/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { draftsRoutes } from './articles/drafts-routes.ts';
import { revisionsRoutes } from './review/revisions-routes.ts';
import { registerLegacyRedirects } from './import/redirects.ts';
import { readershipRoutes } from './readership/routes.ts';
import { pushRoutes } from './push/routes.ts';
import { districtsRoutes } from './districts/routes.ts';
import { liveRoutes } from './live/routes.ts';
import { authorsRoutes } from './authors/routes.ts';
import { tagsRoutes } from './tags/routes.ts';
import { savedRoutes } from './saved/routes.ts';
import { registerCdn } from './cdn/http.ts';
import { registerMediaRoutes } from './media/serving.ts';

/** Set by app/entry.server.tsx on every rendered page (a plain string here: the app bundle is separate). */
const SCRIPT_HASHES_HEADER = 'x-csp-script-hashes';

export type BuildAppOptions = {
  services: Services;
  /** The React Router server build; absent in API-only tests. */
  build?: AppServerBuild;
  /** Directory of built client assets (build/client). */
  clientDir?: string;
  logger?: boolean | object;
  /** Tests: an /api answer whose status the route does not document becomes a 500 naming it. */
  checkResponses?: boolean;
};

type RegisteredRoute = { method: string; url: string; access?: unknown; declared: boolean };
const routeLists = new WeakMap<FastifyInstance, RegisteredRoute[]>();
/** Every route registered on the app (tests check the role rules of each). */
export const registeredRoutes = (app: FastifyInstance) => routeLists.get(app) ?? [];

/** Upload limits: 4 article images of 2 MB plus form fields; the services check each file again. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

export async function buildApp({
  services,
  build,
  clientDir,
  logger = false,
  checkResponses = false,
}: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger,
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY (none by default):
    // from anyone else it would let a client pick its own address and dodge the login rate limit.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // Give in-flight requests time to finish on shutdown.
    return503OnClosing: true,
  });
  registerErrorHandler(app);
  useZodSchemas(app);
  const routes: RegisteredRoute[] = [];
  routeLists.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: r.url, access: r.config?.access, declared: Boolean(r.config?.apiRoute) });
  });

  // Built once: @fastify/helmet rebuilt the middleware (and re-parsed the CSP) for every request,
  // ~5% of the CPU of a cached page (docs/performance.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // React Router's inline scripts (hydration data, module loader) are allowed by their hashes,
        // added per page below; Vite's development server injects scripts of its own.
        scriptSrc: config.env === 'development' ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // MEDIA_PUBLIC_URL: pictures from the CDN (or bucket) in front of the media storage.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.media.publicUrl ? [new URL(config.media.publicUrl).origin] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.secureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  // Document-level policies (CSP, framing, opener) mean nothing on a script or an image, and a
  // page loads ~25 of them: ~600 bytes each that phones would download for nothing.
  const documentOnlyHeaders = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];
  // The policy with a page's script hashes, by hashes: pages share the same few scripts, and
  // rewriting the policy for each answer was ~3% of the CPU of a cached page.
  const policyWithHashes = new Map<string, { base: string; policy: string }>();
  app.addHook('onSend', async (request, reply, payload) => {
    // A rendered page names the hashes of its inline scripts (app/entry.server.tsx): only those run.
    const hashes = reply.getHeader(SCRIPT_HASHES_HEADER);
    if (hashes !== undefined) {
      reply.removeHeader(SCRIPT_HASHES_HEADER);
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string' && hashes) {
        const key = String(hashes);
        let known = policyWithHashes.get(key);
        if (known?.base !== csp) {
          known = { base: csp, policy: csp.replace(/(^|;)script-src 'self'(?=;|$)/, `$1script-src 'self' ${key}`) };
          if (policyWithHashes.size >= 100) policyWithHashes.clear();
          policyWithHashes.set(key, known);
        }
        reply.header('content-security-policy', known.policy);
      }
    }
    // Only for what cannot be a document: an HTML 404 page under these paths keeps its CSP and
    // frame protection (it is a page an attacker could frame or inject into like any other).
    if (
      (request.url.startsWith('/assets/') || request.url.startsWith('/media/')) &&
      !/html|xml|svg/i.test(String(reply.getHeader('content-type') ?? ''))
    ) {
      for (const name of documentOnlyHeaders) reply.removeHeader(name);
    }
    return payload;
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 10, fields: 20, fieldSize: 1024 * 1024, parts: 40 },
  });
  registerOriginCheck(app, config.publicUrl);
  await registerOpenApi(app, { sessionCookie: config.sessionCookie, publicUrl: config.publicUrl });
  // Old WordPress addresses of imported posts (server/import/).
  registerLegacyRedirects(app, services.db);

  let pageCache: RenderCache | undefined;
  registerMetrics(app, services, () => pageCache);
  registerCdn(app, services.cdn, config.cdn.maxAge);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await services.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(
    async (api) => {
      applyAccess(api);
      if (checkResponses) checkDocumentedStatus(api);
      registerSessionLookup(api, services.sessions, {
        cookieName: config.sessionCookie,
        requireStaffTotp: config.requireStaffTotp,
      });
      api.addHook('onSend', async (request, reply, payload) => {
        // Anything signed in is private; public routes set their own cache headers.
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        void request;
        return payload;
      });
      for (const routes of [
        authRoutes,
        categoriesRoutes,
        articlesRoutes,
        publicArticlesRoutes,
        reviewRoutes,
        usersRoutes,
        navigationRoutes,
        homepageRoutes,
        featuredRoutes,
        aboutRoutes,
        adsRoutes,
        searchRoutes,
        auditRoutes,
        draftsRoutes,
        revisionsRoutes,
        districtsRoutes,
        liveRoutes,
        readershipRoutes,
        pushRoutes,
        authorsRoutes,
        tagsRoutes,
        savedRoutes,
      ]) {
        await api.register(routes, { services });
      }
      // Unknown API paths answer JSON, never the HTML 404 page (this beats the SSR catch-all).
      api.all('/*', async (_request, reply) => reply.status(404).send({ message: 'Not found' }));
    },
    { prefix: '/api' },
  );

  // The local folder or the bucket (server/media/serving.ts).
  await registerMediaRoutes(app, services.storage);
  await app.register(seoRoutes, { services });

  if (clientDir) {
    // Hashed bundles under /assets never change, so they are cached for a year. One wildcard
    // route: a route per file (~480 with the .br/.gz copies) took ~200 ms of start-up to register.
    await app.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      wildcard: true,
      index: false,
      // build-if-stale.ts writes .br/.gz beside each asset at maximum compression.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // The few other built files (service worker, manifest, icons), each its own route: a wildcard
    // at / would take every page's address from the web app.
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      globIgnore: ['assets/**'],
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        // The service worker is checked on every visit, so a deploy reaches readers at once.
        reply.header('cache-control', path.basename(filePath) === 'sw.js' ? 'no-cache' : 'public, max-age=86400');
      },
    });
  }
  if (build) pageCache = registerSsr(app, build, services);
  return app;
}

/** Every status an /api route sends must be one its schema documents (tests turn this on). */
function checkDocumentedStatus(api: FastifyInstance) {
  api.addHook('onSend', async (request, reply, payload) => {
    const documented = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (!documented || request.routeOptions.url === '/api/*') return payload;
    const status = reply.statusCode;
    // A server fault is not part of any route's contract (and its body is always { message }).
    if (status >= 500) return payload;
    if (status in documented || `${String(status)[0]}XX` in documented || 'default' in documented) return payload;
    const problem = `Undocumented response ${status} from ${request.method} ${request.routeOptions.url}: ${String(payload)}`;
    request.log.error(problem);
    reply.status(500).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ message: problem });
  });
}
