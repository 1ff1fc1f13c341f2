// Registration and sign-in rules, written once.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Config } from '../config.ts';
import { passwordResets, users } from '../db/schema.ts';
import { isUniqueViolation } from '../db/sql.ts';
import {
  AUTH_MESSAGES,
  type ChangePasswordInput,
  type LoginInput,
  type RegisterInput,
  RESET_LINK_HOURS,
  type ResetPasswordInput,
  type Me,
  type PasswordResetLink,
} from '../../contract/auth.ts';
import type { Role } from '../../contract/roles.ts';
import { badRequest, conflict, notFound, unauthorized } from '../http/errors.ts';
import { burnVerify, hashPassword, verifyPassword } from './passwords.ts';
import { digestToken, type SessionStore, type SessionUser } from './sessions.ts';
import { createSignInThrottle } from './throttle.ts';
import { createTotpService } from './totp.ts';
import { record, recordStaffSignIn, type AuditRecord } from '../audit/service.ts';
import type { DbOrTx } from '../db/client.ts';
import { passwordChecker } from './password-checker.ts';
import { siteAddressWords } from '../../contract/newsroom-words.ts';
import type { AccountMail } from './account-mail.ts';

const isStaff = (role: string) => role === 'ADMIN' || role === 'REPORTER';

type Account = { role: string; username: string; email: string };

/**
 * The staff password rule (contract/staff-password.ts), wherever a staff account's password is set:
 * 400 naming the problem, on the new password's field. `siteWords`: the site's address as words.
 */
async function requireStaffPassword(account: Account, password: string, siteWords: string[]) {
  if (!isStaff(account.role)) return;
  const { problem } = await passwordChecker.check(password, [account.username, account.email, ...siteWords]);
  if (problem) throw badRequest(problem, { newPassword: problem });
}

/**
 * An account security event of a staff account (as sign-ins are: readers' are not the newsroom's
 * business), recorded as the account's own act with the client address.
 */
async function recordSecurityEvent(
  tx: DbOrTx,
  user: { id: number; username: string; role: string },
  ip: string | null | undefined,
  action: AuditRecord['action'],
  details?: Record<string, unknown>,
) {
  if (!isStaff(user.role)) return;
  await record(tx, {
    actor: { id: user.id, username: user.username, ip },
    action,
    objectType: 'user',
    objectId: user.id,
    summary: user.username,
    details,
  });
}

