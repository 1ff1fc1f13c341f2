// The adapter between Fastify and React Router's fetch-style request handler, with the render
// cache of anonymous pages: the server's HTML is the same for every anonymous reader (signed-in
// state is filled in by the browser), so one render serves everyone until content changes.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { Services } from '../services.ts';
import { hasSessionCookie } from '../auth/sessions.ts';
import {
  createRenderCache,
  encodedBody,
  newCachedPage,
  notModified,
  preferredEncoding,
  PRIVATE_CACHE,
  PUBLIC_PAGE_CACHE,
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

/** Anonymous: no session cookie. Anything signed in is rendered fresh and kept private. */
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

  function toRequest(request: FastifyRequest, signal: AbortSignal) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
      else if (value !== undefined) headers.set(name, value);
    }
    const url = `${request.protocol}://${request.host}${request.url}`;
    return new Request(url, { method: request.method, headers, signal });
  }

  function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: 'hit' | 'miss') {
    for (const [name, value] of page.headers) reply.header(name, value);
    reply
      .header('cache-control', PUBLIC_PAGE_CACHE)
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
    // The render cache keys on the URL (path and query; `.data` single-fetch requests included),
    // the Save-Data variant (smaller pictures), and the most-read ranking the page shows: when the
    // ranking changes (recomputed every two minutes), pages render afresh on their next request.
    const variant = savesData(request) ? '#save-data' : '';
    const key = `${request.host}${request.url}#${services.readership.generation}${variant}`;
    const cacheable = request.method === 'GET' && isAnonymous(request);
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
      reply.raw.once('close', () => controller.abort());
      const context = new RouterContextProvider(new Map([[servicesContext, services]]));
      const response = await handle(toRequest(request, controller.signal), context);
      const cookies = response.headers.getSetCookie();

      if (cacheable && response.status === 200 && cookies.length === 0 && response.body) {
        // Pages are rendered whole (entry.server.tsx waits for onAllReady), so reading the body costs nothing extra.
        const headers = [...response.headers].filter(([name]) => !PER_RESPONSE.has(name));
        const page = newCachedPage(response.status, headers, await response.text());
        cache.set(key, page, version);
        share(page);
        return sendPage(request, reply, page, 'miss');
      }
      share(null);

      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      if (cookies.length) reply.header('set-cookie', cookies);
      // Signed-in answers and anything setting a cookie stay private; anonymous pages may be shared.
      const shareable = isAnonymous(request) && cookies.length === 0 && response.status < 500;
      if (!shareable) reply.header('cache-control', PRIVATE_CACHE);
      else if (!response.headers.has('cache-control')) reply.header('cache-control', PUBLIC_PAGE_CACHE);
      return response.body ? reply.send(Readable.fromWeb(response.body as never)) : reply.send();
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
  const ssr = createSsrHandler(build, services);
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: ssr });
}
