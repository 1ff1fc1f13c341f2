import { describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp } from '../test/app.ts';

const t = useTestApp();

describe(`HTTP hardening (${TEST_DB})`, () => {
  it('sends security headers: CSP allowing only YouTube frames, nosniff, referrer policy, frame-ancestors', async () => {
    const res = await t.app.inject({ url: '/api/auth/check-auth' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://www.youtube.com');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves media immutable, without document-only policies', async () => {
    await t.services.storage.put('abc123-320.webp', Buffer.from('RIFF0000WEBPVP8 '));
    const res = await t.app.inject({ url: '/media/abc123-320.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('marks API answers private unless a route says otherwise', async () => {
    const res = await t.app.inject({ url: '/api/auth/check-auth' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  it('refuses a write whose Referer is foreign when Origin is absent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { referer: 'https://evil.example/page' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-origin request refused' });
  });

  it('never leaks internals on malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
