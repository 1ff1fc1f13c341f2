// The tagged store of the page cache: values kept until a change that names what they show, and
// bounded in bytes. The page cache keeps rendered pages in it; articles read by id and live-update
// lists use it too, so one change drops all three by the same tags.
import type { ContentChange } from '../../db/changes.ts';
import { tagsOfChange } from '../../../contract/cache-tags.ts';

/**
 * Least-recently-used store bounded in bytes (as `sizeOf` estimates them). Each entry carries tags
 * (contract/cache-tags.ts): a targeted change drops the entries it names; an untargeted one
 * (navigation, ads, categories...) drops all. A value loaded before any change is never stored
 * after it. Used for rendered pages (server/http/page-cache/store.ts), articles read by id
 * (server/articles/article-page.ts) and live-update lists (server/live/service.ts).
 */
export function createTaggedCache<T>({
  version,
  maxBytes,
  sizeOf,
  admits = () => true,
}: {
  version: () => number;
  maxBytes: number;
  sizeOf: (value: T) => number;
  /** Whether a value may be stored at all (a page too big to keep, say). */
  admits?: (value: T) => boolean;
}) {
  const entries = new Map<string, { value: T; tags: string[]; size: number }>();
  let bytes = 0;
  let evictions = 0;
  let hits = 0;
  let misses = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.size;
    entries.delete(key);
  };
  return {
    get(key: string): T | undefined {
      const hit = entries.get(key);
      if (hit) {
        // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
        entries.delete(key);
        entries.set(key, hit);
        hits++;
      } else misses++;
      return hit?.value;
    },
    /** Stores the value only if it was loaded at the content version it started with. */
    set(key: string, value: T, loadedAtVersion: number, tags: string[] = []) {
      const size = sizeOf(value);
      // A value bigger than the whole store would only push everything out, itself included.
      if (version() !== loadedAtVersion || !admits(value) || size > maxBytes) return;
      remove(key);
      entries.set(key, { value, tags, size });
      bytes += size;
      while (bytes > maxBytes && entries.size > 0) {
        remove(entries.keys().next().value as string);
        evictions++;
      }
    },
    /** Drops the entries a change can affect (all of them when the change is not targeted). */
    invalidate(change: ContentChange | undefined) {
      if (!change) return this.clear();
      const dropped = tagsOfChange(change);
      for (const [key, entry] of [...entries]) if (entry.tags.some((t) => dropped.has(t))) remove(key);
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    get evictions() {
      return evictions;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    has(key: string) {
      return entries.has(key);
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
export type TaggedCache<T> = ReturnType<typeof createTaggedCache<T>>;
