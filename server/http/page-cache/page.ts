// A stored page: the rendered bytes (UTF-8, encoded once), its compressed copies made on first
// demand, and its own part cut at the slots of the shared parts (app/lib/shared-parts.tsx), so the
// current shared parts or a cache in front's ESI includes can be joined in without rendering again.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { etagOf } from '../cache.ts';
import { esiInclude } from '../../cdn/esi.ts';

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

/** The shared parts a page is joined with: their identity and each slot's HTML. */
export type SlotFill = { id: string; fill: (slot: string) => Buffer };

/** Beside each stored page, its copy joined with the latest other shared parts than its own. */
const joinedCopies = new WeakMap<CachedPage, CachedPage>();

/**
 * The stored page with the given shared parts in its slots. The stored page itself never changes
 * (another request may be sending it); the copy joined with other parts is made once per page and
 * set of parts and kept beside it, so every later hit with the same parts is sent as it is,
 * compressed copies included. The copy goes with its page (weakly held: evicted, both are dropped).
 */
export function withSharedParts(page: CachedPage, parts: SlotFill): CachedPage {
  if (!page.own || page.fragment === parts.id) return page;
  const kept = joinedCopies.get(page);
  if (kept?.fragment === parts.id) return kept;
  const joined = newCachedPage(page.status, page.headers, joinSlots(page.own, parts.fill).body);
  joined.fragment = parts.id;
  joined.tags = page.tags;
  joinedCopies.set(page, joined);
  return joined;
}

/** The page with ESI includes in its slots (server/cdn/esi.ts), made once per stored page. */
export function withIncludes(page: CachedPage): CachedPage {
  if (!page.own || page.own.slots.length === 0) return page;
  if (!page.esi) {
    page.esi = newCachedPage(page.status, page.headers, joinSlots(page.own, esiInclude).body);
    page.esi.tags = page.tags;
  }
  return page.esi;
}
