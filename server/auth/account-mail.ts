// Getting back into an account and proving its address, by mail (docs/security.md):
// - forgot password: a one-use link to the reset page, good for SELF_RESET_MINUTES. The answer is
//   the same, and as quick, whether or not the address has an account (the work is done after it);
//   each address gets a few such mails an hour at most whoever asks. Following it is the reset of
//   ./service.ts, which ends every session; two-step sign-in stays on (only an admin's link turns it off).
// - registration and "send it again": a link to /verify-email/<token>, good for VERIFY_LINK_HOURS;
// - a change of address: the link goes to the new address, and the change happens when it is followed.
// Tokens are random; the tables keep only their sha256 (as sessions and reset links do).
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { emailTokens, passwordResets, users } from '../db/schema.ts';
import { badRequest, conflict, HttpError, tooManyRequests } from '../http/errors.ts';
import {
  AUTH_MESSAGES,
  SELF_RESET_MINUTES,
  VERIFY_LINK_HOURS,
  verifyEmailPath,
  type ChangeEmailInput,
} from '../../contract/auth.ts';
import { MAIL_MESSAGES } from '../../contract/mail.ts';
import { queueMail } from '../mail/outbox.ts';
import { normalAddress, THROTTLE_WINDOW_MS, type MailService } from '../mail/service.ts';
import { linkMail } from '../mail/templates.ts';
import { digestToken, type SessionUser } from './sessions.ts';
import { verifyPassword } from './passwords.ts';
import { record } from '../audit/service.ts';
import { isUniqueViolation } from '../db/sql.ts';

const newToken = () => randomBytes(32).toString('base64url');

/** The mail that proves an address: the account's own (verify) or the new one of a change. */
function proofMessage(kind: 'verify' | 'change', username: string, url: string) {
  return kind === 'verify'
    ? linkMail(
        'మీ ఈమెయిల్ చిరునామాను ధృవీకరించండి',
        [
          `నమస్కారం ${username}, మీ ఖాతా చిరునామా ఇదేనని ధృవీకరించడానికి ఈ లింక్ తెరవండి (24 గంటలు పనిచేస్తుంది).`,
          'Open this link to confirm your e-mail address (it works for 24 hours).',
        ],
        { label: 'చిరునామా ధృవీకరించండి', url },
      )
    : linkMail(
        'మీ కొత్త ఈమెయిల్ చిరునామాను ధృవీకరించండి',
        [
          `నమస్కారం ${username}, మీ ఖాతా చిరునామాను దీనికి మార్చడానికి ఈ లింక్ తెరవండి (24 గంటలు పనిచేస్తుంది).`,
          'Open this link to make this your account’s address (it works for 24 hours).',
        ],
        { label: 'కొత్త చిరునామా నిర్ధారించండి', url },
        ['మీరు అడగకపోతే ఈ మెయిల్‌ను పట్టించుకోకండి. If you did not ask, ignore this mail.'],
      );
}

type Deps = Pick<ServiceDeps, 'db' | 'config' | 'log'> & { mail: MailService; kick: () => void };

