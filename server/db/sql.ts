// SQL helpers every domain needs: LIKE patterns and the PostgreSQL error codes the services act on.

/** `%text%` for LIKE/ILIKE: the caller's `%`, `_` and `\` match themselves (PostgreSQL's default escape is `\`). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQLSTATE codes the services turn into answers for the caller. */
export const SQL_STATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** Text PostgreSQL cannot store (NUL) or convert: the caller's input, not a server fault. */
  characterNotInRepertoire: '22021',
  untranslatableCharacter: '22P05',
} as const;

/** The SQLSTATE of a driver error, wherever the driver put it (pg: `code`; drizzle wraps it in `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Another row already holds the unique value (a name, a username): the index decided a race. */
export const isUniqueViolation = (error: unknown) => sqlState(error) === SQL_STATE.uniqueViolation;

/** Node's errors for a server that is not there or dropped the connection. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The database cannot be reached: refused or dropped connections, PostgreSQL shutting down or
 * starting up (57P01-57P03), a connection exception (class 08). Not the caller's fault, and over
 * once the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length) {
    const e = pending.pop() as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_ERRORS.has(code) || /^(08...|57P0[123])$/.test(code)) return true;
    // node-postgres says so in words only.
    if (typeof e.message === 'string' && /^Connection terminated|connection error and is not queryable/.test(e.message))
      return true;
    pending.push(e.cause, ...(Array.isArray(e.errors) ? e.errors : []));
  }
  return false;
}
