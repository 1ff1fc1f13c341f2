// HTTP caching: CDN-friendly headers and ETags for public answers, and the render cache of
// anonymous pages (a bounded LRU that empties itself whenever public content changes).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Public API answers: a CDN may keep them a minute and serve a stale copy while refetching. */
export const PUBLIC_API_CACHE = 'public, max-age=60, stale-while-revalidate=300';
/** Anonymous pages: the same HTML for everyone (sign-in state is filled in by the browser). */
export const PUBLIC_PAGE_CACHE = 'public, max-age=60, stale-while-revalidate=600';
/** Feeds and sitemaps are fetched by crawlers; five minutes is fresh enough. */
export const PUBLIC_FEED_CACHE = 'public, max-age=300, stale-while-revalidate=600';
export const PRIVATE_CACHE = 'private, no-store';

/** An entity tag from the exact (uncompressed) text of an answer. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** If-None-Match against our ETag, compared weakly (as RFC 9110 asks for GET). */
export function notModified(request: FastifyRequest, etag: string) {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const ours = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === ours || t === '*');
}

/**
 * Sends a public answer with cache headers and an ETag; a matching If-None-Match gets 304.
 * The body is serialised here (not in an onSend hook) because compression runs first there.
 */
export function sendPublic(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  opts: { contentType?: string; cacheControl?: string } = {},
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  // Weak: the compression plugin may send it gzip- or brotli-encoded, which a strong ETag would not allow.
  const etag = `W/${etagOf(text)}`;
  reply.header('cache-control', opts.cacheControl ?? PUBLIC_API_CACHE).header('etag', etag);
  if (notModified(request, etag)) return reply.status(304).send();
  return reply.type(opts.contentType ?? 'application/json; charset=utf-8').send(text);
}

export type CachedPage = {
  status: number;
  headers: [string, string][];
  /** UTF-8 bytes, encoded once: re-encoding a Telugu page per request was the largest cost of a hit. */
  body: Buffer;
  /** Weak: the same page is sent identity-, gzip- or brotli-encoded. */
  etag: string;
  /** Compressed copies, made on first demand: a cached page is compressed once, not per request. */
  encoded?: Partial<Record<Encoding, Buffer>>;
};

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (brotli, then gzip), honouring q=0. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set(
    acceptEncoding.split(',').flatMap((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q && Number(q.slice(2)) === 0 ? [] : [name.trim()];
    }),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

export function encodedBody(page: CachedPage, encoding: Encoding): Buffer {
  page.encoded ??= {};
  page.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(page.body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
        })
      : gzipSync(page.body, { level: 6 });
  return page.encoded[encoding];
}

export function newCachedPage(status: number, headers: [string, string][], body: string): CachedPage {
  return { status, headers, body: Buffer.from(body), etag: `W/${etagOf(body)}` };
}

/**
 * Least-recently-used page store keyed by URL. Every entry belongs to one content version:
 * when the version moves on (any approve, edit, delete, category, navigation, featured, ads or
 * About Us change), the whole store is dropped, so the very next request renders afresh.
 */
export function createRenderCache({
  version,
  maxEntries = 500,
  maxBodyBytes = 2_000_000,
}: {
  version: () => number;
  maxEntries?: number;
  maxBodyBytes?: number;
}) {
  const entries = new Map<string, CachedPage>();
  let entriesVersion = version();
  const current = () => {
    const v = version();
    if (v !== entriesVersion) {
      entries.clear();
      entriesVersion = v;
    }
    return v;
  };
  return {
    get(key: string): CachedPage | undefined {
      current();
      const hit = entries.get(key);
      if (hit) {
        // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    /** Stores the page only if it was rendered from the content version it started with. */
    set(key: string, page: CachedPage, renderedAtVersion: number) {
      if (current() !== renderedAtVersion || page.body.length > maxBodyBytes) return;
      entries.delete(key);
      entries.set(key, page);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}
export type RenderCache = ReturnType<typeof createRenderCache>;
