// Getting back in and proving an address by mail, over HTTP against a real SMTP server on loopback
// (server/test/smtp.ts): the mail is parsed and its link followed. Forgot password answers the same
// for every address and sends a one-use 30-minute link that ends the other sessions and keeps
// two-step sign-in; registration sends a 24-hour verification link; a change of address takes
// effect at the new address's link. Without SMTP_URL these say why they are unavailable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, TEST_DB, type SignedIn, type TestApp } from '../test/app.ts';
import { linksOf, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../test/smtp.ts';
import { auditEntries, emailTokens, passwordResets, users } from '../db/schema.ts';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { MAIL_MESSAGES } from '../../contract/mail.ts';
import { MAILS_PER_ADDRESS } from '../mail/service.ts';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ listen: true, env: { SMTP_URL: smtp.url, MAIL_RATE: '1000', AUTH_RATE_LIMIT: '10000' } });
  t.services.mailSender.start();
});
afterAll(async () => {
  await t?.services.mailSender.stop();
  await t?.close();
  await smtp?.close();
});

/** A request over HTTP to the test app's port. */
async function api(method: string, path: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}
const cookieOf = (headers: Headers) => String(headers.get('set-cookie')).split(';')[0];
/** The token at the end of the mail's link to `path` (the link names the site's PUBLIC_URL). */
function tokenIn(mail: ReceivedMail, path: string): string {
  const link = linksOf(mail).find((l) => new URL(l).pathname.startsWith(path));
  if (!link) throw new Error(`no ${path} link in: ${mail.text}`);
  expect(mail.html).toContain(link);
  return new URL(link).pathname.slice(path.length);
}
const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });
let n = 0;
/** A fresh account with a known address (its own one each test). */
async function account(role: 'USER' | 'REPORTER' = 'USER'): Promise<SignedIn & { email: string }> {
  const user = await t.signIn(role, `mailer${++n}_${Date.now().toString(36)}`);
  return { ...user, email: `${user.username}@example.com` };
}

