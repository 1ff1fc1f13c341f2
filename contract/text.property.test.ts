// No text helper may throw on any input: one crafted title reaches every page that lists it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseForSearch, stripTags, truncateGraphemes } from './text.ts';
import { highlightParts, searchWords } from './highlight.ts';
import { filterEditorStyle } from './article-form.ts';
import { hostileText, HOSTILE_SAMPLES } from '../server/test/hostile.ts';

const runs = { numRuns: 400 };

describe('text helpers never throw', () => {
  it.each(HOSTILE_SAMPLES)('stripTags(%j) gives text', (sample) => {
    expect(typeof stripTags(sample)).toBe('string');
  });

  it('decodes numeric references the way the HTML parser does', () => {
    expect(stripTags('a&#1114112;b')).toBe('a\ufffdb');
    expect(stripTags('&#xD800;&#0;')).toBe('\ufffd\ufffd');
    expect(stripTags('&#3108;&#x0C24;')).toBe('తత');
  });

  it('stripTags, normaliseForSearch, truncateGraphemes over arbitrary strings', () => {
    fc.assert(
      fc.property(hostileText(), fc.integer({ min: -5, max: 300 }), (text, max) => {
        const plain = stripTags(text);
        expect(typeof normaliseForSearch(text)).toBe('string');
        expect(typeof truncateGraphemes(plain, max)).toBe('string');
      }),
      runs,
    );
  });

  it('highlightParts gives back the text exactly, whatever the text and query', () => {
    fc.assert(
      fc.property(hostileText(), hostileText(), (text, query) => {
        expect(
          highlightParts(text, query)
            .map((p) => p.text)
            .join(''),
        ).toBe(text);
        expect(Array.isArray(searchWords(query))).toBe(true);
      }),
      runs,
    );
  });

  it('filterEditorStyle over arbitrary style attributes', () => {
    fc.assert(
      fc.property(hostileText(), (style) => {
        expect(typeof filterEditorStyle(style)).toBe('string');
      }),
      runs,
    );
  });
});
