// The browser's API client: base path /api, session cookie sent, errors as docs/product.md words them.
// Screens call routes declared in contract/ (`call(CATEGORY_ROUTES.rename, { params, body })`): the
// path, method, body encoding and response schema come from the declaration, never from the screen.
import type { z } from 'zod';
import type { ApiError } from '../../contract/errors.ts';
import { urlOf, type ApiRoute, type RouteTarget } from '../../contract/route.ts';

export const API_BASE = '/api';

export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError | null;
  constructor(status: number, message: string, body: ApiError | null) {
    super(message);
    this.status = status;
    this.body = body;
  }
  /** The server's message when it gave one. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What a call sends: where it goes (path params, query), and a JSON body or a multipart form. */
export type CallInput<R extends ApiRoute> = RouteTarget<R> &
  (R['body'] extends z.ZodType ? { body: z.input<R['body']> } : { body?: undefined }) &
  (R['multipart'] extends object ? { form: FormData } : { form?: undefined }) & {
    signal?: AbortSignal;
    cache?: RequestCache;
  };

/** The answer of a call: the route's response, parsed (null for a 204). */
export type CallAnswer<R extends ApiRoute> = R['status'] extends 204 ? null : z.output<R['response']>;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "every field optional" is exactly this test
type Args<R extends ApiRoute> = {} extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** Calls a contract route and parses its answer with the route's schema; non-OK throws ApiRequestError. */
export async function call<R extends ApiRoute>(route: R, ...[input]: Args<R>): Promise<CallAnswer<R>> {
  return (await callWithHeaders(route, ...([input] as Args<R>))).data;
}

/** Like call() but also returns the response headers (X-Total-Count). */
export async function callWithHeaders<R extends ApiRoute>(
  route: R,
  ...[input]: Args<R>
): Promise<{ data: CallAnswer<R>; headers: Headers }> {
  const { params, query, body, form, signal, cache } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    form?: FormData;
    signal?: AbortSignal;
    cache?: RequestCache;
  };
  const url = `${API_BASE}${urlOf(route, { params, query })}`;
  const response = await fetch(url, {
    method: route.method,
    credentials: 'include',
    signal,
    cache,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const data = await readBody(response);
  if (!response.ok) {
    const apiError = data && typeof data === 'object' && 'message' in data ? (data as ApiError) : null;
    const error = new ApiRequestError(response.status, `HTTP error! status: ${response.status}`, apiError);
    console.error(error.message, apiError?.message ?? '');
    throw error;
  }
  const parsed = route.status === 204 ? null : route.response.parse(data);
  return { data: parsed as CallAnswer<R>, headers: response.headers };
}

/**
 * A multipart route's form: each field (objects and arrays as JSON text) and each file part, in the
 * order the route declares them.
 */
export function formOf<R extends ApiRoute & { multipart: object }>(
  route: R,
  fields: Partial<z.input<NonNullable<R['multipart']>['fields']>>,
  files: Partial<Record<NonNullable<R['multipart']>['files'][number], readonly Blob[]>> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields as Record<string, unknown>)) {
    if (value === undefined) continue;
    form.append(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  for (const name of route.multipart.files) {
    for (const file of (files as Record<string, readonly Blob[] | undefined>)[name] ?? []) form.append(name, file);
  }
  return form;
}
