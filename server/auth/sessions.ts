// Server-side sessions: the cookie carries a random token, the table keeps only its hash.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { Role } from '../../contract/roles.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_DAYS = 30;

export type SessionUser = { id: number; username: string; email: string; role: Role };

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSessionStore(db: DbOrTx) {
  return {
    /** A fresh token on every sign-in: a fixated id never becomes a signed-in session. */
    async create(userId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
      await db.insert(sessions).values({ id: digest(token), userId, expiresAt });
      return { token, expiresAt };
    },

    async find(token: string | undefined): Promise<SessionUser | null> {
      if (!token || token.length > 100) return null;
      const [row] = await db
        .select({ id: users.id, username: users.username, email: users.email, role: users.role })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, digest(token)), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row ?? null;
    },

    async destroy(token: string | undefined) {
      if (token) await db.delete(sessions).where(eq(sessions.id, digest(token)));
    },

    /** Role change or deletion ends every session of that user at once. */
    async destroyAllForUser(userId: number, tx: DbOrTx = db) {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },

    async purgeExpired() {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
