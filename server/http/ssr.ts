// The adapter between Fastify and React Router's fetch-style request handler, with the render
// cache: a public reading page's HTML is the same for every reader, anonymous or signed in
// (signed-in state is filled in by the browser), so one render serves everyone until a change
// that can affect that page. Which pages are cached, under which query parameters and with which
// tags is declared by each route beside its loader (app/lib/cache-policy.ts); the parts every page
// shares (ticker, breaking labels, most read) are kept apart and joined in when answering
// (app/lib/shared-parts.tsx, docs/architecture.md).
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createRequestHandler,
  matchRoutes,
  RouterContextProvider,
  type RouteObject,
  type RouterContext,
  type ServerBuild,
} from 'react-router';
import type { Services } from '../services.ts';
import { hasSessionCookie } from '../auth/sessions.ts';
import { ANY_CHANGE } from '../db/memo.ts';
import { esiInclude, FRAGMENT_PATH, wantsEsi } from '../cdn/esi.ts';
import { SHARED_TAG, tagAnswer } from '../cdn/tags.ts';
import { cacheKeyOf, canonicalAddress, pagePathOf, type PageMatch } from './canonical.ts';
import {
  createRenderCache,
  cutAtSlots,
  encodedBody,
  joinSlots,
  newCachedPage,
  notModified,
  preferredEncoding,
  PRIVATE_CACHE,
  PUBLIC_PAGE_CACHE,
  SIGNED_IN_PAGE_CACHE,
  etagOf,
  type CachedPage,
  type RenderCache,
} from './cache.ts';

/** What the app's shared parts are made of (app/lib/shared-parts.tsx). */
export type SharedParts = {
  headlines: { id: number; title: string; breaking?: true }[];
  mostRead: { id: number; title: string }[];
};
/** A route's cache declaration (app/lib/cache-policy.ts). */
export type CachePolicy = { name: string; params: readonly string[] };

export type AppServerBuild = ServerBuild & {
  entry: {
    module: {
      servicesContext: RouterContext<Services>;
      cacheTagsContext: RouterContext<string[] | null>;
      sharedPartsContext: RouterContext<SharedParts | null>;
      /** A shared part's HTML, exactly as a page draws it between its slot marks. */
      renderSharedSlot: (slot: string, parts: SharedParts) => string;
      /** Every slot's name (served at /_shared/<slot> for ESI). */
      sharedSlotNames?: readonly string[];
    };
  };
};
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

/** The build's flat route manifest as the nested routes React Router matches against. */
function routeTree(routes: ServerBuild['routes']): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes).flatMap((route) => {
      if (!route || route.parentId !== parentId) return [];
      const { id, path, caseSensitive } = route;
      return [route.index ? { id, path, caseSensitive, index: true } : { id, path, caseSensitive, children: children(id) }];
    });
  return children(undefined);
}

/** The shared parts of one content version and most-read generation, and their HTML per slot. */
type Fragment = { id: string; parts: SharedParts; html: Map<string, Buffer> };

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

