// Cache tags for caches in front of the product (Varnish, Fastly, Cloudflare): the same tags the
// page cache drops by (app/lib/cache-policy.ts, server/db/memo.ts), sent as `Surrogate-Key`
// (Varnish xkey, Fastly; space-separated) and `Cache-Tag` (Cloudflare; comma-separated).
import type { FastifyReply } from 'fastify';
import type { ContentChange } from '../db/changes.ts';
import { ANY_CHANGE, tagsOfChange } from '../db/memo.ts';

/** The shared parts (ticker, breaking labels, most read): on their fragments, and on pages that hold them inline. */
export const SHARED_TAG = 'shared';
/** On every tagged answer: a change that is not targeted (navigation, ads, breaking...) purges it. */
export const SITE_TAG = 'all';

/** Public answers that name nothing narrower (API answers, feeds, sitemaps) go on any change. */
export const DEFAULT_TAGS: readonly string[] = [ANY_CHANGE];

/** Marks a public answer with its tags (and the site tag) for every kind of cache in front. */
export function tagAnswer(reply: FastifyReply, tags: readonly string[]) {
  const all = [...new Set([...tags, SITE_TAG])];
  reply.header('surrogate-key', all.join(' ')).header('cache-tag', all.join(','));
}

/**
 * What caches in front must drop after a change: the tags it drops in the page cache plus the
 * shared parts (the ticker lists the latest stories); anything may have changed: everything.
 */
export function purgeTagsOf(change: ContentChange | undefined): string[] {
  if (!change) return [SITE_TAG];
  return [...tagsOfChange(change), SHARED_TAG];
}
