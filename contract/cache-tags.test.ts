// The cache-tag vocabulary: every tag a page or answer carries is dropped by name by the change
// that can affect it, or goes with the site-wide purge.
import { describe, expect, it } from 'vitest';
import { purgeTagsOf, tag, tagsOfArticle, tagsOfChange } from './cache-tags.ts';

describe('cache tags', () => {
  const change = { articles: [5], categories: [2] };

  it('an article change drops the article, its categories and every listing any story can move', () => {
    const dropped = tagsOfChange(change);
    for (const t of [tag.any, tag.anyArticle, tag.home, tag.search, tag.districts, tag.article(5), tag.category(2)])
      expect(dropped.has(t), t).toBe(true);
    expect(dropped.has(tag.article(6))).toBe(false);
    expect(dropped.has(tag.category(3))).toBe(false);
  });

  it('names the author and tag listings for what drops them, apart from search pages', () => {
    expect(tag.anyArticle).not.toBe(tag.search);
    expect(tagsOfChange({ articles: [], categories: [] }).has(tag.anyArticle)).toBe(true);
  });

  it('names no reporter: no change says which reporter it concerns (a profile change is site-wide)', () => {
    expect(Object.keys(tag)).not.toContain('author');
    expect([...tagsOfChange(change)].some((t) => t.startsWith('author:'))).toBe(false);
  });

  it('an article page carries the article and each of its categories', () => {
    expect(tagsOfArticle({ id: 7, categories: [{ id: 1 }, { id: 3 }] })).toEqual(['article:7', 'category:1', 'category:3']);
  });

  it('what only a site-wide change changes goes with the site tag every tagged answer carries', () => {
    for (const t of [tag.about, tag.ads, tag.categories, tag.navigation]) expect(tagsOfChange(change).has(t), t).toBe(false);
    expect(purgeTagsOf(undefined)).toEqual([tag.site]);
  });

  it('caches in front drop what the page cache drops, and the shared parts', () => {
    expect(purgeTagsOf(change)).toEqual([...tagsOfChange(change), tag.shared]);
  });
});
