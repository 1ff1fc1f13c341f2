// Shapes every API route shares: path ids, paging, timestamps and the error answer.
// The route schemas (server/*/routes.ts) and the browser's api() parse with these same schemas.
import { z } from 'zod';
import { ApiErrorSchema } from './errors.ts';

/** Ids are PostgreSQL `integer`s. */
export const MAX_ID = 2_147_483_647;

/**
 * A path id as the URL carries it; anything that is not a positive 32-bit integer in its one
 * spelling (no sign, no leading zero) becomes 0: `/api/public/articles/002` is not article 2, so a
 * CDN keeps one copy of each answer, not one per spelling.
 */
export function toId(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return 0;
  const id = Number(raw);
  return id > 0 && id <= MAX_ID ? id : 0;
}

/**
 * An id in a path. A malformed id names nothing, so it becomes 0 (no row has it) and the resource's
 * own "not found" answers with 404: one rule for every resource, and no 400 that would tell a caller
 * more about the id's shape than "there is nothing here". The URL carries text, but the OpenAPI
 * document says integer, so a generated client takes the number the API's answers hold.
 */
export const PathId = z
  .string()
  .transform(toId)
  .meta({ type: 'integer', format: 'int32', minimum: 1, description: 'Numeric id (a positive 32-bit integer).' });

/** `/:id` in a path (see PathId). */
export const IdParam = z.object({ id: PathId });

/** Paging of every list: `page` from 0, `size` within the list's own bounds; blank means default. */
/** A page of a list: `content` plus the totals (also sent as X-Total-Count on public lists). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), totalElements: z.number(), totalPages: z.number() });
}

export function pageQuery({ size, maxSize }: { size: number; maxSize: number }) {
  const blankIsDefault = (v: unknown) => (v === '' ? undefined : v);
  const sizeMessage = `size must be between 1 and ${maxSize}`;
  return z.object({
    page: z.preprocess(
      blankIsDefault,
      z.coerce
        .number({ error: 'page must be a number' })
        .int('page must be a whole number')
        .min(0, 'page starts at 0')
        .max(100_000, 'page must be at most 100000')
        .default(0),
    ),
    size: z.preprocess(
      blankIsDefault,
      z.coerce
        .number({ error: 'size must be a number' })
        .int('size must be a whole number')
        .min(1, sizeMessage)
        .max(maxSize, sizeMessage)
        .default(size),
    ),
  });
}

/** A moment in time on the wire: ISO 8601 in UTC (`2026-11-23T18:00:00.000Z`). */
export const Timestamp = z.iso.datetime({ offset: true });

/**
 * Every error: `{ message, errors? }` (errors: the first message per field). Some answers add a
 * field of their own (e.g. `totpSetupRequired`, a draft's newer version), so more keys may follow.
 */
export const ErrorBody = ApiErrorSchema.loose().meta({ id: 'Error' });

/** The refusals routes document most: a conflict with what is stored (409), an upload too large (413). */
export const CONFLICT = { 409: ErrorBody };
export const TOO_LARGE = { 413: ErrorBody };

/** Answers with no body (204). */
export const NoContent = z.null().meta({ description: 'No content' });

/** The answer of a route that sends no body: 204. */
export const NO_CONTENT = { response: NoContent, status: 204 } as const;

/** 304: the caller's copy (by its ETag) is current. */
export const NotModified = z.null().meta({ description: 'Not modified' });
