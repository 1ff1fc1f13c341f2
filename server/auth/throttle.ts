// Failed sign-ins per account, kept in the database so every instance sees the same count (the
// per-address limit is @fastify/rate-limit). Like Ghost's brute-force protection, but the owner is
// never locked out for long: a few free tries, then short windows that grow, reset by a success.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signInFailures } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';
import { AUTH_MESSAGES } from '../../contract/auth.ts';

/** Failures allowed before the first wait. */
export const FREE_FAILURES = 5;
/** First wait in seconds; each further failure doubles it, up to MAX_LOCK_SECONDS. */
export const FIRST_LOCK_SECONDS = 30;
export const MAX_LOCK_SECONDS = 15 * 60;
/** A count with no new failure for this long starts again from zero. */
export const FORGET_AFTER_SECONDS = 60 * 60;

/** Accounts are named as typed, lower-cased: unknown names are counted too, so a 429 reveals nothing. */
const accountKey = (username: string) => username.trim().toLowerCase().slice(0, 100);

export function createSignInThrottle(db: Db) {
  return {
    /** 429 with Retry-After while the account is waiting out a window. */
    async check(username: string) {
      const [row] = await db
        .select({ wait: sql<number>`extract(epoch from (${signInFailures.lockedUntil} - now()))`.mapWith(Number) })
        .from(signInFailures)
        .where(sql`${signInFailures.account} = ${accountKey(username)} and ${signInFailures.lockedUntil} > now()`);
      if (row) throw tooManyRequests(AUTH_MESSAGES.accountLocked(Math.ceil(row.wait)), row.wait);
    },
    /**
     * One atomic upsert: instances racing on one account each count their failure. Answers the
     * failures so far and, when this failure locked the account, until when.
     */
    async fail(username: string): Promise<{ failures: number; lockedUntil: Date | null }> {
      const fresh = sql`${signInFailures.lastFailureAt} < now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`;
      const count = sql`(case when ${fresh} then 1 else ${signInFailures.failures} + 1 end)`;
      const [row] = await db
        .insert(signInFailures)
        .values({ account: accountKey(username), failures: 1, lastFailureAt: sql`now()` })
        .onConflictDoUpdate({
          target: signInFailures.account,
          set: {
            failures: count,
            lastFailureAt: sql`now()`,
            lockedUntil: sql`case when ${count} >= ${FREE_FAILURES}
              then now() + make_interval(secs => least(${MAX_LOCK_SECONDS}, ${FIRST_LOCK_SECONDS} * power(2, ${count} - ${FREE_FAILURES})))
              else null end`,
          },
        })
        .returning({ failures: signInFailures.failures, lockedUntil: signInFailures.lockedUntil });
      return row;
    },
    /** Counts nobody has added to for FORGET_AFTER_SECONDS count for nothing: drop them. */
    async purgeStale() {
      await db
        .delete(signInFailures)
        .where(sql`${signInFailures.lastFailureAt} < now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`);
    },
    async succeed(username: string) {
      await db.delete(signInFailures).where(eq(signInFailures.account, accountKey(username)));
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
