// One API route, declared once: the server registers it from this (server/http/contract.ts) and the
// browser calls it through the typed client made from the same declaration (app/lib/api.ts). The
// table of every route is contract/api.ts.
import type { z } from 'zod';
import type { Role } from './roles.ts';

/**
 * Who may call a route: `'public'` (anyone, signed in or not) or the roles allowed. The server turns
 * it into the guard and the documented security (server/http/openapi.ts).
 */
export type Access = 'public' | readonly Role[];

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A multipart request: the form's fields (objects and arrays travel as JSON text) and its file
 * parts. The server reads such a request itself (server/media/multipart.ts); the schema documents it
 * and types the browser's form.
 */
export type Multipart = { fields: z.ZodType; files: readonly string[] };

export type ApiRoute = {
  method: Method;
  /** Under /api, Fastify's syntax for path parameters: `/admin/categories/:id`. */
  path: `/${string}`;
  access: Access;
  /** Open to staff who must still turn two-step sign-in on (REQUIRE_STAFF_TOTP). */
  duringTotpSetup?: boolean;
  tags: readonly string[];
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** Or a multipart form (the route may also take the same object as JSON; see its description). */
  multipart?: Multipart;
  /** The success answer's body. */
  response: z.ZodType;
  /** The success status: 200 unless said (201 created, 204 no body). */
  status?: 200 | 201 | 202 | 204;
  /**
   * Other answers the route documents: errors beyond the ones the server adds by itself (400 for
   * input, 401/403 for a guarded route, 404 for a path with an id), or a second success (a 200
   * beside the usual 201, a 204 when there is nothing).
   */
  errors?: Partial<Record<number, z.ZodType>>;
  /**
   * `'public-read'`: a public GET that browsers and CDNs may keep (Cache-Control, ETag, 304; the
   * server's sendPublic), tagged for caches in front with what its handler says it shows
   * (`cacheTags(reply, ['article:1', ...])`, server/cdn/tags.ts; any change when it says nothing).
   * Anything else is `no-store`.
   */
  cache?: 'public-read';
};

/** A table of routes, one domain's or every one. */
export type RouteTable = Record<string, ApiRoute>;

/** `/admin/categories/:id` with `{ id: 7 }` → `/admin/categories/7` (each value encoded). */
export function pathOf(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call (blank values and undefined left out), with its `?`, or ''. */
export function queryOf(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type Out<T> = T extends z.ZodType ? z.output<T> : never;
type HasKeys<T> = [T] extends [never] ? false : keyof T extends never ? false : true;

/**
 * Where a call of a route goes: its path parameters (numbers or text; required when the path has
 * any) and query. The browser's client (app/lib/api.ts) and the server tests' `t.api`
 * (server/test/app.ts) both take it, so a renamed path or parameter fails to compile in both.
 */
export type RouteTarget<R extends ApiRoute> = (HasKeys<Out<R['params']>> extends true
  ? { params: { [K in keyof Out<R['params']>]: string | number } }
  : { params?: undefined }) &
  (R['query'] extends z.ZodType
    ? { query?: { [K in keyof Out<R['query']>]?: Out<R['query']>[K] | string | number } }
    : { query?: undefined });

/** A route's address under the API base: its path with the parameters filled in, and the query. */
export function urlOf(route: ApiRoute, target: { params?: Record<string, string | number>; query?: object } = {}): string {
  return `${pathOf(route.path, target.params)}${queryOf(target.query as Record<string, unknown> | undefined)}`;
}
