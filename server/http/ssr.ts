// The adapter between Fastify and React Router's fetch-style request handler, with the render
// cache: a public reading page's HTML is the same for every reader, anonymous or signed in
// (signed-in state is filled in by the browser), so one render serves everyone until a change
// that can affect that page (server/http/pages.ts, server/http/cache.ts).
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { Services } from '../services.ts';
import { hasSessionCookie } from '../auth/sessions.ts';
import { categoryIdsOf } from '../articles/model.ts';
import { canonicalPageUrl, publicPage } from './pages.ts';
import {
  createRenderCache,
  encodedBody,
  newCachedPage,
  notModified,
  preferredEncoding,
  PRIVATE_CACHE,
  PUBLIC_PAGE_CACHE,
  SIGNED_IN_PAGE_CACHE,
  type CachedPage,
  type RenderCache,
} from './cache.ts';

export type AppServerBuild = ServerBuild & { entry: { module: { servicesContext: RouterContext<Services> } } };
export type FetchHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/** Headers that belong to one response, never to a stored copy served to someone else. */
const PER_RESPONSE = new Set([
  'set-cookie',
  'content-length',
  'transfer-encoding',
  'connection',
  'date',
  'cache-control',
  'etag',
]);

/** `Save-Data: on` (the header's only defined value): pages with the smallest pictures. */
const savesData = (request: FastifyRequest) => String(request.headers['save-data'] ?? '').toLowerCase() === 'on';

/**
 * Renders at once; more wait their turn. A render is CPU work on the one JavaScript thread: more
 * of them in flight finish no sooner, they only hold their half-built pages in memory together
 * (docs/performance.md). Four keep the thread busy while one waits for PostgreSQL.
 */
export const MAX_CONCURRENT_RENDERS = 4;

