// call() for islands (app/lib/api.ts's, without zod): an island calls a route by its head in
// contract/island-routes.ts, typed by the route's full declaration (a type-only import), and the
// answer is not parsed. The islands of the home and article pages load no zod (docs/performance.md)
// for the sake of one call; the server still checks every request by the route's schemas.
import { pathOf, queryOf, type ApiRoute } from '../../contract/route.ts';
import { API_BASE, ApiRequestError, type CallAnswer, type CallInput } from '../lib/api.ts';
import type { ApiError } from '../../contract/errors.ts';

/** The head of route R: what a request needs (method, path, success status). */
export type RouteHead<R extends ApiRoute> = { method: R['method']; path: R['path']; status?: R['status'] };

/** Calls route R by its head; non-OK throws ApiRequestError as call() does. */
export async function islandCall<R extends ApiRoute>(head: RouteHead<R>, input: CallInput<R>): Promise<CallAnswer<R>> {
  const { params, query, body } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const response = await fetch(`${API_BASE}${pathOf(head.path, params)}${queryOf(query)}`, {
    method: head.method,
    credentials: 'same-origin',
    signal: input.signal,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = response.status === 204 ? '' : await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    const apiError = data && typeof data === 'object' && 'message' in data ? (data as ApiError) : null;
    throw new ApiRequestError(response.status, `HTTP error! status: ${response.status}`, apiError);
  }
  return data as CallAnswer<R>;
}

/**
 * A poll that costs the server a 304 while nothing changed: sends the ETag of the last answer in
 * If-None-Match (our own, so the browser's cache never answers for the server) and says
 * `'unchanged'` on a 304, else the new answer with its ETag.
 */
export async function islandRevalidate<R extends ApiRoute>(
  head: RouteHead<R>,
  input: CallInput<R>,
  etag: string | null,
): Promise<'unchanged' | { data: CallAnswer<R>; etag: string | null }> {
  const { params } = input as { params?: Record<string, string | number> };
  const response = await fetch(`${API_BASE}${pathOf(head.path, params)}`, {
    credentials: 'same-origin',
    headers: etag ? { 'if-none-match': etag } : {},
    cache: 'no-store',
  });
  if (response.status === 304) return 'unchanged';
  if (!response.ok) throw new ApiRequestError(response.status, `HTTP error! status: ${response.status}`, null);
  return { data: (await response.json()) as CallAnswer<R>, etag: response.headers.get('etag') };
}