export function createAccountMail({ db, config, log, mail, kick }: Deps) {
  const requireMail = () => {
    if (!mail.configured()) throw new HttpError(503, MAIL_MESSAGES.notConfigured);
  };

  /** Queues the address-proving link for `email` (the account's, or the new one of a change). */
  async function queueProof(tx: DbOrTx, user: { id: number; username: string }, email: string, kind: 'verify' | 'change') {
    if (!mail.configured()) return;
    const token = newToken();
    await tx.delete(emailTokens).where(and(eq(emailTokens.userId, user.id), eq(emailTokens.kind, kind)));
    await tx.insert(emailTokens).values({
      id: digestToken(token),
      userId: user.id,
      kind,
      email: normalAddress(email),
      expiresAt: new Date(Date.now() + VERIFY_LINK_HOURS * 3_600_000),
    });
    const url = `${config.publicUrl}${verifyEmailPath(token)}`;
    const message = proofMessage(kind, user.username, url);
    await queueMail(tx, config.mail, { kind: kind === 'verify' ? 'verify-email' : 'change-email', to: email, ...message });
  }

  /** The forgot-password work, after the answer: nothing said to the caller depends on it. */
  async function sendResetLink(email: string) {
    const address = normalAddress(email);
    if (!(await mail.allow(`forgot:${address}`))) return;
    const [user] = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.email}) = ${address}`)
      .limit(1);
    if (!user || (await mail.isUndeliverable(address))) return;
    const token = newToken();
    const expiresAt = new Date(Date.now() + SELF_RESET_MINUTES * 60_000);
    await db.transaction(async (tx) => {
      // A new link voids the earlier ones the owner asked for (an admin's stays until it is used or replaced).
      await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), eq(passwordResets.kind, 'self')));
      await tx.insert(passwordResets).values({ id: digestToken(token), userId: user.id, expiresAt, kind: 'self' });
      const message = linkMail(
        'పాస్‌వర్డ్ మార్చుకోండి',
        [
          `నమస్కారం ${user.username}, కొత్త పాస్‌వర్డ్ ఎంచుకోవడానికి ఈ లింక్ తెరవండి. ఇది ${SELF_RESET_MINUTES} నిమిషాలు, ఒక్కసారే పనిచేస్తుంది.`,
          `Open this link to choose a new password. It works once, for ${SELF_RESET_MINUTES} minutes; every signed-in session of the account ends when it is used.`,
        ],
        { label: 'కొత్త పాస్‌వర్డ్ ఎంచుకోండి', url: `${config.publicUrl}/reset-password/${token}` },
        ['మీరు అడగకపోతే ఈ మెయిల్‌ను పట్టించుకోకండి: మీ పాస్‌వర్డ్ మారదు. If you did not ask, ignore this mail.'],
      );
      await queueMail(tx, config.mail, { kind: 'password-reset', to: address, ...message });
    });
    kick();
  }

  return {
    queueProof,

    /** Starts the forgot-password work and returns at once (the same for every address). */
    forgotPassword(email: string) {
      requireMail();
      void sendResetLink(email).catch((error: unknown) => (log as Console).error('mail: could not queue a reset link', error));
    },

    async resend(user: SessionUser) {
      requireMail();
      const [row] = await db
        .select({ verified: users.emailVerifiedAt, email: users.email })
        .from(users)
        .where(eq(users.id, user.id));
      if (row?.verified) throw conflict(AUTH_MESSAGES.alreadyVerified);
      if (!(await mail.allow(`verify:${user.id}`))) throw tooManyRequests(AUTH_MESSAGES.tooManyMails, THROTTLE_WINDOW_MS / 1000);
      await db.transaction((tx) => queueProof(tx, user, row?.email ?? user.email, 'verify'));
      kick();
    },

    async changeEmail(user: SessionUser, input: ChangeEmailInput) {
      requireMail();
      const [row] = await db.select({ hash: users.passwordHash, email: users.email }).from(users).where(eq(users.id, user.id));
      if (!row || !(await verifyPassword(row.hash, input.password)))
        throw badRequest(AUTH_MESSAGES.wrongPassword, { password: AUTH_MESSAGES.wrongPassword });
      const email = normalAddress(input.email);
      if (email === normalAddress(row.email)) throw badRequest(AUTH_MESSAGES.sameEmail, { email: AUTH_MESSAGES.sameEmail });
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      if (taken) throw conflict(AUTH_MESSAGES.emailTaken);
      if (!(await mail.allow(`change:${user.id}`))) throw tooManyRequests(AUTH_MESSAGES.tooManyMails, THROTTLE_WINDOW_MS / 1000);
      await db.transaction((tx) => queueProof(tx, user, email, 'change'));
      kick();
    },

    /** Follows a link: the address is verified, or the change of address takes effect (then it is verified too). */
    async verify(token: string, ip?: string): Promise<{ message: string; email: string }> {
      return db.transaction(async (tx) => {
        const [link] = await tx
          .select()
          .from(emailTokens)
          .where(eq(emailTokens.id, digestToken(token)));
        if (!link) throw badRequest(AUTH_MESSAGES.verifyUnknown, { token: AUTH_MESSAGES.verifyUnknown });
        if (link.usedAt) throw badRequest(AUTH_MESSAGES.verifyUsed, { token: AUTH_MESSAGES.verifyUsed });
        if (link.expiresAt.getTime() <= Date.now())
          throw badRequest(AUTH_MESSAGES.verifyExpired, { token: AUTH_MESSAGES.verifyExpired });
        const spent = await tx
          .update(emailTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(emailTokens.id, link.id), isNull(emailTokens.usedAt)))
          .returning({ id: emailTokens.id });
        if (spent.length !== 1) throw badRequest(AUTH_MESSAGES.verifyUsed, { token: AUTH_MESSAGES.verifyUsed });
        if (link.kind === 'verify') {
          // Proves the address only while it is still the account's.
          const [user] = await tx
            .update(users)
            .set({ emailVerifiedAt: sql`now()` })
            .where(and(eq(users.id, link.userId), sql`lower(${users.email}) = ${link.email}`))
            .returning({ id: users.id });
          if (!user) throw badRequest(AUTH_MESSAGES.verifyUnknown, { token: AUTH_MESSAGES.verifyUnknown });
          return { message: AUTH_MESSAGES.verified, email: link.email };
        }
        try {
          const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, link.userId));
          const [user] = await tx
            .update(users)
            .set({ email: link.email, emailVerifiedAt: sql`now()` })
            .where(eq(users.id, link.userId))
            .returning();
          await record(tx, {
            actor: { id: user.id, username: user.username, ip },
            action: 'auth.email_change',
            objectType: 'user',
            objectId: user.id,
            summary: user.username,
            details: { from: before?.email, to: link.email },
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTaken);
          throw error;
        }
        return { message: AUTH_MESSAGES.emailChanged, email: link.email };
      });
    },
  };
}
export type AccountMail = ReturnType<typeof createAccountMail>;