describe(`forgot password (${TEST_DB})`, () => {
  it('answers 202 with the same words for a known and an unknown address; only the known one gets mail', async () => {
    const user = await account();
    const known = await api('POST', '/api/auth/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await api('POST', '/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.json).toEqual({ message: AUTH_MESSAGES.forgotSent });
    expect(unknown.json).toEqual(known.json);
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('పాస్‌వర్డ్ మార్చుకోండి');
    expect(mail.text).toContain('30');
    tokenIn(mail, '/reset-password/');
    // The unknown address's request was handled before the known one's mail went (one sender, in order).
    await api('POST', '/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(smtp.to('nobody-here@example.com')).toEqual([]);
    const [row] = await t.services.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row.kind).toBe('self');
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(29 * 60_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(30 * 60_000 + 5_000);
  });

  it('gives a one-use link that sets the password, ends every session and is audited', async () => {
    const user = await account();
    const other = await t.signIn('USER');
    expect((await api('GET', '/api/auth/me', undefined, user.cookie)).status).toBe(200);
    await api('POST', '/api/auth/forgot-password', { email: user.email });
    const token = tokenIn(await smtp.waitFor(user.email), '/reset-password/');
    expect((await api('POST', '/api/auth/reset-password', { token, newPassword: 'new-secret-99' })).status).toBe(204);
    expect((await api('GET', '/api/auth/me', undefined, user.cookie)).status).toBe(401);
    expect((await api('GET', '/api/auth/me', undefined, other.cookie)).status).toBe(200);
    const again = await api('POST', '/api/auth/reset-password', { token, newPassword: 'another-secret-1' });
    expect(again).toMatchObject({ status: 400, json: { message: AUTH_MESSAGES.resetUsed } });
    const signIn = await api('POST', '/api/auth/login', { username: user.username, password: 'new-secret-99' });
    expect(signIn.status).toBe(200);
    // The mailed link proved the address too.
    expect((await api('GET', '/api/auth/me', undefined, cookieOf(signIn.headers))).json.emailVerified).toBe(true);
    const [audit] = await t.services.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'auth.password_reset_used'), eq(auditEntries.objectId, String(user.id))));
    expect(audit.details).toEqual({ totpTurnedOff: false, link: 'self' });
  });

  it('keeps two-step sign-in on: a staff account still needs its code after the reset', async () => {
    const reporter = await account('REPORTER');
    const { secret } = (await api('POST', '/api/auth/totp/setup', {}, reporter.cookie)).json;
    expect((await api('POST', '/api/auth/totp/enable', { code: codeAt(secret) }, reporter.cookie)).status).toBe(200);
    await api('POST', '/api/auth/forgot-password', { email: reporter.email });
    const token = tokenIn(await smtp.waitFor(reporter.email), '/reset-password/');
    const password = 'changed-kite-harbor-7';
    expect((await api('POST', '/api/auth/reset-password', { token, newPassword: password })).status).toBe(204);
    const noCode = await api('POST', '/api/auth/login', { username: reporter.username, password });
    expect(noCode).toMatchObject({ status: 401, json: { totpRequired: true } });
    const withCode = await api('POST', '/api/auth/login', { username: reporter.username, password, code: codeAt(secret, 30) });
    expect(withCode.status).toBe(200);
  });

  it('refuses an expired link, and a newer link voids the older one', async () => {
    const user = await account();
    await api('POST', '/api/auth/forgot-password', { email: user.email });
    const first = tokenIn(await smtp.waitFor(user.email), '/reset-password/');
    await api('POST', '/api/auth/forgot-password', { email: user.email });
    const second = tokenIn(await smtp.waitFor(user.email, (m) => !m.text?.includes(first)), '/reset-password/');
    expect((await api('POST', '/api/auth/reset-password', { token: first, newPassword: 'new-secret-99' })).json.message).toBe(
      AUTH_MESSAGES.resetUnknown,
    );
    await t.services.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await api('POST', '/api/auth/reset-password', { token: second, newPassword: 'new-secret-99' })).json.message).toBe(
      AUTH_MESSAGES.resetExpired,
    );
  });

  it('sends an address a few links an hour at most, whoever asks, still answering 202', async () => {
    const user = await account();
    for (let i = 0; i < MAILS_PER_ADDRESS + 2; i++)
      expect((await api('POST', '/api/auth/forgot-password', { email: user.email })).status).toBe(202);
    // A later mail to another address shows the sender has had its chance at all of them.
    const marker = await account();
    await api('POST', '/api/auth/forgot-password', { email: marker.email });
    await smtp.waitFor(marker.email);
    await expect.poll(() => smtp.to(user.email).length).toBe(MAILS_PER_ADDRESS);
  });

  it('is limited per client address (429), as sign-in is', async () => {
    const strict = await createTestApp({ env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT: '2' } });
    try {
      const ask = () =>
        strict.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'someone@example.com' },
          remoteAddress: '203.0.113.9',
        });
      expect((await ask()).statusCode).toBe(202);
      expect((await ask()).statusCode).toBe(202);
      expect((await ask()).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe(`proving an address (${TEST_DB})`, () => {
  it('sends a verification link at registration; following it marks the address verified once', async () => {
    const username = `newreader_${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const reg = await api('POST', '/api/auth/register', { username, email, password: 'secret123' });
    expect(reg.status).toBe(201);
    const cookie = cookieOf(reg.headers);
    expect((await api('GET', '/api/auth/me', undefined, cookie)).json).toMatchObject({
      emailVerified: false,
      mailAvailable: true,
    });
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('మీ ఈమెయిల్ చిరునామాను ధృవీకరించండి');
    const token = tokenIn(mail, '/verify-email/');
    const [row] = await t.services.db.select().from(emailTokens).where(eq(emailTokens.email, email));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(23.9 * 3_600_000);
    expect(await api('POST', '/api/auth/verify-email', { token })).toMatchObject({
      status: 200,
      json: { message: AUTH_MESSAGES.verified, email },
    });
    expect((await api('GET', '/api/auth/me', undefined, cookie)).json.emailVerified).toBe(true);
    expect((await api('POST', '/api/auth/verify-email', { token })).json.message).toBe(AUTH_MESSAGES.verifyUsed);
    expect((await api('POST', '/api/auth/verify-email/resend', undefined, cookie)).status).toBe(409);
  });

  it('sends the link again on asking; an unknown or expired token is refused', async () => {
    const user = await account();
    expect(await api('POST', '/api/auth/verify-email/resend', undefined, user.cookie)).toMatchObject({
      status: 202,
      json: { message: AUTH_MESSAGES.verifySent },
    });
    const token = tokenIn(await smtp.waitFor(user.email), '/verify-email/');
    expect((await api('POST', '/api/auth/verify-email', { token: 'not-a-token' })).json.message).toBe(
      AUTH_MESSAGES.verifyUnknown,
    );
    await t.services.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    expect((await api('POST', '/api/auth/verify-email', { token })).json.message).toBe(AUTH_MESSAGES.verifyExpired);
  });

  it('changes the address only when the link sent to the new one is followed', async () => {
    const user = await account();
    const fresh = `moved_${Date.now().toString(36)}@example.com`;
    expect((await api('POST', '/api/auth/change-email', { email: fresh, password: 'wrong' }, user.cookie)).status).toBe(400);
    const taken = await account();
    expect((await api('POST', '/api/auth/change-email', { email: taken.email, password: 'secret123' }, user.cookie)).status).toBe(
      409,
    );
    const asked = await api('POST', '/api/auth/change-email', { email: fresh, password: 'secret123' }, user.cookie);
    expect(asked).toMatchObject({ status: 202, json: { message: AUTH_MESSAGES.changeSent } });
    expect((await api('GET', '/api/auth/me', undefined, user.cookie)).json.email).toBe(user.email);
    const token = tokenIn(await smtp.waitFor(fresh), '/verify-email/');
    expect(smtp.to(user.email)).toEqual([]);
    expect(await api('POST', '/api/auth/verify-email', { token })).toMatchObject({
      status: 200,
      json: { message: AUTH_MESSAGES.emailChanged, email: fresh },
    });
    expect((await api('GET', '/api/auth/me', undefined, user.cookie)).json).toMatchObject({ email: fresh, emailVerified: true });
    const [audit] = await t.services.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'auth.email_change'), eq(auditEntries.objectId, String(user.id))));
    expect(audit.details).toEqual({ from: user.email, to: fresh });
    const [stored] = await t.services.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(stored.email).toBe(fresh);
  });
});

describe('without SMTP_URL', () => {
  it('says why a link cannot be sent; registration works as before', async () => {
    const plain = await createTestApp();
    try {
      const forgot = await plain.call('POST', '/api/auth/forgot-password', undefined, { email: 'a@example.com' });
      expect(forgot.statusCode).toBe(503);
      expect(forgot.json().message).toBe(MAIL_MESSAGES.notConfigured);
      const reg = await plain.call('POST', '/api/auth/register', undefined, {
        username: 'plainreader',
        email: 'plain@example.com',
        password: 'secret123',
      });
      expect(reg.statusCode).toBe(201);
      const cookie = String(reg.headers['set-cookie']).split(';')[0];
      expect((await plain.call('GET', '/api/auth/me', cookie)).json()).toMatchObject({
        emailVerified: false,
        mailAvailable: false,
      });
      expect((await plain.call('POST', '/api/auth/verify-email/resend', cookie)).statusCode).toBe(503);
    } finally {
      await plain.close();
    }
  });
});
