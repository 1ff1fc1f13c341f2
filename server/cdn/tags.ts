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

/** Public answers that name nothing narrower (feeds, sitemaps, API answers that do not say) go on any change. */
export const DEFAULT_TAGS: readonly string[] = [ANY_CHANGE];

const shown = new WeakMap<FastifyReply, string[]>();
/**
 * Records what a public API answer shows (`article:<id>`, `category:<id>`, `home`, `search`...), as
 * a page's loader does with its cacheTags (app/lib/cache-policy.ts): caches in front keep the
 * answer across changes that name none of them. A name no change carries (`ads`, `navigation`)
 * goes only with a site-wide change.
 */
export function cacheTags(reply: FastifyReply, tags: readonly string[]) {
  const list = shown.get(reply) ?? [];
  list.push(...tags);
  shown.set(reply, list);
}
/** The tags recorded for an answer, or the default. */
export const tagsOfAnswer = (reply: FastifyReply): readonly string[] => shown.get(reply) ?? DEFAULT_TAGS;

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
