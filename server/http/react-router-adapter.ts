// The adapter between Fastify and React Router's fetch-style request handler: which routes a path
// shows (and the leaf's cache policy), a Fastify request as a fetch Request, the request's router
// context, renders taken in turn, and a response that is not stored sent as it came.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  createRequestHandler,
  matchRoutes,
  RouterContextProvider,
  type RouteObject,
  type RouterContext,
  type ServerBuild,
} from 'react-router';
import type { Services } from '../services.ts';
import type { CachePolicy } from '../../contract/cache-tags.ts';
import { pagePathOf, type PageMatch } from './canonical.ts';
import type { SharedParts } from './shared-fragments.ts';

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

/** React Router's handler for the build. The build object is passed once: importing it again per request is slow. */
export const routerHandler = (build: AppServerBuild, development: boolean): FetchHandler =>
  createRequestHandler(build, development ? 'development' : 'production');

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

/** The build's flat route manifest as the nested routes React Router matches against. */
export function routeTree(routes: ServerBuild['routes']): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes).flatMap((route) => {
      if (!route || route.parentId !== parentId) return [];
      const { id, path, caseSensitive } = route;
      return [route.index ? { id, path, caseSensitive, index: true } : { id, path, caseSensitive, children: children(id) }];
    });
  return children(undefined);
}

export type Page = { matches: PageMatch[] | null; policy: CachePolicy | undefined };

/**
 * The routes a path shows, by React Router's own matching over the build's routes, and the leaf's
 * cache policy. Matching ranks every route on each call, so the answer is kept per path (a bounded
 * number of them).
 */
export function createPageMatcher(build: Pick<ServerBuild, 'routes'>, maxPaths = 10_000) {
  const tree = routeTree(build.routes);
  const pages = new Map<string, Page>();
  return function pageOf(pathname: string): Page {
    const known = pages.get(pathname);
    if (known) return known;
    const matches = matchRoutes(tree, pagePathOf(pathname));
    const leaf = matches?.at(-1)?.route.id;
    const module = leaf === undefined ? undefined : (build.routes[leaf]?.module as { cachePolicy?: CachePolicy } | undefined);
    const page = { matches, policy: module?.cachePolicy };
    if (pages.size >= maxPaths) pages.clear();
    pages.set(pathname, page);
    return page;
  };
}

/** The request as React Router gets it; a public page is rendered as for an anonymous reader (no cookie), under `path`. */
export function toRequest(request: FastifyRequest, signal: AbortSignal, path: string, asAnonymous: boolean) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (asAnonymous && name === 'cookie') continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const url = `${request.protocol}://${request.host}${path}`;
  return new Request(url, { method: request.method, headers, signal });
}

/** A render's context: the services, a fresh list for the loaders' cache tags, the shared parts. */
export function routerContext(build: AppServerBuild, services: Services, tags: string[], parts: SharedParts) {
  const { servicesContext, cacheTagsContext, sharedPartsContext } = build.entry.module;
  return new RouterContextProvider(
    new Map<RouterContext<unknown>, unknown>([
      [servicesContext, services],
      [cacheTagsContext, tags],
      [sharedPartsContext, parts],
    ]),
  );
}

/**
 * An abort signal for a render that a reader who leaves stops. Not after the answer went out:
 * 'close' comes then too, and an abort makes a DOMException with its stack, work for nothing.
 */
export function abortOnLeave(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** A response's status, headers and cookies on the reply, for what is not stored. */
export function copyResponseHead(reply: FastifyReply, response: Response) {
  const cookies = response.headers.getSetCookie();
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  if (cookies.length) reply.header('set-cookie', cookies);
}

/** A response's body sent as it came. */
export async function sendResponseBody(reply: FastifyReply, response: Response) {
  if (!response.body) return reply.send();
  // A page is rendered whole (app/entry.server.tsx): one buffer, one write, instead of a stream of
  // chunks, each its own socket write.
  if (response.headers.get('content-type')?.startsWith('text/html')) return reply.send(Buffer.from(await response.arrayBuffer()));
  return reply.send(Readable.fromWeb(response.body as never));
}
