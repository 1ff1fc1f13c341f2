import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { buildApp } from '../app.ts';
import { API } from '../../contract/api.ts';

const t = useTestApp();

describe(`HTTP hardening (${TEST_DB})`, () => {
  it('sends security headers: CSP allowing only YouTube frames, nosniff, referrer policy, frame-ancestors', async () => {
    const res = await t.api(API.auth.check);
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

  it('serves the built web app: hashed bundles for a year (compressed copies included), the service worker checked on every visit', async () => {
    const clientDir = await mkdtemp(path.join(os.tmpdir(), 'news-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    const bundle = 'console.log("నమస్తే");'.repeat(50);
    await writeFile(path.join(clientDir, 'assets/entry-AbC123.js'), bundle);
    await writeFile(path.join(clientDir, 'assets/entry-AbC123.js.br'), brotliCompressSync(bundle));
    await writeFile(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(clientDir, 'manifest.webmanifest'), '{"name":"తెలుగు వార్తలు"}');
    const app = await buildApp({ services: t.services, clientDir });
    try {
      const plain = await app.inject({ url: '/assets/entry-AbC123.js' });
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toBe(bundle);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const brotli = await app.inject({ url: '/assets/entry-AbC123.js', headers: { 'accept-encoding': 'br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.rawPayload.length).toBeLessThan(bundle.length);
      expect((await app.inject({ url: '/assets/entry-Gone99.js' })).statusCode).toBe(404);
      const worker = await app.inject({ url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['cache-control']).toBe('no-cache');
      const manifest = await app.inject({ url: '/manifest.webmanifest' });
      expect(manifest.headers['cache-control']).toBe('public, max-age=86400');
    } finally {
      await app.close();
    }
  });

  it('marks API answers private unless a route says otherwise', async () => {
    const res = await t.api(API.auth.check);
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
