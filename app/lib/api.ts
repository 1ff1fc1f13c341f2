// The browser's API client: base path /api, session cookie sent, errors as docs/product.md words them.
import type { ApiError } from '../../contract/errors.ts';

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

type Options = Omit<RequestInit, 'body'> & { body?: unknown; credentials?: RequestCredentials };

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

/** A response schema from contract/: the answer is parsed with the schema the server answers with. */
type ResponseSchema<T> = { parse(value: unknown): T };

/**
 * fetch + JSON; non-OK answers throw ApiRequestError('HTTP error! status: N'). With a schema, the
 * answer is parsed by it (the one the route declares in contract/), so a changed answer fails here,
 * loudly, instead of as `undefined` deep in a screen.
 */
export async function api<T>(path: string, schema: ResponseSchema<T>, options?: Options): Promise<T>;
export async function api<T>(path: string, options?: Options): Promise<T>;
export async function api<T>(path: string, schemaOrOptions?: ResponseSchema<T> | Options, maybeOptions?: Options): Promise<T> {
  const schema = schemaOrOptions && 'parse' in schemaOrOptions ? schemaOrOptions : undefined;
  const { body, headers, ...init } = (schema ? maybeOptions : (schemaOrOptions as Options | undefined)) ?? {};
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetch(`${API_BASE}${path}`, {
    credentials: 'include',
    ...init,
    headers: isForm || body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  const data = await readBody(response);
  if (!response.ok) {
    const apiError = data && typeof data === 'object' && 'message' in data ? (data as ApiError) : null;
    const error = new ApiRequestError(response.status, `HTTP error! status: ${response.status}`, apiError);
    console.error(error.message, apiError?.message ?? '');
    throw error;
  }
  return schema ? schema.parse(data) : (data as T);
}

/** Like api() but also returns the response headers (X-Total-Count). */
export async function apiWithHeaders<T>(path: string, init: Options = {}): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(`${API_BASE}${path}`, { credentials: 'include', ...(init as RequestInit) });
  const data = await readBody(response);
  if (!response.ok) {
    const apiError = data && typeof data === 'object' && 'message' in data ? (data as ApiError) : null;
    throw new ApiRequestError(response.status, `HTTP error! status: ${response.status}`, apiError);
  }
  return { data: data as T, headers: response.headers };
}
