// Site-wide reading data (navigation, ads, headlines, the home page's lists, an article page's
// related and latest lists) kept in memory until the next content change: loaded once per change
// instead of once per page, and every instance drops it on the same change feed that drops cached
// pages (docs/performance.md). This is data, not HTML: every page is still rendered. Values dropped
// by what a change names (rendered pages, articles read by id) live in a tagged store instead
// (server/http/page-cache/tagged-cache.ts).
import type { ChangeFeed } from './changes.ts';

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