/** Runs at most `max` calls at once, the others in arrival order. */
export function createLimiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(run: () => Promise<T>): Promise<T> {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
    try {
      return await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** Anonymous: no session cookie. Signed-in requests for other than public pages are rendered fresh and kept private. */
const isAnonymous = (request: FastifyRequest) => !hasSessionCookie(request.cookies);

export function createSsrHandler(
  build: AppServerBuild,
  services: Services,
  opts: { handle?: FetchHandler; cache?: RenderCache } = {},
) {
  // The build object is passed once: re-importing it per request costs a third of the throughput.
  const handle: FetchHandler =
    opts.handle ?? createRequestHandler(build, services.config.env === 'development' ? 'development' : 'production');
  const { servicesContext } = build.entry.module;
  const cache = opts.cache ?? createRenderCache({ version: () => services.changes.version });
  const cacheOn = services.config.renderCache;
  const limited = createLimiter(MAX_CONCURRENT_RENDERS);
  services.changes.onChange((change) => cache.invalidate(change));

  /** A public page is rendered as for an anonymous reader (no cookie), under its canonical URL. */
  function toRequest(request: FastifyRequest, signal: AbortSignal, path: string, asAnonymous: boolean) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (asAnonymous && name === 'cookie') continue;
      if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
      else if (value !== undefined) headers.set(name, value);
    }
    const url = `${request.protocol}://${request.host}${path}`;
    return new Request(url, { method: request.method, headers, signal });
  }

  function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: 'hit' | 'miss') {
    for (const [name, value] of page.headers) reply.header(name, value);
    reply
      .header('cache-control', isAnonymous(request) ? PUBLIC_PAGE_CACHE : SIGNED_IN_PAGE_CACHE)
      .header('x-render-cache', state)
      .header('etag', page.etag)
      .header('vary', 'Accept-Encoding, Save-Data');
    if (notModified(request, page.etag)) return reply.status(304).send();
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding || page.body.length < 1024) return reply.status(page.status).send(page.body);
    // Already encoded: the compression plugin passes it through untouched.
    return reply.status(page.status).header('content-encoding', encoding).send(encodedBody(page, encoding));
  }

  // Renders under way, by key: when the cache has just been emptied, fifty readers of the home page
  // wait for one render instead of starting fifty (only a render of the current content version is shared).
  const inflight = new Map<string, { version: number; page: Promise<CachedPage | null> }>();

  return async function ssr(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://localhost');
    const page = publicPage(url.pathname);
    // Public pages key on their path and the query parameters they read (`.data` single-fetch
    // requests included); another anonymous page is cached only without a query string, so that
    // made-up parameters can neither force renders nor evict real pages. The key also holds the
    // Save-Data variant (smaller pictures) and the most-read ranking the page shows: when the
    // ranking changes, pages render afresh on their next request. The Host header is not part of
    // it (pages are written with PUBLIC_URL), so made-up hosts cannot fill the cache either.
    const path = page ? canonicalPageUrl(url, page) : request.url;
    const variant = savesData(request) ? '#save-data' : '';
    const key = `${path}#${services.readership.generation}${variant}`;
    const cacheable = cacheOn && request.method === 'GET' && (page !== undefined || (isAnonymous(request) && url.search === ''));
    const version = services.changes.version;
    if (cacheable) {
      const hit = cache.get(key);
      if (hit) return sendPage(request, reply, hit, 'hit');
      const shared = inflight.get(key);
      const page = shared && shared.version === version ? await shared.page : null;
      if (page) return sendPage(request, reply, page, 'hit');
    }

    let share: (page: CachedPage | null) => void = () => {};
    const mine = { version, page: new Promise<CachedPage | null>((resolve) => (share = resolve)) };
    if (cacheable) inflight.set(key, mine);
    try {
      const controller = new AbortController();
      // A reader who leaves stops the render. Not after the answer went out: 'close' comes then too,
      // and an abort makes a DOMException with its stack (~1% of a full render's CPU).
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const context = new RouterContextProvider(new Map([[servicesContext, services]]));
      const response = await limited(() => handle(toRequest(request, controller.signal, path, page !== undefined), context));
      const cookies = response.headers.getSetCookie();

      if (cacheable && response.status === 200 && cookies.length === 0 && response.body) {
        // Pages are rendered whole (entry.server.tsx waits for onAllReady), so reading the body costs nothing extra.
        const headers = [...response.headers].filter(([name]) => !PER_RESPONSE.has(name));
        const rendered = newCachedPage(response.status, headers, Buffer.from(await response.arrayBuffer()));
        const tags = page?.articleId
          ? [...page.tags, ...(await categoryIdsOf(services.db, page.articleId)).map((id) => `category:${id}`)]
          : (page?.tags ?? []);
        cache.set(key, rendered, version, tags);
        share(rendered);
        return sendPage(request, reply, rendered, 'miss');
      }
      share(null);

      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      if (cookies.length) reply.header('set-cookie', cookies);
      // Signed-in answers and anything setting a cookie stay private; anonymous pages may be shared.
      const shareable = (page !== undefined || isAnonymous(request)) && cookies.length === 0 && response.status < 500;
      if (!shareable) reply.header('cache-control', PRIVATE_CACHE);
      else if (!response.headers.has('cache-control')) reply.header('cache-control', PUBLIC_PAGE_CACHE);
      if (!response.body) return reply.send();
      // A page is rendered whole (app/entry.server.tsx): one buffer, one write, instead of a stream
      // of chunks (piping it cost ~8% of a full render's CPU in socket writes).
      if (response.headers.get('content-type')?.startsWith('text/html'))
        return reply.send(Buffer.from(await response.arrayBuffer()));
      return reply.send(Readable.fromWeb(response.body as never));
    } catch (error) {
      // Whoever waited on this render renders for itself.
      share(null);
      throw error;
    } finally {
      if (inflight.get(key) === mine) inflight.delete(key);
    }
  };
}

export function registerSsr(app: FastifyInstance, build: AppServerBuild, services: Services) {
  const cache = createRenderCache({ version: () => services.changes.version });
  const ssr = createSsrHandler(build, services, { cache });
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: ssr });
  return cache;
}
