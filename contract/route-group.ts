// The routes of one domain, declared together (contract/route.ts): what they share is said once,
// and what a route's path already says is not said again. Apart from ./route.ts, which the islands
// import without zod.
import { IdParam } from './http.ts';
import type { ApiRoute, Method } from './route.ts';

/** What a group of routes shares: its OpenAPI tags and who may call (a public read also its cache). */
type Shared = Pick<ApiRoute, 'tags' | 'access'> & Partial<Pick<ApiRoute, 'cache' | 'duringTotpSetup'>>;

/** A route of a group: what is its own (a group's tags or access may be set again here). */
type Own = Omit<ApiRoute, 'method' | 'path' | keyof Shared> & Partial<Shared>;

/** B's properties, and A's where B has none. */
type Merge<A, B> = Omit<A, keyof B> & B;

/** Whether `:id` is a path's one parameter. */
type OnlyId<P extends string> = P extends `${infer Before}/:id${infer After}`
  ? Before extends `${string}:${string}`
    ? false
    : After extends '' | `/${string}`
      ? After extends `${string}:${string}`
        ? false
        : true
      : false
  : false;

/** The params a route takes without saying so: IdParam where `:id` is its path's one parameter. */
type Implied<P extends string, R> = 'params' extends keyof R
  ? unknown
  : OnlyId<P> extends true
    ? { params: typeof IdParam }
    : unknown;

const onlyId = (path: string) => /\/:id(\/|$)/.test(path) && path.split(':').length === 2;

function declare(shared: object, head: Pick<ApiRoute, 'method' | 'path'>, route: Partial<ApiRoute>) {
  const implied = route.params === undefined && onlyId(head.path) ? { params: IdParam } : {};
  return { ...shared, ...head, ...implied, ...route };
}

/**
 * Routes that share their tags and access: `admin.put('/admin/tags/:id', { summary, body, response })`
 * is the ApiRoute with `method`, `path`, `tags`, `access` and, for a path whose one parameter is
 * `:id`, `params: IdParam` spelt out. Literal types (method, path, schemas) stay, for the server
 * and the client.
 */
export function routeGroup<const S extends Shared>(shared: S) {
  const verb =
    <const M extends Method>(method: M) =>
    <const P extends ApiRoute['path'], const R extends Own>(path: P, route: R) =>
      declare(shared, { method, path }, route) as Merge<S, R> & Implied<P, R> & { method: M; path: P };
  /** A route whose method and path are declared elsewhere (contract/island-routes.ts). */
  const at = <const H extends Pick<ApiRoute, 'method' | 'path' | 'status'>, const R extends Own>(head: H, route: R) =>
    declare(shared, head, route) as Merge<S, R> & Implied<H['path'], R> & H;
  return { get: verb('GET'), post: verb('POST'), put: verb('PUT'), delete: verb('DELETE'), at };
}