export function createSsrHandler(
  build: AppServerBuild,
  services: Services,
  opts: { handle?: FetchHandler; cache?: RenderCache } = {},
) {
  // The build object is passed once: re-importing it per request costs a third of the throughput.
  const handle: FetchHandler =
    opts.handle ?? createRequestHandler(build, services.config.env === 'development' ? 'development' : 'production');
  const { servicesContext, cacheTagsContext, sharedPartsContext, renderSharedSlot, sharedSlotNames = [] } = build.entry.module;
  const cache = opts.cache ?? createRenderCache({ version: () => services.changes.version });
  const cacheOn = services.config.renderCache;
  const limited = createLimiter(MAX_CONCURRENT_RENDERS);
  services.changes.onChange((change) => cache.invalidate(change));

  // The routes a path shows, by React Router's own matching over the build's routes, and the leaf's
  // cache policy. Matching ranks every route on each call, so the answer is kept per path (a bounded number of them).
  const tree = routeTree(build.routes);
  type Page = { matches: PageMatch[] | null; policy: CachePolicy | undefined };
  const pages = new Map<string, Page>();
  function pageOf(pathname: string): Page {
    const known = pages.get(pathname);
    if (known) return known;
    const matches = matchRoutes(tree, pagePathOf(pathname));
    const leaf = matches?.at(-1)?.route.id;
    const module = leaf === undefined ? undefined : (build.routes[leaf]?.module as { cachePolicy?: CachePolicy } | undefined);
    const page = { matches, policy: module?.cachePolicy };
    if (pages.size >= 10_000) pages.clear();
    pages.set(pathname, page);
    return page;
  }

  // The shared parts, loaded again only when the content version or the most-read ranking moves.
  // A load that ends with the same parts keeps the fragment (and every page joined with it).
  let fragment: { version: number; generation: number; value: Promise<Fragment>; ready?: Fragment } | undefined;
  let last: Fragment | undefined;
  async function loadFragment(): Promise<Fragment> {
    const [headlines, mostRead] = await Promise.all([
      services.homepage.latestHeadlines(),
      // A side list: if counting fails the pages still show.
      services.readership.mostRead().catch((error: unknown) => {
        console.error('Failed to load the most-read list.', error);
        return [];
      }),
    ]);
    const parts: SharedParts = { headlines, mostRead: mostRead.map(({ id, title }) => ({ id, title })) };
    const id = etagOf(JSON.stringify(parts));
    if (last?.id !== id) last = { id, parts, html: new Map() };
    return last;
  }
  function currentFragment(): Fragment | Promise<Fragment> {
    const { version } = services.changes;
    const { generation } = services.readership;
    // Loaded already: no promise to wait on (the common case, every cached answer).
    if (fragment && fragment.version === version && fragment.generation === generation) return fragment.ready ?? fragment.value;
    const value = loadFragment();
    const mine: NonNullable<typeof fragment> = { version, generation, value };
    fragment = mine;
    value.then(
      // Reading the ranking may itself move its generation: the parts just loaded are of the new one.
      (loaded) => {
        mine.generation = services.readership.generation;
        mine.ready = loaded;
      },
      () => {
        if (fragment === mine) fragment = undefined;
      },
    );
    return value;
  }
  function slotHtml(current: Fragment, slot: string): Buffer {
    let html = current.html.get(slot);
    if (!html) {
      html = Buffer.from(renderSharedSlot(slot, current.parts));
      current.html.set(slot, html);
    }
    return html;
  }
  /** The cached page with the current shared parts: joined once per page and fragment, then kept. */
  function joined(page: CachedPage, current: Fragment): CachedPage {
    if (!page.own || page.fragment === current.id) return page;
    ({ body: page.body, own: page.own } = joinSlots(page.own, (slot) => slotHtml(current, slot)));
    page.etag = `W/${etagOf(page.body)}`;
    page.encoded = undefined;
    page.fragment = current.id;
    return page;
  }

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

  /** The page with ESI includes in its slots, made once per stored page. */
  function withIncludes(page: CachedPage): CachedPage {
    if (!page.own || page.own.slots.length === 0) return page;
    if (!page.esi) {
      page.esi = newCachedPage(page.status, page.headers, joinSlots(page.own, esiInclude).body);
      page.esi.tags = page.tags;
    }
    return page.esi;
  }

  /** The stored page as this request gets it: its slots filled with the current parts, or with ESI includes. */
  function answer(request: FastifyRequest, reply: FastifyReply, page: CachedPage, current: Fragment, state: 'hit' | 'miss') {
    const esi = wantsEsi(request, services.config) && isAnonymous(request);
    const sent = esi ? withIncludes(page) : joined(page, current);
    if (isAnonymous(request)) {
      // A page that holds the shared parts itself goes with them; one of includes does not.
      const inline = !esi && !!page.own?.slots.length;
      tagAnswer(reply, [...(page.tags ?? [ANY_CHANGE]), ...(inline ? [SHARED_TAG] : [])]);
    }
    if (sent !== page) reply.header('surrogate-control', 'content="ESI/1.0"');
    return sendPage(request, reply, sent, state);
  }

  /** A shared part alone, for a cache in front that includes it in pages (ESI). */
  async function sharedPart(request: FastifyRequest, reply: FastifyReply) {
    const { slot } = request.params as { slot: string };
    if (!sharedSlotNames.includes(slot)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const now = currentFragment();
    const current = now instanceof Promise ? await now : now;
    tagAnswer(reply, [SHARED_TAG]);
    return reply
      .header('cache-control', PUBLIC_PAGE_CACHE)
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(slotHtml(current, slot));
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
    // renders nor evict real pages. The key also holds the Save-Data variant (smaller pictures).
    // The Host header is not part of it (pages are written with PUBLIC_URL), so made-up hosts
    // cannot fill the cache either.
    // The browser's own parameters (`?next=`, `utm_*`) change nothing the server renders.
    const path = canonical === null ? request.url : policy ? cacheKeyOf(canonical) : canonical;
    const variant = savesData(request) ? '#save-data' : '';
    const key = `${path}${variant}`;
    const cacheable = cacheOn && request.method === 'GET' && policy !== undefined && canonical !== null;
    const version = services.changes.version;
    const now = currentFragment();
    const current = now instanceof Promise ? await now : now;
    if (cacheable) {
      const hit = cache.get(key);
      if (hit) return answer(request, reply, hit, current, 'hit');
      const shared = inflight.get(key);
      const page = shared && shared.version === version ? await shared.page : null;
      if (page) return answer(request, reply, page, await currentFragment(), 'hit');
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
      const tags: string[] = [];
      const context = new RouterContextProvider(
        new Map<RouterContext<unknown>, unknown>([
          [servicesContext, services],
          [cacheTagsContext, tags],
          [sharedPartsContext, current.parts],
        ]),
      );
      const response = await limited(() => handle(toRequest(request, controller.signal, path, policy !== undefined), context));
      const cookies = response.headers.getSetCookie();

      if (cacheable && response.status === 200 && cookies.length === 0 && response.body) {
        // Pages are rendered whole (entry.server.tsx waits for onAllReady), so reading the body costs nothing extra.
        const headers = [...response.headers].filter(([name]) => !PER_RESPONSE.has(name));
        const rendered = newCachedPage(response.status, headers, Buffer.from(await response.arrayBuffer()));
        rendered.tags = tags.length ? tags : [ANY_CHANGE];
        // The page's own part, cut where the shared parts go; it was rendered with `current`.
        if (response.headers.get('content-type')?.startsWith('text/html')) {
          rendered.own = cutAtSlots(rendered.body);
          rendered.fragment = current.id;
        }
        // A page whose loaders name nothing of what they show goes on any change.
        cache.set(key, rendered, version, rendered.tags);
        share(rendered);
        return answer(request, reply, rendered, await currentFragment(), 'miss');
      }
      share(null);

      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      if (cookies.length) reply.header('set-cookie', cookies);
      // Only public reading pages may be shared; a page without a policy (a reset link's secret
      // address, sign-in, not found, the staff shells) and anything setting a cookie stay private.
      const shareable = policy !== undefined && cookies.length === 0 && response.status < 500;
      if (!shareable) reply.header('cache-control', PRIVATE_CACHE);
      else if (!response.headers.has('cache-control')) reply.header('cache-control', PUBLIC_PAGE_CACHE);
      // A public page answered here (not stored: an error page, the page cache off) holds its shared parts.
      if (shareable && policy !== undefined && isAnonymous(request))
        tagAnswer(reply, [...(tags.length ? tags : [ANY_CHANGE]), SHARED_TAG]);
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
  return Object.assign(ssr, { sharedPart });
}

export function registerSsr(app: FastifyInstance, build: AppServerBuild, services: Services) {
  const cache = createRenderCache({ version: () => services.changes.version });
  const ssr = createSsrHandler(build, services, { cache });
  app.route({ method: ['GET', 'HEAD'], url: `${FRAGMENT_PATH}:slot`, handler: ssr.sharedPart });
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: ssr });
  return cache;
}
