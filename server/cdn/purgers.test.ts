// The purgers against a local stand-in of each API that records what it receives: the requests
// must be what Fastly's, Cloudflare's and Varnish's purge interfaces take (method, path, headers,
// body), and a refusal must be a failure the service retries, then counts.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCloudflarePurger, createFastlyPurger, createVarnishPurger, type Purger } from './purgers.ts';
import { createCdnService } from './service.ts';
import { createChangeFeed } from '../db/changes.ts';
import type { Database } from '../db/client.ts';

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

describe('CDN purgers', () => {
  let server: Server;
  let base: string;
  const received: Recorded[] = [];
  /** What the stand-in answers next (status and body), then 200 with `{"success": true}`. */
  let answers: { status: number; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
        const answer = answers.shift() ?? { status: 200, body: '{"success":true,"errors":[],"messages":[],"result":{"id":"x"}}' };
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received.length = 0;
    answers = [];
  });

  it('Fastly: POST /service/{id}/purge with Fastly-Key and {"surrogate_keys": [...]}, 256 keys a request', async () => {
    const purger = createFastlyPurger({ token: 'fastly-token', serviceId: 'SU1Z0isxPaozGVKXdv0eY', apiUrl: base });
    await purger.purge(['article:42', 'category:7', 'home']);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/service/SU1Z0isxPaozGVKXdv0eY/purge');
    expect(request.headers['fastly-key']).toBe('fastly-token');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.accept).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ surrogate_keys: ['article:42', 'category:7', 'home'] });

    received.length = 0;
    await purger.purge(Array.from({ length: 300 }, (_, i) => `article:${i}`));
    expect(received.map((r) => (JSON.parse(r.body) as { surrogate_keys: string[] }).surrogate_keys.length)).toEqual([256, 44]);
  });

  it('Cloudflare: POST /zones/{id}/purge_cache with a bearer token and {"tags": [...]}, 30 tags a request', async () => {
    const purger = createCloudflarePurger({ token: 'cf-token', zoneId: '023e105f4ecef8ad9ca31a8372d0c353', apiUrl: base });
    await purger.purge(['article:42', 'shared']);
    const [request] = received;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache');
    expect(request.headers.authorization).toBe('Bearer cf-token');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ tags: ['article:42', 'shared'] });

    received.length = 0;
    await purger.purge(Array.from({ length: 31 }, (_, i) => `article:${i}`));
    expect(received.map((r) => (JSON.parse(r.body) as { tags: string[] }).tags.length)).toEqual([30, 1]);

    // A 200 whose body says it was not done is a failure.
    answers = [{ status: 200, body: '{"success":false,"errors":[{"code":1134,"message":"not entitled"}]}' }];
    await expect(purger.purge(['home'])).rejects.toThrow(/not accepted/);
  });

  it('Varnish: PURGE / with the tags in an xkey header', async () => {
    const purger = createVarnishPurger(`${base}/`);
    expect(purger.name).toBe(`varnish ${new URL(base).host}`);
    await purger.purge(['article:42', 'home']);
    expect(received).toEqual([expect.objectContaining({ method: 'PURGE', url: '/', body: '' })]);
    expect(received[0].headers.xkey).toBe('article:42 home');
    answers = [{ status: 403, body: 'Forbidden' }];
    await expect(purger.purge(['home'])).rejects.toThrow(/403/);
  });

  it('a write names its tags to every purger in the background, retries a failure, counts one that keeps failing', async () => {
    const database = { notify: async () => {}, db: { transaction: async (work: (tx: unknown) => unknown) => work({}) } };
    const changes = createChangeFeed(database as unknown as Database);
    const errors: string[] = [];
    let release: () => void = () => {};
    const slow: Purger = { name: 'slow', purge: () => new Promise<void>((resolve) => (release = resolve)) };
    const cdn = createCdnService({
      purgers: [createFastlyPurger({ token: 't', serviceId: 's', apiUrl: base }), slow],
      changes,
      log: { error: (message) => errors.push(message) },
      retryDelaysMs: [10, 10],
      againAfterMs: 0,
    });
    try {
      // The write returns while a purge is still under way.
      await changes.write(async (_tx, notice) => notice({ kind: 'articles', articles: [5], categories: [2] }));
      expect(cdn.counts.get('slow')).toEqual({ ok: 0, failed: 0 });
      release();
      await cdn.idle();
      expect(JSON.parse(received[0].body)).toEqual({
        surrogate_keys: ['any-change', 'home', 'search', 'districts', 'any-article', 'article:5', 'category:2', 'shared'],
      });
      expect(cdn.counts.get('fastly')).toEqual({ ok: 1, failed: 0 });

      // Not targeted: everything (every tagged answer carries `all`).
      received.length = 0;
      await changes.write(async (_tx, notice) => notice({ kind: 'navigation' }));
      release();
      await cdn.idle();
      expect(JSON.parse(received[0].body)).toEqual({ surrogate_keys: ['all'] });

      // Two failures, then done: retried, not counted as failed.
      received.length = 0;
      answers = [
        { status: 503, body: 'busy' },
        { status: 500, body: 'oops' },
      ];
      cdn.purge(['home']);
      release();
      await cdn.idle();
      expect(received).toHaveLength(3);
      expect(cdn.counts.get('fastly')).toEqual({ ok: 3, failed: 0 });

      // Failing on every try: logged and counted once.
      received.length = 0;
      answers = Array.from({ length: 3 }, () => ({ status: 500, body: 'down' }));
      cdn.purge(['article:9']);
      release();
      await cdn.idle();
      expect(received).toHaveLength(3);
      expect(cdn.counts.get('fastly')).toEqual({ ok: 3, failed: 1 });
      expect(errors).toEqual([expect.stringMatching(/CDN purge failed \(fastly\) for tags article:9/)]);
    } finally {
      cdn.stop();
    }
  });
});
