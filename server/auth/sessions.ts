// Server-side sessions: the cookie carries a random token, the table keeps only its hash.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions, staffTotp, users } from '../db/schema.ts';
import type { Role } from '../../contract/roles.ts';

/** The cookie's name over http; over https it is `__Host-sid` (config.sessionCookie). */
export const SESSION_COOKIE = 'sid';
export const SECURE_SESSION_COOKIE = '__Host-sid';
export const SESSION_DAYS = 30;
export const DEFAULT_IDLE_MS = 14 * 86_400_000;
/** last_seen_at is written at most this often per session: a page view is not a database write. */
const TOUCH_EVERY_MS = 5 * 60_000;

export type SessionUser = { id: number; username: string; email: string; role: Role; totpEnabled: boolean };

export const digestToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether a request carries any session cookie (under either name). */
export const hasSessionCookie = (cookies: Record<string, string | undefined> | undefined) =>
  Boolean(cookies?.[SESSION_COOKIE] || cookies?.[SECURE_SESSION_COOKIE]);

export function createSessionStore(db: DbOrTx, opts: { idleMs?: number } = {}) {
  const idleMs = opts.idleMs ?? DEFAULT_IDLE_MS;
  return {
    /** A fresh token on every sign-in: a fixated id never becomes a signed-in session. */
    async create(userId: number, tx: DbOrTx = db): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
      await tx.insert(sessions).values({ id: digestToken(token), userId, expiresAt });
      return { token, expiresAt };
    },
    async find(token: string | undefined): Promise<SessionUser | null> {
      if (!token || token.length > 100) return null;
      const now = Date.now();
      const id = digestToken(token);
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          role: users.role,
          totpEnabled: sql<boolean>`${staffTotp.enabledAt} is not null`,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(staffTotp, eq(staffTotp.userId, users.id))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now)), gt(sessions.lastSeenAt, new Date(now - idleMs))))
        .limit(1);
      if (!row) return null;
      if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, id));
      }
      return { id: row.id, username: row.username, email: row.email, role: row.role, totpEnabled: Boolean(row.totpEnabled) };
    },
    async destroy(token: string | undefined) {
      if (token) await db.delete(sessions).where(eq(sessions.id, digestToken(token)));
    },
    /** Role change, deletion, password reset or promotion ends every session of that user at once. */
    async destroyAllForUser(userId: number, tx: DbOrTx = db) {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },
    /** "Sign out everywhere else" and a password change: every session but the caller's. */
    async destroyOthers(userId: number, keepToken: string | undefined, tx: DbOrTx = db) {
      const keep = keepToken ? digestToken(keepToken) : '';
      await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keep)));
    },
    async purgeExpired() {
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, new Date(Date.now() - idleMs))));
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
