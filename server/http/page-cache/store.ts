// The store of rendered pages: the tagged LRU sized for pages (their compressed copies counted).
import { createTaggedCache } from './tagged-cache.ts';
import type { CachedPage } from './page.ts';

/**
 * Rendered pages keyed by path (and the query parameters the page reads), least recently used
 * first out, bounded in bytes, dropped by the tags of a change (./tagged-cache.ts).
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
    // The body plus room for its brotli and gzip copies (made on demand, each much smaller than the
    // Telugu HTML it encodes: docs/performance.md). The own part is views into the body, not a copy.
    sizeOf: (page) => Math.ceil(page.body.length * 1.35) + 512,
    admits: (page) => page.body.length <= maxBodyBytes,
  });
}
export type RenderCache = ReturnType<typeof createRenderCache>;
