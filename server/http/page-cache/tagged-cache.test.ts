// The tagged store on its own: dropped by what a change names, never holding a value loaded before a change.
import { describe, expect, it } from 'vitest';
import { tag } from '../../../contract/cache-tags.ts';
import { createTaggedCache } from './tagged-cache.ts';

describe('tagged cache', () => {
  const make = (version = () => 0) => createTaggedCache<string>({ version, maxBytes: 100, sizeOf: (v) => v.length });

  it('drops the values a targeted change names and keeps the others; an untargeted change drops all', () => {
    const cache = make();
    cache.set('a', 'one', 0, [tag.article(1)]);
    cache.set('b', 'two', 0, [tag.article(2), tag.category(9)]);
    cache.set('c', 'three', 0, [tag.about]);
    cache.invalidate({ articles: [1], categories: [] });
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
    cache.invalidate({ articles: [], categories: [9] });
    expect(cache.has('b')).toBe(false);
    cache.invalidate(undefined);
    expect(cache.size).toBe(0);
  });

  it('counts hits and misses, and refuses a value loaded at an older version or not admitted', () => {
    let version = 1;
    const cache = createTaggedCache<string>({
      version: () => version,
      maxBytes: 100,
      sizeOf: (v) => v.length,
      admits: (v) => v !== 'no',
    });
    version = 2;
    cache.set('old', 'x', 1);
    cache.set('refused', 'no', 2);
    cache.set('new', 'y', 2);
    expect([cache.get('old'), cache.get('refused'), cache.get('new')]).toEqual([undefined, undefined, 'y']);
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });
});
