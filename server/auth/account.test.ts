// Accounts people can recover, and sign-in that cannot be brute-forced: throttling per account
// (shared by every instance through the database), password change and reset links, two-step
// sign-in, idle sessions, "sign out everywhere else", the __Host- cookie.
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp, useTestApp } from '../test/app.ts';
import { buildApp } from '../app.ts';
import { createServices } from '../services.ts';
import { passwordResets, sessions, signInFailures, users } from '../db/schema.ts';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { ensureFirstAdmin } from '../users/bootstrap.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();

type Headers = Record<string, string>;
// Each call from its own address: the per-address limit is tested in auth.test.ts, not here.
let address = 0;
const nextAddress = () => `100.64.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const post = (url: string, payload: unknown, headers: Headers = {}, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0];
const signedIn = async (cookie: string) => (await t.api(API.auth.check, { cookie })).json().authenticated as boolean;
const login = (username: string, password: string, extra: object = {}, remoteAddress?: string) =>
  post('/api/auth/login', { username, password, ...extra }, {}, remoteAddress);
const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

describe(`sign-in throttling per account (${TEST_DB})`, () => {
  it('answers 429 with Retry-After after five failures from many addresses, even to the right password', async () => {
    const user = await t.signIn('REPORTER');
    for (let i = 0; i < 5; i++) {
      expect((await login(user.username, 'wrong-password', {}, `198.51.100.${i + 1}`)).statusCode).toBe(401);
    }
    const locked = await login(user.username, 'secret123', {}, '198.51.100.99');
    expect(locked.statusCode).toBe(429);
    const wait = Number(locked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    expect(locked.json().message).toMatch(/^Too many failed sign-ins for this account/);
  });

  it('holds across instances: another app on the same database refuses too', async () => {
    const user = await t.signIn('ADMIN');
    for (let i = 0; i < 5; i++) await login(user.username, 'nope-nope', {}, `203.0.113.${i + 1}`);
    const other = await buildApp({ services: createServices({ config: t.services.config, database: t.services.database }) });
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username.toUpperCase(), password: 'secret123' },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('windows are short and grow; once a window passes the owner signs in and the count resets', async () => {
    const user = await t.signIn('USER');
    for (let i = 0; i < 6; i++) {
      await t.services.db.update(signInFailures).set({ lockedUntil: null }).where(eq(signInFailures.account, user.username));
      await login(user.username, 'bad-password');
    }
    const [row] = await t.services.db.select().from(signInFailures).where(eq(signInFailures.account, user.username));
    expect(row.failures).toBe(6);
    // Sixth failure: the second window, twice the first (60 s).
    const seconds = (row.lockedUntil!.getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(40);
    expect(seconds).toBeLessThanOrEqual(61);
    await t.services.db.update(signInFailures).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect((await login(user.username, 'secret123')).statusCode).toBe(200);
    expect(await t.services.db.select().from(signInFailures).where(eq(signInFailures.account, user.username))).toEqual([]);
  });

  it('forgets counts nobody added to for an hour', async () => {
    await login('stale_one', 'whatever1');
    await t.services.db
      .update(signInFailures)
      .set({ lastFailureAt: sql`now() - interval '2 hours'` })
      .where(eq(signInFailures.account, 'stale_one'));
    await t.services.auth.purgeStaleSignInFailures();
    expect(await t.services.db.select().from(signInFailures).where(eq(signInFailures.account, 'stale_one'))).toEqual([]);
  });

  it('counts unknown names too, so a 429 says nothing about which accounts exist', async () => {
    for (let i = 0; i < 5; i++) await login('nobody_at_all', 'whatever1');
    expect((await login('nobody_at_all', 'whatever1')).statusCode).toBe(429);
  });
});

describe(`TRUST_PROXY (${TEST_DB})`, () => {
  const attempts = async (app: TestApp, remoteAddress: string) => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: `ghost${i}`, password: 'y' },
        remoteAddress,
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      codes.push(res.statusCode);
    }
    return codes;
  };

  it('by default ignores X-Forwarded-For even from loopback or a private network', async () => {
    expect(await attempts(t, '127.0.0.1')).toContain(429);
    expect(await attempts(t, '10.1.2.3')).toContain(429);
  });

  it('believes X-Forwarded-For from the proxies it names', { timeout: 120_000 }, async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' } });
    try {
      expect(await attempts(proxied, '10.1.2.3')).not.toContain(429);
      // A client outside the list still cannot choose its address.
      expect(await attempts(proxied, '198.51.100.7')).toContain(429);
    } finally {
      await proxied.close();
    }
  });
});

describe(`password change and reset links (${TEST_DB})`, () => {
  it('changes the own password: 204, other sessions end, this one stays', async () => {
    const user = await t.signIn('USER');
    const other = cookieOf(await login(user.username, 'secret123'));
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'not-it', newPassword: 'new-secret-1' },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: AUTH_MESSAGES.currentPasswordWrong });
    const short = await post(
      '/api/auth/change-password',
      { currentPassword: 'secret123', newPassword: '123' },
      { cookie: user.cookie },
    );
    expect(short.statusCode).toBe(400);
    const ok = await post(
      '/api/auth/change-password',
      { currentPassword: 'secret123', newPassword: 'new-secret-1' },
      { cookie: user.cookie },
    );
    expect(ok.statusCode).toBe(204);
    expect(await signedIn(user.cookie)).toBe(true);
    expect(await signedIn(other)).toBe(false);
    expect((await login(user.username, 'secret123')).statusCode).toBe(401);
    expect((await login(user.username, 'new-secret-1')).statusCode).toBe(200);
    expect((await post('/api/auth/change-password', { currentPassword: 'x', newPassword: 'yyyyyy' })).statusCode).toBe(401);
  });

  it('signs out everywhere else', async () => {
    const user = await t.signIn('REPORTER');
    const other = cookieOf(await login(user.username, 'secret123'));
    expect((await post('/api/auth/logout-others', {}, { cookie: user.cookie })).statusCode).toBe(204);
    expect(await signedIn(user.cookie)).toBe(true);
    expect(await signedIn(other)).toBe(false);
  });

  it('an admin issues a one-time, 24-hour link; a new one voids the old; using it ends every session', async () => {
    const admin = await t.signIn('ADMIN');
    const user = await t.signIn('REPORTER');
    const issue = () => post(`/api/admin/users/${user.id}/password-reset`, {}, { cookie: admin.cookie });
    const first = await issue();
    expect(first.statusCode).toBe(201);
    const { resetUrl, expiresAt } = first.json();
    expect(resetUrl).toMatch(/^http:\/\/localhost:3000\/reset-password\/[\w-]{40,}$/);
    expect(Math.abs(new Date(expiresAt).getTime() - Date.now() - 24 * 3_600_000)).toBeLessThan(60_000);
    const second = (await issue()).json();
    const tokenOf = (url: string) => url.split('/').pop()!;

    const old = await post('/api/auth/reset-password', { token: tokenOf(resetUrl), newPassword: 'reset-pass-1' });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(AUTH_MESSAGES.resetUnknown);

    const used = await post('/api/auth/reset-password', { token: tokenOf(second.resetUrl), newPassword: 'reset-pass-1' });
    expect(used.statusCode).toBe(204);
    expect(await signedIn(user.cookie)).toBe(false);
    expect((await login(user.username, 'reset-pass-1')).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token: tokenOf(second.resetUrl), newPassword: 'reset-pass-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.resetUsed);

    const third = (await issue()).json();
    await t.services.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const expired = await post('/api/auth/reset-password', { token: tokenOf(third.resetUrl), newPassword: 'reset-pass-2' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(AUTH_MESSAGES.resetExpired);
  });

  it('reset links: admins only, never for oneself, 404 for nobody and for an id past 32 bits', async () => {
    const admin = await t.signIn('ADMIN');
    const reporter = await t.signIn('REPORTER');
    expect((await post(`/api/admin/users/${admin.id}/password-reset`, {}, { cookie: reporter.cookie })).statusCode).toBe(403);
    expect((await post(`/api/admin/users/${admin.id}/password-reset`, {})).statusCode).toBe(401);
    const own = await post(`/api/admin/users/${admin.id}/password-reset`, {}, { cookie: admin.cookie });
    expect(own.statusCode).toBe(400);
    expect((await post(`/api/admin/users/2147483647/password-reset`, {}, { cookie: admin.cookie })).statusCode).toBe(404);
    expect((await post(`/api/admin/users/99999999999/password-reset`, {}, { cookie: admin.cookie })).statusCode).toBe(404);
  });
});

describe(`two-step sign-in (${TEST_DB})`, () => {
  it('setup, enable with a code, then sign-in asks for a code; recovery codes work once; disable needs the password', async () => {
    const user = await t.signIn('REPORTER');
    const setup = await post('/api/auth/totp/setup', {}, { cookie: user.cookie });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);

    const wrong = await post(
      '/api/auth/totp/enable',
      { code: '000000' === codeAt(secret) ? '111111' : '000000' },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    const enabled = await post('/api/auth/totp/enable', { code: codeAt(secret) }, { cookie: user.cookie });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.services.db.execute(sql`select code_hash from totp_recovery_codes where user_id = ${user.id}`);
    // Stored hashed, never as issued.
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);
    expect((await t.api(API.auth.me, { cookie: user.cookie })).json().totpEnabled).toBe(true);

    const noCode = await login(user.username, 'secret123');
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toEqual({ message: AUTH_MESSAGES.totpRequired, totpRequired: true });
    expect(noCode.headers['set-cookie']).toBeUndefined();
    const badCode = await login(user.username, 'secret123', { code: '12345x' });
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().totpRequired).toBe(true);
    // The code used to enable is spent; the next step's code signs in, once.
    const next = codeAt(secret, 30);
    expect((await login(user.username, 'secret123', { code: next })).statusCode).toBe(200);
    expect((await login(user.username, 'secret123', { code: next })).statusCode).toBe(401);

    const recovery = recoveryCodes[3].toUpperCase().replace(/-/g, ' ');
    expect((await login(user.username, 'secret123', { code: recovery })).statusCode).toBe(200);
    expect((await login(user.username, 'secret123', { code: recoveryCodes[3] })).statusCode).toBe(401);

    expect((await post('/api/auth/totp/disable', { password: 'nope' }, { cookie: user.cookie })).statusCode).toBe(400);
    expect((await post('/api/auth/totp/disable', { password: 'secret123' }, { cookie: user.cookie })).statusCode).toBe(204);
    expect((await login(user.username, 'secret123')).statusCode).toBe(200);
  });

  it('is for staff: a USER cannot set it up', async () => {
    const user = await t.signIn('USER');
    expect((await post('/api/auth/totp/setup', {}, { cookie: user.cookie })).statusCode).toBe(403);
  });

  it(
    'REQUIRE_STAFF_TOTP=1: staff sign in, are told to set it up, and can do nothing else until they do',
    { timeout: 120_000 },
    async () => {
      const strict = await createTestApp({ env: { REQUIRE_STAFF_TOTP: '1' } });
      try {
        const reporter = await strict.signIn('REPORTER');
        const res = await strict.api(API.auth.login, { body: { username: reporter.username, password: 'secret123' } });
        expect(res.json()).toMatchObject({ role: 'REPORTER', totpSetupRequired: true });
        const blocked = await strict.api(API.articles.pendingRejected, { cookie: reporter.cookie });
        expect(blocked.statusCode).toBe(403);
        expect(blocked.json()).toEqual({ message: AUTH_MESSAGES.totpSetupRequired, totpSetupRequired: true });
        const me = await strict.api(API.auth.me, { cookie: reporter.cookie });
        expect(me.json().totpSetupRequired).toBe(true);
        const setup = await strict.api(API.auth.totpSetup, { cookie: reporter.cookie });
        const enabled = await strict.api(API.auth.totpEnable, {
          cookie: reporter.cookie,
          body: { code: codeAt(setup.json().secret) },
        });
        expect(enabled.statusCode).toBe(200);
        const open = await strict.api(API.articles.pendingRejected, { cookie: reporter.cookie });
        expect(open.statusCode).toBe(200);
        // Readers are not staff: nothing changes for them.
        const user = await strict.signIn('USER');
        expect((await strict.api(API.auth.me, { cookie: user.cookie })).json().totpSetupRequired).toBe(false);
      } finally {
        await strict.close();
      }
    },
  );
});

describe(`sessions (${TEST_DB})`, () => {
  it('end after the idle timeout even within their lifetime', async () => {
    const user = await t.signIn('USER');
    expect(await signedIn(user.cookie)).toBe(true);
    await t.services.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(sessions.userId, user.id));
    expect(await signedIn(user.cookie)).toBe(false);
  });

  it('stay alive while used: a visit moves last_seen_at', async () => {
    const user = await t.signIn('USER');
    const old = new Date(Date.now() - 13 * 86_400_000);
    await t.services.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, user.id));
    expect(await signedIn(user.cookie)).toBe(true);
    const [row] = await t.services.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('SESSION_IDLE_DAYS sets the timeout', { timeout: 120_000 }, async () => {
    const short = await createTestApp({ env: { SESSION_IDLE_DAYS: '1' } });
    try {
      const user = await short.signIn('USER');
      await short.services.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 2 * 86_400_000) });
      const res = await short.api(API.auth.check, { cookie: user.cookie });
      expect(res.json().authenticated).toBe(false);
    } finally {
      await short.close();
    }
  });

  it(
    'over https the cookie is __Host-sid (Secure, Path=/, no Domain), and a plain sid is not read',
    { timeout: 120_000 },
    async () => {
      const secure = await createTestApp({ env: { PUBLIC_URL: 'https://news.example' } });
      try {
        const user = await secure.signIn('USER');
        const res = await secure.api(API.auth.login, { body: { username: user.username, password: 'secret123' } });
        const cookie = String(res.headers['set-cookie']);
        expect(cookie).toMatch(/^__Host-sid=/);
        expect(cookie).toMatch(/Secure/);
        expect(cookie).toMatch(/Path=\//);
        expect(cookie).not.toMatch(/Domain/i);
        const token = cookie.split(';')[0].split('=')[1];
        const check = (c: string) => secure.api(API.auth.check, { cookie: c });
        expect((await check(`__Host-sid=${token}`)).json().authenticated).toBe(true);
        expect((await check(`sid=${token}`)).json().authenticated).toBe(false);
      } finally {
        await secure.close();
      }
    },
  );

  it('an account promoted to admin at start loses its old sessions', { timeout: 120_000 }, async () => {
    const fresh = await createTestApp();
    try {
      const user = await fresh.signIn('USER', 'future_chief');
      const lines: string[] = [];
      await ensureFirstAdmin(
        fresh.services,
        { admin: { username: 'future_chief', password: 'chief-pass-1', email: undefined } },
        (l) => lines.push(l),
      );
      const [row] = await fresh.services.db.select().from(users).where(eq(users.id, user.id));
      expect(row.role).toBe('ADMIN');
      const res = await fresh.api(API.auth.check, { cookie: user.cookie });
      expect(res.json()).toEqual({ authenticated: false, role: null });
    } finally {
      await fresh.close();
    }
  });
});

describe(`account security events in the audit trail (${TEST_DB})`, () => {
  /** The trail's entries of one action about one account, as the Activity screen's filter asks for them. */
  const entries = async (admin: string, action: string, userId: number) => {
    const res = await t.api(API.audit.list, { query: { action, size: 100 }, cookie: admin });
    expect(res.statusCode, action).toBe(200);
    return (res.json() as { content: { objectId: string; actorName: string; ip: string; details: unknown }[] }).content.filter(
      (e) => e.objectId === String(userId),
    );
  };

  it('records password change, sign out everywhere, two-step on and off, recovery code, reset link used, lockout', async () => {
    const admin = await t.signIn('ADMIN');
    const user = await t.signIn('REPORTER');
    const from = '192.0.2.77';
    const as = { cookie: user.cookie };

    expect(
      (await post('/api/auth/change-password', { currentPassword: 'secret123', newPassword: 'changed-kite-harbor-1' }, as, from))
        .statusCode,
    ).toBe(204);
    expect((await post('/api/auth/logout-others', {}, as, from)).statusCode).toBe(204);
    const { secret } = (await post('/api/auth/totp/setup', {}, as, from)).json();
    const enabled = await post('/api/auth/totp/enable', { code: codeAt(secret) }, as, from);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect((await login(user.username, 'changed-kite-harbor-1', { code: recoveryCodes[0] }, from)).statusCode).toBe(200);
    // A stolen session plus the password turns it off: now it leaves a trace.
    expect((await post('/api/auth/totp/disable', { password: 'changed-kite-harbor-1' }, as, from)).statusCode).toBe(204);

    const one = async (action: string) => {
      const found = await entries(admin.cookie, action, user.id);
      expect(found, action).toHaveLength(1);
      expect(found[0], action).toMatchObject({ actorName: user.username, ip: from });
      return found[0];
    };
    for (const action of [
      'auth.password_change',
      'auth.sign_out_everywhere',
      'auth.totp_on',
      'auth.recovery_code',
      'auth.totp_off',
    ])
      await one(action);

    // The reset link: issued by the admin, used by the account (which also turns two-step off).
    await post('/api/auth/totp/setup', {}, as, from).then(async (r) =>
      post('/api/auth/totp/enable', { code: codeAt(r.json().secret, 30) }, as, from),
    );
    const { resetUrl } = (await post(`/api/admin/users/${user.id}/password-reset`, {}, { cookie: admin.cookie })).json();
    expect((await entries(admin.cookie, 'user.password_reset', user.id))[0]).toMatchObject({ actorName: admin.username });
    const reset = await post(
      '/api/auth/reset-password',
      { token: resetUrl.split('/').pop(), newPassword: 'reset-it-river-9' },
      {},
      from,
    );
    expect(reset.statusCode).toBe(204);
    expect((await one('auth.password_reset_used')).details).toEqual({ totpTurnedOff: true });

    // Five wrong passwords lock the account: the locking failure is recorded with its address.
    for (let i = 0; i < 5; i++) await login(user.username, 'wrong-guess', {}, from);
    expect((await login(user.username, 'reset-it-river-9', {}, from)).statusCode).toBe(429);
    expect((await one('auth.lockout')).details).toMatchObject({ failures: 5 });
  });

  it("leaves readers' own acts and unknown names out of the trail", async () => {
    const admin = await t.signIn('ADMIN');
    const reader = await t.signIn('USER');
    expect(
      (
        await post(
          '/api/auth/change-password',
          { currentPassword: 'secret123', newPassword: 'reader-new-1' },
          { cookie: reader.cookie },
        )
      ).statusCode,
    ).toBe(204);
    expect(await entries(admin.cookie, 'auth.password_change', reader.id)).toEqual([]);
    for (let i = 0; i < 5; i++) await login('no_such_account_x', 'wrong-guess');
    const res = await t.api(API.audit.list, { query: { action: 'auth.lockout', size: 100 }, cookie: admin.cookie });
    expect(JSON.stringify(res.json())).not.toContain('no_such_account_x');
  });
});
