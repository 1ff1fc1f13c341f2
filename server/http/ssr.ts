// Server rendering of the web app, with the page cache in front of it: a request goes to its
// page's one address (server/http/canonical.ts), then to a stored page (server/http/page-cache/),
// joined with the current shared parts (server/http/shared-fragments.ts) or with ESI includes for
// a Varnish that fills them (server/cdn/esi.ts); else React Router renders it
// (server/http/react-router-adapter.ts) and a public page is stored. docs/architecture.md.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { tag } from '../../contract/cache-tags.ts';
import { hasSessionCookie } from '../auth/sessions.ts';
import { FRAGMENT_PATH, wantsEsi } from '../cdn/esi.ts';
import { tagAnswer } from '../cdn/tags.ts';
import { cacheKeyOf, canonicalAddress } from './canonical.ts';
import { notModified, PRIVATE_CACHE, PUBLIC_PAGE_CACHE, SIGNED_IN_PAGE_CACHE } from './cache.ts';
import { encodedBody, preferredEncoding, withIncludes, withSharedParts, type CachedPage } from './page-cache/page.ts';
import { createPageCache, pageKeyOf } from './page-cache/page-cache.ts';
import { createRenderCache, type RenderCache } from './page-cache/store.ts';
import { createSharedFragments, type Fragment } from './shared-fragments.ts';
import {
  abortOnLeave,
  copyResponseHead,
  createLimiter,
  createPageMatcher,
  MAX_CONCURRENT_RENDERS,
  routerContext,
  routerHandler,
  sendResponseBody,
  toRequest,
  type AppServerBuild,
  type FetchHandler,
} from './react-router-adapter.ts';

export type { AppServerBuild, FetchHandler } from './react-router-adapter.ts';
export type { SharedParts } from './shared-fragments.ts';
export { createLimiter, MAX_CONCURRENT_RENDERS } from './react-router-adapter.ts';

/** `Save-Data: on` (the header's only defined value): pages with the smallest pictures. */
const savesData = (request: FastifyRequest) => String(request.headers['save-data'] ?? '').toLowerCase() === 'on';

/** Anonymous: no session cookie. Signed-in requests for other than public pages are rendered fresh and kept private. */
const isAnonymous = (request: FastifyRequest) => !hasSessionCookie(request.cookies);

/**
 * Another spelling of a page, sent to its address. Kept by the browser, never by a shared cache:
 * a spelling takes no place there.
 */
const REDIRECT_CACHE = 'private, max-age=86400';
function redirectToCanonical(reply: FastifyReply, address: string) {
  return reply.header('cache-control', REDIRECT_CACHE).redirect(address, 301);
}

/** Which public page served a request (for metrics), set as the request is answered. */
const pageNames = new WeakMap<FastifyRequest, string>();
export const pageNameOf = (request: FastifyRequest) => pageNames.get(request);

/** A stored page as it goes out: headers, ETag (304 when it matches), the encoding the reader accepts. */
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

