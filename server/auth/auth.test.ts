import { describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0];

describe(`auth API (${TEST_DB})`, () => {
  it('registers a USER, signs it in with an HttpOnly SameSite=Lax cookie', async () => {
    const res = await post('/api/auth/register', { username: 'lakshmi', email: 'lakshmi@example.com', password: 'secret1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ role: 'USER', message: 'Registration successful' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const check = await t.api(API.auth.check, { cookie: cookieOf(res) });
    expect(check.json()).toEqual({ authenticated: true, role: 'USER' });
    const me = await t.api(API.auth.me, { cookie: cookieOf(res) });
    expect(me.json()).toMatchObject({ username: 'lakshmi' });
  });

  it.each([
    [{ email: 'a@b.co', password: 'secret1' }, 'username', 'Username is required'],
    [{ username: 'x', password: 'secret1' }, 'email', 'Email is required'],
    [{ username: 'x', email: 'not-an-email', password: 'secret1' }, 'email', 'Invalid email format'],
    [{ username: 'x', email: 'x@example.com', password: '12345' }, 'password', 'Password must be at least 6 characters'],
  ])('register rejects %j with "%s: %s"', async (body, field, message) => {
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses a taken username or email with 409, ignoring case', async () => {
    const a = await post('/api/auth/register', { username: 'LAKSHMI', email: 'other@example.com', password: 'secret1' });
    expect(a.statusCode).toBe(409);
    expect(a.json().message).toBe('Username is already taken');
    const b = await post('/api/auth/register', { username: 'someone', email: 'Lakshmi@Example.com', password: 'secret1' });
    expect(b.statusCode).toBe(409);
    expect(b.json().message).toBe('Email is already registered');
  });

  it('logs in with a new session id each time and reports the role', async () => {
    const first = await post('/api/auth/login', { username: 'lakshmi', password: 'secret1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ role: 'USER', message: 'Login successful' });
    const second = await post('/api/auth/login', { username: 'lakshmi', password: 'secret1' }, { cookie: cookieOf(first) });
    expect(cookieOf(second)).not.toBe(cookieOf(first));
    // Signing in again ends the session it replaced.
    const old = await t.api(API.auth.check, { cookie: cookieOf(first) });
    expect(old.json()).toEqual({ authenticated: false, role: null });
  });

  it('answers login validation and bad credentials with the spec messages', async () => {
    const missing = await post('/api/auth/login', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ username: 'Username is required', password: 'Password is required' });
    const wrong = await post('/api/auth/login', { username: 'lakshmi', password: 'wrong-pass' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid username or password');
    const nobody = await post('/api/auth/login', { username: 'nobody', password: 'whatever' });
    expect(nobody.statusCode).toBe(401);
  });

  it('check-auth is anonymous-friendly; me is 401 when signed out', async () => {
    expect((await t.api(API.auth.check)).json()).toEqual({ authenticated: false, role: null });
    const me = await t.api(API.auth.me);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toHaveProperty('message');
  });

  it('logout destroys the session', async () => {
    const login = await post('/api/auth/login', { username: 'lakshmi', password: 'secret1' });
    const cookie = cookieOf(login);
    const out = await post('/api/auth/logout', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect((await t.api(API.auth.me, { cookie })).statusCode).toBe(401);
  });

  it('refuses state-changing requests from a foreign origin', async () => {
    const res = await post('/api/auth/login', { username: 'lakshmi', password: 'secret1' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    const ok = await post('/api/auth/login', { username: 'lakshmi', password: 'secret1' }, { origin: 'http://localhost:3000' });
    expect(ok.statusCode).toBe(200);
  });

  it('rate limits login attempts per client address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push(
        (await post('/api/auth/login', { username: 'x', password: 'y' }, { 'x-forwarded-for': '203.0.113.9' })).statusCode,
      );
    }
    expect(codes).toContain(429);
  });

  it('ignores X-Forwarded-For from a client outside trusted networks, so rotating it does not dodge the limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'x', password: 'y' },
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toContain(429);
  });

  it('answers unknown API paths with JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
