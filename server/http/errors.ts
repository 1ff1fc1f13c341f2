// HTTP errors thrown by services and turned into `{ message, errors? }` by the error handler.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { toApiError } from '../../contract/errors.ts';
import { isDatabaseUnavailable, SQL_STATE, sqlState } from '../db/sql.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  /** More fields of the JSON answer (e.g. `totpRequired`, a 409 offering the newer version of a draft) and response headers (e.g. Retry-After). */
  extra: Record<string, unknown> | undefined;
  headers: Record<string, string> | undefined;
  constructor(status: number, message: string, errors?: Record<string, string>, extra?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.extra = extra;
  }
  with(extra: Record<string, unknown>, headers?: Record<string, string>): this {
    this.extra = extra;
    this.headers = headers;
    return this;
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message).with({}, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Parse with a zod schema or throw a 400 naming the first problem. */
export function parseOr400<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const { message, errors } = toApiError(result.error);
    throw badRequest(message, errors);
  }
  return result.data;
}

export const DATABASE_UNAVAILABLE = 'The database is not available. Try again in a moment.';

/** Never a stack trace or SQL text on the wire. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.status)
        .send({ ...error.extra, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(toApiError(error));
    }
    // A route's request schema refused the input: the same answer as a service's own check.
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation)
        errors[issue.instancePath.slice(1).replaceAll('/', '.') || '_'] ??= issue.message ?? 'Invalid input';
      return reply.status(400).send({ message: error.validation[0].message ?? 'Invalid input', errors });
    }
    // Text PostgreSQL cannot store (NUL): the caller's input, not a server fault.
    const pgCode = sqlState(error);
    if (pgCode === SQL_STATE.characterNotInRepertoire || pgCode === SQL_STATE.untranslatableCharacter) {
      return reply.status(400).send({ message: 'Text may not contain NUL (U+0000) characters.' });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413 || (error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ message: 'Request too large' });
    }
    if (status === 429) {
      return reply.status(429).send({ message: 'Too many requests. Please try again later.' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type) have safe messages.
      return reply.status(status).send({ message: error.message });
    }
    // PostgreSQL restarting or out of reach: say so, and when to try again, not a bare 500.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
