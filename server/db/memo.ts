// Site-wide reading data (navigation, ads, headlines, the home page's lists, an article page's
// related and latest lists) kept in memory until the next content change: loaded once per change
// instead of once per page, and every instance drops it on the same change feed that drops cached
// pages (docs/performance.md). This is data, not HTML: every page is still rendered. The tagged
// store below keeps both kinds: rendered pages (the page cache) and articles read by id.
import type { ChangeFeed, ContentChange } from './changes.ts';

/**
 * `load()` once per content version. Concurrent callers share one load; a failed load is not
 * kept. A load that started before a change is never served after it (the version has moved).
 * Callers must not mutate what they get: everyone gets the same objects.
 */
export function untilChange<T>(changes: Pick<ChangeFeed, 'version'>, load: () => Promise<T>): () => Promise<T> {
  const byKey = untilChangeBy(changes, load, 1);
  return () => byKey(undefined);
}

/** The same per key (a category id...), at most `maxKeys` keys held at once. */
export function untilChangeBy<K, T>(
  changes: Pick<ChangeFeed, 'version'>,
  load: (key: K) => Promise<T>,
  maxKeys = 1000,
): (key: K) => Promise<T> {
  let version = changes.version;
  const held = new Map<K, Promise<T>>();
  return (key: K) => {
    if (version !== changes.version) {
      held.clear();
      version = changes.version;
    }
    const found = held.get(key);
    if (found) return found;
    if (held.size >= maxKeys) held.delete(held.keys().next().value as K);
    const value = load(key);
    held.set(key, value);
    value.catch(() => {
      if (held.get(key) === value) held.delete(key);
    });
    return value;
  };
}

/** The tag of a value that any change, targeted or not, drops (a page that names nothing it shows). */
export const ANY_CHANGE = 'any-change';

/** Tags naming what a cached value shows, so that a change drops only the values it can affect. */
export function tagsOfChange(change: ContentChange): Set<string> {
  return new Set([
    ANY_CHANGE,
    'home',
    'search',
    // District pages: any story may have joined or left a district.
    'districts',
    ...change.articles.map((id) => `article:${id}`),
    ...change.categories.map((id) => `category:${id}`),
  ]);
}

/**
 * Least-recently-used store bounded in bytes (as `sizeOf` estimates them). Each entry carries tags
 * (`home`, `search`, `article:<id>`, `category:<id>`): a targeted change drops the entries it names;
 * an untargeted one (navigation, ads, categories...) drops all. A value loaded before any change is
 * never stored after it. Used for rendered pages (server/http/cache.ts) and for articles read by
 * id (server/articles/article-page.ts).
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
