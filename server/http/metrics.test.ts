import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../test/app.ts';
import { API } from '../../contract/api.ts';

describe(`GET /metrics (${TEST_DB})`, () => {
  let open: TestApp;
  let guarded: TestApp;
  const token = 'metrics-token-0123456789';
  beforeAll(async () => {
    open = await createTestApp();
    guarded = await createTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  it('serves Prometheus text to loopback: requests by route pattern and status, cache, database, process', async () => {
    expect((await open.api(API.categories.list)).statusCode).toBe(200);
    await open.api(API.publicArticles.one, { params: { id: 999999 } });
    const res = await open.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/categories",status="200"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/categories"/);
    // Database queries are counted and timed.
    expect(Number(/^db_queries_total (\d+)/m.exec(text)?.[1])).toBeGreaterThan(0);
    expect(text).toMatch(/^db_query_seconds_total [\d.e-]+$/m);
    expect(text).toMatch(
      TEST_DB === 'postgres' ? /db_engine\{name="pg_pool_total"\}/ : /db_engine\{name="pglite_wasm_heap_bytes"\} [1-9]/,
    );
    for (const name of [
      'page_cache_hits_total',
      'page_cache_misses_total',
      'page_cache_evictions_total',
      'page_cache_bytes',
      'article_cache_hits_total',
      'article_cache_misses_total',
      'article_cache_bytes',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(text).toMatch(new RegExp(`^${name} `, 'm'));
  });

  it('refuses other addresses without a token', async () => {
    const res = await open.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('http_request');
  });

  // The attack: a TLS proxy on the same host forwards an outside reader's request, so it comes from
  // 127.0.0.1 with the reader in a forwarding header. Without a token that was the whole of /metrics.
  it('refuses a loopback request that came through a proxy without a token', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.7' },
      { forwarded: 'for=203.0.113.7;proto=https' },
      { 'x-real-ip': '203.0.113.7' },
    ]) {
      const res = await open.app.inject({ url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().message).toContain('METRICS_TOKEN');
      expect(res.body).not.toContain('http_request');
    }
  });

  it('with TRUST_PROXY set and no token, refuses /metrics even from loopback without forwarding headers', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      // A proxy that adds no header (a TCP pass-through) still makes every reader 127.0.0.1.
      expect((await proxied.app.inject({ url: '/metrics' })).statusCode).toBe(403);
      const forwarded = await proxied.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(forwarded.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('with METRICS_TOKEN asks everyone, loopback included, for the bearer token', async () => {
    expect((await guarded.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await guarded.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(401);
    const right = await guarded.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('process_resident_memory_bytes');
    // A scraper behind the proxy, with the token.
    const viaProxy = await guarded.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(viaProxy.statusCode).toBe(200);
  });
});
