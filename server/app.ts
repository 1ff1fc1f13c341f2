// buildApp, the HTTP composition root, in the order a request meets its parts: the security
// headers and the outside plugins, the Origin check and OpenAPI, probes and metrics, the API under
// /api, media, SEO files and the built assets, then React Router for every other page.
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Services } from './services.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerSessionLookup } from './http/guards.ts';
import { registerOriginCheck } from './http/origin.ts';
import { registerSsr, type AppServerBuild } from './http/ssr.ts';
import { registerMetrics } from './http/metrics.ts';
import { applyAccess, registerOpenApi, useZodSchemas } from './http/openapi.ts';
import type { RenderCache } from './http/page-cache/store.ts';
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
import { notesRoutes } from './notes/routes.ts';
import { authorsRoutes } from './authors/routes.ts';
import { tagsRoutes } from './tags/routes.ts';
import { savedRoutes } from './saved/routes.ts';
import { editingRoutes } from './editing/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { newsletterRoutes } from './newsletter/routes.ts';
import { newsletterPages } from './newsletter/pages.ts';
import { registerCdn } from './cdn/http.ts';
import { registerMediaRoutes } from './media/serving.ts';
import { registerShareCardRoutes } from './share-cards/routes.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerExternalPlugins } from './http/external-plugins.ts';
import { registerStaticFiles } from './http/static-files.ts';

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

/** Keeps the list of every route as it is registered (`registeredRoutes`). */
function recordRoutes(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  routeLists.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: r.url, access: r.config?.access, declared: Boolean(r.config?.apiRoute) });
  });
}

/** Liveness, and readiness: the database answers. */
function registerProbes(app: FastifyInstance, services: Services) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await services.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}

/** Every domain's routes, in one scope under /api: each route's access guard, the session, private answers. */
async function registerApi(app: FastifyInstance, services: Services, { checkResponses }: { checkResponses: boolean }) {
  const { config } = services;
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
        editingRoutes,
        notesRoutes,
        readershipRoutes,
        pushRoutes,
        authorsRoutes,
        tagsRoutes,
        savedRoutes,
        mailRoutes,
        newsletterRoutes,
      ]) {
        await api.register(routes, { services });
      }
      // Unknown API paths answer JSON, never the HTML 404 page (this beats the SSR catch-all).
      api.all('/*', async (_request, reply) => reply.status(404).send({ message: 'Not found' }));
    },
    { prefix: '/api' },
  );
}

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
  recordRoutes(app);
  registerSecurityHeaders(app, config);
  await registerExternalPlugins(app);
  registerOriginCheck(app, config.publicUrl);
  await registerOpenApi(app, { sessionCookie: config.sessionCookie, publicUrl: config.publicUrl });
  // Old WordPress addresses of imported posts (server/import/).
  registerLegacyRedirects(app, services.db);

  let pageCache: RenderCache | undefined;
  registerMetrics(app, services, () => pageCache);
  registerCdn(app, services.cdn, config.cdn.maxAge);
  registerProbes(app, services);
  await registerApi(app, services, { checkResponses });

  // The local folder or the bucket (server/media/serving.ts).
  // Share pictures are made on their first request, so they have a route of their own.
  registerShareCardRoutes(app, services.shareCards);
  await registerMediaRoutes(app, services.storage);
  await app.register(seoRoutes, { services });
  await app.register(newsletterPages, { services });
  if (clientDir) await registerStaticFiles(app, clientDir);
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
