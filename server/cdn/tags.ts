// Cache tags for caches in front of the product (Varnish, Fastly, Cloudflare): the same tags the
// page cache drops by (contract/cache-tags.ts), sent as `Surrogate-Key` (Varnish xkey, Fastly;
// space-separated) and `Cache-Tag` (Cloudflare; comma-separated).
import type { FastifyReply } from 'fastify';
import { tag } from '../../contract/cache-tags.ts';

/** The vocabulary itself, for the API's handlers beside `cacheTags`. */
export { tag, tagsOfArticle } from '../../contract/cache-tags.ts';

/** Public answers that name nothing narrower (feeds, sitemaps, API answers that do not say) go on any change. */
export const DEFAULT_TAGS: readonly string[] = [tag.any];

const shown = new WeakMap<FastifyReply, string[]>();
/**
 * Records what a public API answer shows (`tag.article(id)`, `tag.home`...), as a page's loader
 * does with its cacheTags (app/lib/cache-policy.ts): caches in front keep the answer across changes
 * that name none of them. A name only a site-wide change changes (`tag.ads`, `tag.navigation`)
 * goes with that change.
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
  const all = [...new Set([...tags, tag.site])];
  reply.header('surrogate-key', all.join(' ')).header('cache-tag', all.join(','));
}