export function createSsrHandler(
  build: AppServerBuild,
  services: Services,
  opts: { handle?: FetchHandler; cache?: RenderCache } = {},
) {
  const handle = opts.handle ?? routerHandler(build, services.config.env === 'development');
  const { renderSharedSlot, sharedSlotNames } = build.entry.module;
  const pages = createPageCache(opts.cache ?? createRenderCache({ version: () => services.changes.version }));
  const fragments = createSharedFragments(services, { renderSharedSlot, slotNames: sharedSlotNames });
  const cacheOn = services.config.renderCache;
  const limited = createLimiter(MAX_CONCURRENT_RENDERS);
  const pageOf = createPageMatcher(build);
  services.changes.onChange((change) => pages.store.invalidate(change));

  /** The stored page as this request gets it: its slots filled with the current parts, or with ESI includes. */
  function answer(request: FastifyRequest, reply: FastifyReply, page: CachedPage, current: Fragment, state: 'hit' | 'miss') {
    const esi = wantsEsi(request, services.config) && isAnonymous(request);
    const sent = esi ? withIncludes(page) : withSharedParts(page, fragments.fillOf(current));
    if (isAnonymous(request)) {
      // A page that holds the shared parts itself goes with them; one of includes does not.
      const inline = !esi && !!page.own?.slots.length;
      tagAnswer(reply, [...(page.tags ?? [tag.any]), ...(inline ? [tag.shared] : [])]);
    }
    if (esi && sent !== page) reply.header('surrogate-control', 'content="ESI/1.0"');
    return sendPage(request, reply, sent, state);
  }

  const ssr = async function ssr(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://localhost');
    const { matches, policy } = pageOf(url.pathname);
    pageNames.set(request, policy?.name ?? 'other page');
    // Any other spelling of a page goes to its one address (server/http/canonical.ts) before the
    // cache is asked: only that address is rendered and stored, here and in caches in front.
    const canonical = canonicalAddress(request.url, matches, policy);
    if (canonical !== null && canonical !== request.url) return redirectToCanonical(reply, canonical);
    // Only pages whose route declares a policy are cached, keyed on their canonical address
    // (`.data` single-fetch requests included): made-up paths and parameters can neither force
    // renders nor evict real pages. The browser's own parameters (`?next=`, `utm_*`) change
    // nothing the server renders.
    const path = canonical === null ? request.url : policy ? cacheKeyOf(canonical) : canonical;
    const key = pageKeyOf(path, savesData(request));
    const cacheable = cacheOn && request.method === 'GET' && policy !== undefined && canonical !== null;
    const version = services.changes.version;
    const now = fragments.current();
    const current = now instanceof Promise ? await now : now;
    if (cacheable) {
      const hit = pages.get(key);
      if (hit) return answer(request, reply, hit, current, 'hit');
      const underWay = pages.renderUnderWay(key, version);
      const page = underWay ? await underWay : null;
      if (page) return answer(request, reply, page, await fragments.current(), 'hit');
    }

    const render = pages.begin(key, version, cacheable);
    try {
      const tags: string[] = [];
      const context = routerContext(build, services, tags, current.parts);
      const signal = abortOnLeave(reply);
      const response = await limited(() => handle(toRequest(request, signal, path, policy !== undefined), context));
      const cookies = response.headers.getSetCookie();

      if (cacheable && response.status === 200 && cookies.length === 0 && response.body) {
        // Pages are rendered whole (entry.server.tsx waits for onAllReady), so reading the body costs nothing extra.
        const body = Buffer.from(await response.arrayBuffer());
        // The page's own part was rendered with `current`.
        const stored = pages.keep(key, render, response, body, tags, current.id);
        return answer(request, reply, stored, await fragments.current(), 'miss');
      }
      render.share(null);

      copyResponseHead(reply, response);
      // Only public reading pages may be shared; a page without a policy (a reset link's secret
      // address, sign-in, not found, the staff shells) and anything setting a cookie stay private.
      const shareable = policy !== undefined && cookies.length === 0 && response.status < 500;
      if (!shareable) reply.header('cache-control', PRIVATE_CACHE);
      else if (!response.headers.has('cache-control')) reply.header('cache-control', PUBLIC_PAGE_CACHE);
      // A public page answered here (not stored: an error page, the page cache off) holds its shared parts.
      if (shareable && isAnonymous(request)) tagAnswer(reply, [...(tags.length ? tags : [tag.any]), tag.shared]);
      return await sendResponseBody(reply, response);
    } catch (error) {
      // Whoever waited on this render renders for itself.
      render.share(null);
      throw error;
    } finally {
      render.end();
    }
  };
  return Object.assign(ssr, { sharedPart: fragments.sharedPart });
}

export function registerSsr(app: FastifyInstance, build: AppServerBuild, services: Services) {
  const cache = createRenderCache({ version: () => services.changes.version });
  const ssr = createSsrHandler(build, services, { cache });
  app.route({ method: ['GET', 'HEAD'], url: `${FRAGMENT_PATH}:slot`, handler: ssr.sharedPart });
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: ssr });
  return cache;
}
