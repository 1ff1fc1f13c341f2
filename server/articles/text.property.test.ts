// The server's text derivations over arbitrary input: never a throw, never markup left behind.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileText, HOSTILE_SAMPLES } from '../test/hostile.ts';
import { PREVIEW_LENGTH } from '../../contract/articles.ts';
import { searchTextFor, shortDescriptionFor } from './text.ts';
import { sanitizeArticleHtml } from './sanitize.ts';
import { xml } from '../seo/service.ts';
import { formatDate, youtubeEmbedUrl } from '../../app/components/public/format.ts';

describe('server text helpers never throw', () => {
  it.each(HOSTILE_SAMPLES)('%j', (sample) => {
    expect(shortDescriptionFor(sample).length).toBeLessThanOrEqual(PREVIEW_LENGTH);
    expect(typeof searchTextFor(sample, sample)).toBe('string');
    expect(sanitizeArticleHtml(sample)).not.toMatch(/<script/i);
    expect(xml(sample)).not.toMatch(/[<>]/);
  });

  it('over arbitrary strings', () => {
    fc.assert(
      fc.property(hostileText(), (text) => {
        expect(shortDescriptionFor(text).length).toBeLessThanOrEqual(PREVIEW_LENGTH);
        expect(typeof searchTextFor(text, text)).toBe('string');
        expect(sanitizeArticleHtml(text)).not.toMatch(/<script/i);
        const escaped = xml(text);
        expect(escaped).not.toMatch(/[<>]/);
        // XML 1.0 cannot carry a lone surrogate: a feed with one is refused by every reader.
        expect(escaped.isWellFormed()).toBe(true);
        expect(typeof formatDate(text)).toBe('string');
        expect(youtubeEmbedUrl(text)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});
