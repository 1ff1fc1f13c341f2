// HTTP caching: CDN-friendly Cache-Control values, ETags and conditional requests for public
// answers. The server's own page cache (rendered pages, the shared parts joined in) is in
// server/http/page-cache/.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
