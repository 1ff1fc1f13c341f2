// Cache-Control for caches in front: with a purger configured, a tagged public answer may be kept
// long by shared caches (`s-maxage`), since every change purges what it names; browsers keep their
// short `max-age`. Without a purger nothing changes.
import type { FastifyInstance } from 'fastify';
import type { CdnService } from './service.ts';

/** `public, max-age=60, ...` with `s-maxage=<seconds>` after `public`. */
export const withSharedMaxAge = (cacheControl: string, seconds: number) =>
  cacheControl.replace(/^public\b/, `public, s-maxage=${seconds}`);

/**
 * The shortest `max-age` an answer may have and still be kept long at the edge: the minute of the
 * product's public answers. An answer that says it goes stale sooner (a live story's list of
 * updates, polled every few seconds) changes by time, not by a purged change: it keeps its own age.
 */
export const LONG_EDGE_MIN_MAX_AGE = 60;

/** Whether shared caches may keep an answer CDN_MAX_AGE long (a purge drops it when it changes). */
export function keepsLongAtEdge(status: number, cacheControl: unknown): cacheControl is string {
  if (typeof cacheControl !== 'string' || !/^public\b/.test(cacheControl)) return false;
  // Error pages and redirects are not what a purge names: they keep their own short age.
  if (status !== 200 && status !== 304) return false;
  if (/\b(s-maxage|no-cache|no-store|must-revalidate|proxy-revalidate)\b/.test(cacheControl)) return false;
  const maxAge = /\bmax-age=(\d+)/.exec(cacheControl);
  return maxAge !== null && Number(maxAge[1]) >= LONG_EDGE_MIN_MAX_AGE;
}

export function registerCdn(app: FastifyInstance, cdn: CdnService, maxAge: number) {
  app.addHook('onClose', async () => cdn.stop());
  if (!cdn.configured) return;
  app.addHook('onSend', async (_request, reply, payload) => {
    const control = reply.getHeader('cache-control');
    if (reply.hasHeader('surrogate-key') && keepsLongAtEdge(reply.statusCode, control))
      reply.header('cache-control', withSharedMaxAge(control, maxAge));
    return payload;
  });
}
