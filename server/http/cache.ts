// HTTP caching: CDN-friendly headers and ETags for public answers, and the render cache of
// public pages (a bounded LRU dropped by the tags of each content change), each page kept as its
// own part cut at the slots of the shared parts (app/lib/shared-parts.tsx).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createTaggedCache } from '../db/memo.ts';
import { tagAnswer, tagsOfAnswer } from '../cdn/tags.ts';

/** Public API answers: a CDN may keep them a minute and serve a stale copy while refetching. */
export const PUBLIC_API_CACHE = 'public, max-age=60, stale-while-revalidate=300';
/** Anonymous pages: the same HTML for everyone (sign-in state is filled in by the browser). */
export const PUBLIC_PAGE_CACHE = 'public, max-age=60, stale-while-revalidate=600';
/** Feeds and sitemaps are fetched by crawlers; five minutes is fresh enough. */
export const PUBLIC_FEED_CACHE = 'public, max-age=300, stale-while-revalidate=600';
export const PRIVATE_CACHE = 'private, no-store';
/**
 * A shared page sent to someone signed in: the same bytes, but their browser asks again each time
 * (a cheap 304 by ETag), so an editor who has just changed the site never sees their own stale copy.
 */
export const SIGNED_IN_PAGE_CACHE = 'private, no-cache';

/** An entity tag from the exact (uncompressed) text of an answer. */
export const etagOf = (body: string | Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

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
 * Sends a public answer with cache headers, cache tags for caches in front (server/cdn/: those
 * given, else those its handler recorded with cacheTags, else any change) and an ETag; a matching
 * If-None-Match gets 304.
 * The body is serialised here (not in an onSend hook) because compression runs first there.
 */
export function sendPublic(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  /** `etag`: the body's own, when the caller keeps it with a body it sends again and again. */
  opts: { contentType?: string; cacheControl?: string; tags?: readonly string[]; etag?: string } = {},
) {
  // Through the route's response schema when it has one (the same checks as any other answer).
  const text = typeof body === 'string' ? body : String(reply.serialize(body));
  // Weak: the compression plugin may send it gzip- or brotli-encoded, which a strong ETag would not allow.
  const etag = opts.etag ?? `W/${etagOf(text)}`;
  reply.header('cache-control', opts.cacheControl ?? PUBLIC_API_CACHE).header('etag', etag);
  tagAnswer(reply, opts.tags ?? tagsOfAnswer(reply));
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
  /** The page's own part, when it has slots for the shared parts: `body` is it joined with them. */
  own?: OwnPart;
  /** Which shared parts `body` (and so `etag` and `encoded`) holds. */
  fragment?: string;
  /** What the page shows (its loaders' cache tags): sent to caches in front (server/cdn/). */
  tags?: string[];
  /** The page with ESI includes in its slots, for a cache in front that fills them (server/cdn/esi.ts). */
  esi?: CachedPage;
};

/** A page cut at its slots: `segments[i]` comes before slot `slots[i]`, the last segment ends the page. */
export type OwnPart = { segments: Buffer[]; slots: string[] };

const SLOT_OPEN = Buffer.from('<template data-slot="');
const SLOT_CLOSE = '"></template>';

/**
 * Cuts a page at its slot marks (`<template data-slot="name">` … `<template data-slot="/name">`,
 * app/lib/shared-parts.tsx), leaving the marks in the segments and the content between them out.
 * Page text cannot forge a mark: React escapes `<` in text and attributes.
 */
export function cutAtSlots(body: Buffer): OwnPart {
  const segments: Buffer[] = [];
  const slots: string[] = [];
  let from = 0;
  let at = body.indexOf(SLOT_OPEN);
  while (at !== -1) {
    const nameEnd = body.indexOf('"', at + SLOT_OPEN.length);
    const name = body.toString('utf8', at + SLOT_OPEN.length, nameEnd);
    const open = Buffer.from(`<template data-slot="${name}${SLOT_CLOSE}`);
    const end = Buffer.from(`<template data-slot="/${name}${SLOT_CLOSE}`);
    const wellFormed = nameEnd !== -1 && !name.startsWith('/') && body.subarray(at, at + open.length).equals(open);
    const close = wellFormed ? body.indexOf(end, at + open.length) : -1;
    if (close === -1) {
      at = body.indexOf(SLOT_OPEN, at + SLOT_OPEN.length);
      continue;
    }
    segments.push(body.subarray(from, at + open.length));
    slots.push(name);
    from = close;
    at = body.indexOf(SLOT_OPEN, close + end.length);
  }
  segments.push(body.subarray(from));
  return { segments, slots };
}

/**
 * The page again, each slot filled with `fill(slot)`, and its own part as views into the new page
 * (so the page's bytes are held once, whatever the number of joins).
 */
export function joinSlots(own: OwnPart, fill: (slot: string) => Buffer): { body: Buffer; own: OwnPart } {
  const fills = own.slots.map(fill);
  const body = Buffer.concat(own.segments.flatMap((segment, i) => (i < fills.length ? [segment, fills[i]] : [segment])));
  const segments: Buffer[] = [];
  let at = 0;
  own.segments.forEach((segment, i) => {
    segments.push(body.subarray(at, at + segment.length));
    at += segment.length + (fills[i]?.length ?? 0);
  });
  return { body, own: { segments, slots: own.slots } };
}

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

export function newCachedPage(status: number, headers: [string, string][], body: string | Buffer): CachedPage {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return { status, headers, body: bytes, etag: `W/${etagOf(bytes)}` };
}

/**
 * Rendered pages keyed by path (and the query parameters the page reads), least recently used
 * first out, bounded in bytes, dropped by the tags of a change (server/db/memo.ts).
 */
export function createRenderCache({
  version,
  maxBytes = 64 * 1024 * 1024,
  maxBodyBytes = 2_000_000,
}: {
  version: () => number;
  maxBytes?: number;
  maxBodyBytes?: number;
}) {
  return createTaggedCache<CachedPage>({
    version,
    maxBytes,
    // The body plus room for its brotli and gzip copies (made on demand, each ~1/6 of Telugu HTML).
    // The own part is views into the body, not a copy.
    sizeOf: (page) => Math.ceil(page.body.length * 1.35) + 512,
    admits: (page) => page.body.length <= maxBodyBytes,
  });
}
export type RenderCache = ReturnType<typeof createRenderCache>;
