// Two-step sign-in for staff: TOTP (RFC 6238, any authenticator app) through `otpauth`, with ten
// one-time recovery codes stored as hashes.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, or, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/client.ts';
import { staffTotp, totpRecoveryCodes } from '../db/schema.ts';
import { SITE_NAME } from '../../contract/site.ts';
import { AUTH_MESSAGES, RECOVERY_CODE_COUNT, type TotpEnabled, type TotpSetup } from '../../contract/auth.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { record, type AuditActor } from '../audit/service.ts';

const PERIOD = 30;
const totpFor = (secret: string, label = '') =>
  new TOTP({ issuer: SITE_NAME, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** Recovery codes compare without dashes, spaces or case: people copy them by hand. */
const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const hashCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

export function createTotpService(db: Db) {
  /** Accepts the current code (±1 step for clock drift) once: a replayed code is refused. */
  async function acceptCode(userId: number, secret: string, code: string): Promise<boolean> {
    const delta = totpFor(secret).validate({ token: code, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(Date.now() / 1000 / PERIOD) + delta;
    const taken = await db
      .update(staffTotp)
      .set({ lastStep: step })
      .where(and(eq(staffTotp.userId, userId), or(isNull(staffTotp.lastStep), lt(staffTotp.lastStep, step))))
      .returning({ userId: staffTotp.userId });
    return taken.length === 1;
  }

  return {
    async isEnabled(userId: number) {
      const [row] = await db.select({ on: staffTotp.enabledAt }).from(staffTotp).where(eq(staffTotp.userId, userId));
      return Boolean(row?.on);
    },
    /** A new secret (replacing an unfinished setup); it counts only once `enable` proves it. */
    async setup(user: { id: number; username: string }): Promise<TotpSetup> {
      if (await this.isEnabled(user.id)) throw conflict(AUTH_MESSAGES.totpAlreadyOn);
      const secret = new Secret({ size: 20 }).base32;
      await db
        .insert(staffTotp)
        .values({ userId: user.id, secret })
        .onConflictDoUpdate({ target: staffTotp.userId, set: { secret, enabledAt: null, lastStep: null } });
      return { secret, otpauthUrl: totpFor(secret, user.username).toString() };
    },
    /** Turns it on; the act is recorded in the audit trail as `actor`'s (the account's owner). */
    async enable(userId: number, { code }: { code: string }, actor?: AuditActor): Promise<TotpEnabled> {
      const [row] = await db.select().from(staffTotp).where(eq(staffTotp.userId, userId));
      if (!row) throw badRequest(AUTH_MESSAGES.totpNotStarted);
      if (row.enabledAt) throw conflict(AUTH_MESSAGES.totpAlreadyOn);
      if (!(await acceptCode(userId, row.secret, code))) {
        throw badRequest(AUTH_MESSAGES.totpWrong, { code: AUTH_MESSAGES.totpWrong });
      }
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
        const raw = randomBytes(8).toString('hex');
        return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}-${raw.slice(12)}`;
      });
      await db.transaction(async (tx) => {
        await tx
          .update(staffTotp)
          .set({ enabledAt: sql`now()` })
          .where(eq(staffTotp.userId, userId));
        await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
        await tx.insert(totpRecoveryCodes).values(recoveryCodes.map((c) => ({ userId, codeHash: hashCode(c) })));
        if (actor)
          await record(tx, { actor, action: 'auth.totp_on', objectType: 'user', objectId: userId, summary: actor.username });
      });
      return { recoveryCodes };
    },
    /** Turns it off; answers whether it was on. */
    async disable(userId: number, tx: Pick<Db, 'delete'> = db): Promise<boolean> {
      const removed = await tx.delete(staffTotp).where(eq(staffTotp.userId, userId)).returning({ on: staffTotp.enabledAt });
      await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
      return removed.some((r) => r.on !== null);
    },
    /**
     * At sign-in: a current code, or an unused recovery code (then spent). Answers which one was
     * accepted, or false.
     */
    async verifySignIn(userId: number, code: string): Promise<'code' | 'recovery' | 'off' | false> {
      const [row] = await db.select().from(staffTotp).where(eq(staffTotp.userId, userId));
      if (!row?.enabledAt) return 'off';
      const trimmed = code.trim();
      if (/^\d{6}$/.test(trimmed)) return (await acceptCode(userId, row.secret, trimmed)) && 'code';
      const spent = await db
        .update(totpRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(totpRecoveryCodes.userId, userId),
            eq(totpRecoveryCodes.codeHash, hashCode(trimmed)),
            isNull(totpRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: totpRecoveryCodes.id });
      return spent.length === 1 && 'recovery';
    },
  };
}
export type TotpService = ReturnType<typeof createTotpService>;
