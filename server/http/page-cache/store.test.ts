// The store of rendered pages: an LRU in bytes, dropped by what a change names.
import { describe, expect, it } from 'vitest';
import { newCachedPage } from './page.ts';
import { createRenderCache } from './store.ts';

describe('render cache (LRU in bytes, dropped by what a change affects)', () => {
  it('keeps the most recently used pages within its byte bound and counts evictions', () => {
    const page = (body: string) => newCachedPage(200, [], body.repeat(1000));
    // Each 1,000-byte page is charged ~1,862 bytes (room for its compressed copies): two fit in 4,000.
    const cache = createRenderCache({ version: () => 0, maxBytes: 4000 });
    cache.set('/a', page('a'), 0);
    cache.set('/b', page('b'), 0);
    expect(cache.get('/a')?.body.toString()).toBe('a'.repeat(1000)); // /a is now the most recent
    cache.set('/c', page('c'), 0);
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
    expect(cache.size).toBe(2);
    expect(cache.evictions).toBe(1);
    expect(cache.bytes).toBeLessThanOrEqual(4000);
  });

  it('drops only the pages a targeted change names; an untargeted change drops all', () => {
    const cache = createRenderCache({ version: () => 0 });
    const put = (key: string, tags: string[]) => cache.set(key, newCachedPage(200, [], key), 0, tags);
    put('/', ['home']);
    put('/search?query=a', ['search']);
    put('/article/1', ['article:1', 'category:10']);
    put('/article/2', ['article:2', 'category:20']);
    put('/article/3', ['article:3', 'category:10']);
    put('/public/articles/category/10', ['category:10']);
    put('/public/articles/category/20', ['category:20']);
    put('/about-us', ['about']);
    cache.invalidate({ articles: [1], categories: [10] });
    expect([...['/article/2', '/public/articles/category/20', '/about-us']].every((k) => cache.has(k))).toBe(true);
    for (const gone of ['/', '/search?query=a', '/article/1', '/article/3', '/public/articles/category/10'])
      expect(cache.has(gone)).toBe(false);
    cache.invalidate(undefined);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('refuses renders that started before any change', () => {
    let version = 1;
    const cache = createRenderCache({ version: () => version });
    version = 2;
    cache.set('/', newCachedPage(200, [], 'stale'), 1);
    expect(cache.get('/')).toBeUndefined();
    cache.set('/', newCachedPage(200, [], 'new'), 2);
    expect(cache.get('/')?.body.toString()).toBe('new');
  });

  it('does not store oversized pages', () => {
    const cache = createRenderCache({ version: () => 0, maxBodyBytes: 10 });
    cache.set('/big', newCachedPage(200, [], 'x'.repeat(11)), 0);
    expect(cache.get('/big')).toBeUndefined();
  });

  it('stores nothing bigger than the whole cache, and pushes nothing out for it', () => {
    const cache = createRenderCache({ version: () => 0, maxBytes: 4000 });
    cache.set('/a', newCachedPage(200, [], 'a'.repeat(1000)), 0);
    cache.set('/huge', newCachedPage(200, [], 'h'.repeat(5000)), 0);
    expect(cache.has('/huge')).toBe(false);
    expect(cache.has('/a')).toBe(true);
    expect(cache.evictions).toBe(0);
  });
});
