// The pure helpers behind dates, share images, video embeds and page meta.
import { describe, expect, it } from 'vitest';
import { absoluteUrl, formatDate, shareImage, youtubeEmbedUrl } from './format.ts';
import { coverForSharing, newsArticleJsonLd, pageMeta } from './meta.ts';
import { listPages, loadedMore, toListArticle, toListArticles } from './paging.ts';
import type { Article } from '../../../contract/articles.ts';

const image = {
  url: '/media/abc-1280.webp',
  width: 1600,
  height: 900,
  srcset: '/media/abc-320.webp 320w, /media/abc-640.webp 640w, /media/abc-960.webp 960w, /media/abc-1280.webp 1280w',
  shareUrl: '/media/abc-share.jpg',
};

const article: Article = {
  id: 7,
  title: 'విజయవాడలో <b>వరదలు</b>',
  author: 'రవి',
  content: '<p>వార్త</p>',
  youtubeVideoId: null,
  region: 'విజయవాడ',
  categories: [{ id: 3, name: 'ఆంధ్రప్రదేశ్' }],
  imageUrls: [image.url],
  images: [image],
  shortDescription: 'నగరంలో వరదలు',
  publicationDate: '2026-03-04T20:00:00.000Z',
  reporterName: 'ravi',
  approvalStatus: 'APPROVED',
};

describe('formatDate', () => {
  it('writes dd/mm/yyyy in India time', () => {
    // 20:00 UTC on 4 March is 01:30 on 5 March in Kolkata.
    expect(formatDate('2026-03-04T20:00:00.000Z')).toBe('05/03/2026');
    expect(formatDate('2026-12-31T10:00:00.000Z')).toBe('31/12/2026');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('absoluteUrl', () => {
  it('joins PUBLIC_URL and a path, keeping absolute URLs', () => {
    expect(absoluteUrl('https://news.example', '/article/1')).toBe('https://news.example/article/1');
    expect(absoluteUrl('https://news.example/', 'media/a.webp')).toBe('https://news.example/media/a.webp');
    expect(absoluteUrl('https://news.example', 'https://cdn.example/a.webp')).toBe('https://cdn.example/a.webp');
  });
});

describe('shareImage', () => {
  it('is the JPEG made for link previews, at most 1200 px wide, its height in proportion', () => {
    expect(shareImage(image)).toEqual({ url: '/media/abc-share.jpg', width: 1200, height: 675 });
    expect(shareImage({ ...image, width: 800, height: 400 })).toEqual({ url: '/media/abc-share.jpg', width: 800, height: 400 });
  });
});

describe('youtubeEmbedUrl', () => {
  it('embeds only an 11-character id of letters, digits, _ and -', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(youtubeEmbedUrl('a_b-c_d-e_f')).toBe('https://www.youtube-nocookie.com/embed/a_b-c_d-e_f');
    for (const bad of [null, undefined, '', 'short', 'dQw4w9WgXcQQ', 'dQw4w9WgXc"', '../../evil1'])
      expect(youtubeEmbedUrl(bad)).toBeNull();
  });
});

describe('page meta', () => {
  it('has title, description, canonical, Open Graph and Twitter tags with an absolute image', () => {
    const tags = pageMeta({
      title: 'శీర్షిక',
      description: 'వివరణ',
      publicUrl: 'https://news.example',
      path: '/article/7',
      type: 'article',
      image: coverForSharing(article),
    });
    expect(tags).toContainEqual({ title: 'శీర్షిక | తెలుగు వార్తలు' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://news.example/article/7' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://news.example/media/abc-share.jpg' });
    expect(tags).toContainEqual({ property: 'og:image:type', content: 'image/jpeg' });
    expect(tags).toContainEqual({ property: 'og:type', content: 'article' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(pageMeta({ title: 'x', description: 'y', publicUrl: 'https://n.example', path: '/' })).toContainEqual({
      name: 'twitter:card',
      content: 'summary',
    });
  });
  it('describes an article as a schema.org NewsArticle', () => {
    const ld = newsArticleJsonLd(article, 'https://news.example', '/article/7', 'నగరంలో వరదలు');
    expect(ld).toMatchObject({
      '@type': 'NewsArticle',
      url: 'https://news.example/article/7',
      image: ['https://news.example/media/abc-share.jpg'],
      datePublished: article.publicationDate,
      author: [{ '@type': 'Person', name: 'రవి' }],
      articleSection: ['ఆంధ్రప్రదేశ్'],
    });
  });
});

describe('paging', () => {
  it('turns ?page=N into the number of pages to render, bounded', () => {
    expect(listPages(null)).toBe(1);
    expect(listPages('0')).toBe(1);
    expect(listPages('2')).toBe(3);
    expect(listPages('999')).toBe(20);
    expect(listPages('-1')).toBe(1);
    expect(listPages('abc')).toBe(1);
  });
  it('tells a load-more (more pages of the same list) from any other navigation', () => {
    const at = (path: string) => new URL(path, 'http://site');
    const more = (from: string, to: string, formMethod?: string) =>
      loadedMore({ currentUrl: at(from), nextUrl: at(to), formMethod });
    expect(more('/search?query=a', '/search?query=a&page=1')).toBe(true);
    expect(more('/search?page=1&query=a', '/search?query=a&page=3')).toBe(true);
    expect(more('/search?query=a&page=2', '/search?query=a')).toBe(false);
    expect(more('/search?query=a', '/search?query=b&page=1')).toBe(false);
    expect(more('/public/articles/category/1', '/public/articles/category/2?page=1')).toBe(false);
    expect(more('/search?query=a', '/search?query=a&page=1', 'POST')).toBe(false);
  });
  it('keeps only what a list card draws', () => {
    const card = toListArticle(article);
    expect(Object.keys(card).sort()).toEqual(['categories', 'id', 'images', 'publicationDate', 'shortDescription', 'title']);
  });

  it('cuts a kept list to its cards once', () => {
    const list = [article, { ...article, id: article.id + 1 }];
    const cards = toListArticles(list);
    expect(cards).toEqual(list.map(toListArticle));
    expect(toListArticles(list)).toBe(cards);
    expect(toListArticles([...list])).not.toBe(cards);
  });
});