export function createAuthService({
  db,
  sessions,
  config,
  accountMail,
}: {
  db: Db;
  sessions: SessionStore;
  config: Pick<Config, 'publicUrl' | 'requireStaffTotp' | 'mail'>;
  /** Sends the new account's address-proving link, in the registration's transaction. */
  accountMail?: Pick<AccountMail, 'queueProof'>;
}) {
  const throttle = createSignInThrottle(db);
  const totp = createTotpService(db);
  const siteWords = siteAddressWords(config.publicUrl);
  async function findByUsername(username: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row;
  }

  return {
    async register(input: RegisterInput) {
      const [taken] = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${input.username}) or lower(${users.email}) = lower(${input.email})`)
        .limit(1);
      if (taken) {
        throw conflict(
          taken.username.toLowerCase() === input.username.toLowerCase() ? AUTH_MESSAGES.usernameTaken : AUTH_MESSAGES.emailTaken,
        );
      }
      const passwordHash = await hashPassword(input.password);
      try {
        const { user, session } = await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ username: input.username, email: input.email.toLowerCase(), passwordHash, role: 'USER' })
            .returning();
          await accountMail?.queueProof(tx, user, user.email, 'verify');
          return { user, session: await sessions.create(user.id, tx) };
        });
        return { user, session, result: { role: user.role as Role, message: AUTH_MESSAGES.registerOk } };
      } catch (error) {
        // Two registrations racing for one name: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.usernameTaken);
        throw error;
      }
    },

    async login(input: LoginInput, ip?: string) {
      // Checked before the password: a locked account answers 429 whether the password is right or not.
      await throttle.check(input.username);
      const user = await findByUsername(input.username);
      /** Counts the failure; the one that locks a staff account is recorded (unknown names are not). */
      const fail = async () => {
        const { failures, lockedUntil } = await throttle.fail(input.username);
        if (user && lockedUntil)
          await recordSecurityEvent(db, user, ip, 'auth.lockout', { failures, lockedUntil: lockedUntil.toISOString() });
      };
      if (!user) {
        await burnVerify(input.password);
        await fail();
        throw unauthorized(AUTH_MESSAGES.badCredentials);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await fail();
        throw unauthorized(AUTH_MESSAGES.badCredentials);
      }
      const totpOn = await totp.isEnabled(user.id);
      if (totpOn) {
        if (!input.code) throw unauthorized(AUTH_MESSAGES.totpRequired).with({ totpRequired: true });
        const accepted = await totp.verifySignIn(user.id, input.code);
        if (!accepted) {
          await fail();
          throw unauthorized(AUTH_MESSAGES.totpWrong).with({ totpRequired: true });
        }
        // A recovery code is how someone without the phone gets in: the owner should see it.
        if (accepted === 'recovery') await recordSecurityEvent(db, user, ip, 'auth.recovery_code');
      }
      await throttle.succeed(input.username);
      const session = await sessions.create(user.id);
      const setupRequired = config.requireStaffTotp && isStaff(user.role) && !totpOn;
      // Staff whose password predates the staff password rule are told to change it, not locked out.
      // (Advice only: should the checker fail, the sign-in goes on without it.)
      const changeAdvised =
        isStaff(user.role) &&
        (await passwordChecker.check(input.password, [user.username, user.email, ...siteWords]).then(
          (verdict) => verdict.problem !== null,
          () => false,
        ));
      await recordStaffSignIn(db, user, ip);
      return {
        user,
        session,
        result: {
          role: user.role as Role,
          message: AUTH_MESSAGES.loginOk,
          ...(setupRequired ? { totpSetupRequired: true as const } : {}),
          ...(changeAdvised ? { passwordChangeAdvised: true as const } : {}),
        },
      };
    },

    async me(user: SessionUser): Promise<Me> {
      const [row] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id));
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        totpEnabled: user.totpEnabled,
        totpSetupRequired: config.requireStaffTotp && isStaff(user.role) && !user.totpEnabled,
        emailVerified: Boolean(row?.verifiedAt),
        mailAvailable: config.mail.smtpUrl !== undefined,
      };
    },

    /** The caller's own password; every other session of theirs ends, this one stays. */
    async changePassword(user: SessionUser, currentToken: string | undefined, input: ChangePasswordInput, ip?: string) {
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      if (!row || !(await verifyPassword(row.hash, input.currentPassword))) {
        throw badRequest(AUTH_MESSAGES.currentPasswordWrong, { currentPassword: AUTH_MESSAGES.currentPasswordWrong });
      }
      await requireStaffPassword(user, input.newPassword, siteWords);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await sessions.destroyOthers(user.id, currentToken, tx);
        await recordSecurityEvent(tx, user, ip, 'auth.password_change');
      });
    },

    /** Every other session of the caller's ends; this one stays. */
    async signOutEverywhereElse(user: SessionUser, currentToken: string | undefined, ip?: string) {
      await db.transaction(async (tx) => {
        await sessions.destroyOthers(user.id, currentToken, tx);
        await recordSecurityEvent(tx, user, ip, 'auth.sign_out_everywhere');
      });
    },

    /** An admin's one-time link for another account: 24 h, one use, a new link voids the old. */
    async issuePasswordReset(admin: SessionUser, id: number, ip?: string): Promise<PasswordResetLink> {
      if (id === admin.id) throw badRequest(AUTH_MESSAGES.resetOwnAccount);
      const [target] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, id));
      if (!target) throw notFound(AUTH_MESSAGES.userNotFound);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + RESET_LINK_HOURS * 3_600_000);
      await db.transaction(async (tx) => {
        await tx.delete(passwordResets).where(eq(passwordResets.userId, id));
        await tx.insert(passwordResets).values({ id: digestToken(token), userId: id, expiresAt });
        await record(tx, {
          actor: { id: admin.id, username: admin.username, ip },
          action: 'user.password_reset',
          objectType: 'user',
          objectId: id,
          summary: target.username,
          details: { expiresAt: expiresAt.toISOString() },
        });
      });
      return { resetUrl: `${config.publicUrl}/reset-password/${token}`, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Sets the new password from a reset link and ends every session of that account. An admin's
     * link also turns two-step sign-in off: it is how someone who lost their phone gets back in
     * (REQUIRE_STAFF_TOTP then asks staff to set it up again). A link asked for by mail does not:
     * whoever reads the mailbox still needs the phone's code to sign in.
     */
    async resetPassword(input: ResetPasswordInput, ip?: string) {
      // The link's account, for the staff password rule (the link itself is checked below, once).
      const [owner] = await db
        .select({
          role: users.role,
          username: users.username,
          email: users.email,
          usedAt: passwordResets.usedAt,
          expiresAt: passwordResets.expiresAt,
        })
        .from(passwordResets)
        .innerJoin(users, eq(users.id, passwordResets.userId))
        .where(eq(passwordResets.id, digestToken(input.token)));
      // Only for a link still usable: a spent one says so first.
      if (owner && !owner.usedAt && owner.expiresAt.getTime() > Date.now())
        await requireStaffPassword(owner, input.newPassword, siteWords);
      const passwordHash = await hashPassword(input.newPassword);
      const username = await db.transaction(async (tx) => {
        const [link] = await tx
          .select()
          .from(passwordResets)
          .where(eq(passwordResets.id, digestToken(input.token)));
        if (!link) throw badRequest(AUTH_MESSAGES.resetUnknown, { token: AUTH_MESSAGES.resetUnknown });
        if (link.usedAt) throw badRequest(AUTH_MESSAGES.resetUsed, { token: AUTH_MESSAGES.resetUsed });
        if (link.expiresAt.getTime() <= Date.now()) {
          throw badRequest(AUTH_MESSAGES.resetExpired, { token: AUTH_MESSAGES.resetExpired });
        }
        // Two resets racing on one link: only the one that marks it used goes on.
        const spent = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(sql`${passwordResets.id} = ${link.id} and ${passwordResets.usedAt} is null`)
          .returning({ id: passwordResets.id });
        if (spent.length !== 1) throw badRequest(AUTH_MESSAGES.resetUsed, { token: AUTH_MESSAGES.resetUsed });
        // A link that came by mail proves the address as well.
        const proved = link.kind === 'self' ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {};
        const [user] = await tx
          .update(users)
          .set({ passwordHash, ...proved })
          .where(eq(users.id, link.userId))
          .returning();
        await sessions.destroyAllForUser(link.userId, tx);
        const totpWasOn = link.kind === 'admin' && (await totp.disable(link.userId, tx));
        // Recorded for every account: an admin's link was recorded when issued, a mailed one is the owner's act.
        if (user)
          await record(tx, {
            actor: { id: user.id, username: user.username, ip },
            action: 'auth.password_reset_used',
            objectType: 'user',
            objectId: user.id,
            summary: user.username,
            details: link.kind === 'self' ? { totpTurnedOff: false, link: 'self' } : { totpTurnedOff: totpWasOn },
          });
        return user?.username;
      });
      if (username) await throttle.succeed(username);
    },

    async disableTotp(user: SessionUser, { password }: { password: string }, ip?: string) {
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      if (!row || !(await verifyPassword(row.hash, password))) {
        throw badRequest(AUTH_MESSAGES.wrongPassword, { password: AUTH_MESSAGES.wrongPassword });
      }
      await db.transaction(async (tx) => {
        if (await totp.disable(user.id, tx)) await recordSecurityEvent(tx, user, ip, 'auth.totp_off');
      });
    },
    totp,
    purgeStaleSignInFailures: () => throttle.purgeStale(),
    findByUsername,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
