import { describe, expect, it } from 'vitest';
import { ArticleEditSchema, checkLinkUrl, youtubeIdFrom } from './article-form.ts';

describe('youtubeIdFrom', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  https://youtu.be/dQw4w9WgXcQ?si=abc ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('%s is %s', (input, id) => expect(youtubeIdFrom(input)).toBe(id));

  it('leaves anything else for the id rule to judge', () => {
    for (const input of ['https://vimeo.com/123', 'https://youtu.be/short', 'https://evil.example/youtu.be/dQw4w9WgXcQ', 'abc'])
      expect(youtubeIdFrom(input)).toBe(input);
  });

  it('the edit schema stores the id of a pasted link', () => {
    const parsed = ArticleEditSchema.parse({
      title: 't',
      author: 'a',
      content: '<p>x</p>',
      categoryIds: [1],
      youtubeVideoId: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(parsed.youtubeVideoId).toBe('dQw4w9WgXcQ');
  });
});

describe('checkLinkUrl', () => {
  it('takes web addresses, giving a bare one https://', () => {
    expect(checkLinkUrl('https://example.com/a?b=1')).toEqual({ ok: true, url: 'https://example.com/a?b=1' });
    expect(checkLinkUrl('http://example.com')).toEqual({ ok: true, url: 'http://example.com/' });
    expect(checkLinkUrl(' www.imd.gov.in/warnings ')).toEqual({ ok: true, url: 'https://www.imd.gov.in/warnings' });
    expect(checkLinkUrl('example.com:8080/x')).toEqual({ ok: true, url: 'https://example.com:8080/x' });
  });

  it('refuses every other scheme and what is no address', () => {
    for (const input of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'mailto:a@b.c',
      'ftp://x.org',
      'vbscript:x',
    ])
      expect(checkLinkUrl(input)).toEqual({ ok: false, message: expect.stringMatching(/^Only web links/) });
    for (const input of ['', 'not a link', 'https://', 'localhost'])
      expect(checkLinkUrl(input)).toEqual({ ok: false, message: expect.stringMatching(/^This is not a web address/) });
  });
});
