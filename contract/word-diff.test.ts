import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { htmlToText, segmentWords, wordDiff } from './word-diff.ts';

describe('word diff', () => {
  it('keeps Telugu words whole and marks only the changed word', () => {
    const parts = wordDiff('హైదరాబాద్‌లో భారీ వర్షం కురిసింది', 'హైదరాబాద్‌లో తేలికపాటి వర్షం కురిసింది');
    expect(parts).toEqual([
      { kind: 'same', text: 'హైదరాబాద్‌లో ' },
      { kind: 'removed', text: 'భారీ' },
      { kind: 'added', text: 'తేలికపాటి' },
      { kind: 'same', text: ' వర్షం కురిసింది' },
    ]);
  });

  it('never splits a grapheme cluster: every segment boundary is a grapheme boundary', () => {
    const graphemes = new Intl.Segmenter('te', { granularity: 'grapheme' });
    const text = 'క్ష్మి శ్రీ ద్వారా స్త్రీ, అన్న‌గారు!';
    const boundaries = new Set(Array.from(graphemes.segment(text), (g) => g.index));
    let at = 0;
    for (const word of segmentWords(text)) {
      expect(boundaries.has(at)).toBe(true);
      at += word.length;
    }
  });

  it('gives back both texts from its parts, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const parts = wordDiff(a, b);
        const before = parts
          .filter((p) => p.kind !== 'added')
          .map((p) => p.text)
          .join('');
        const after = parts
          .filter((p) => p.kind !== 'removed')
          .map((p) => p.text)
          .join('');
        expect(before).toBe(a);
        expect(after).toBe(b);
      }),
    );
  });

  it('reads article HTML as text', () => {
    expect(htmlToText('<p>ఒకటి &amp; <strong>రెండు</strong></p><p>మూడు<br>నాలుగు</p>')).toBe('ఒకటి & రెండు\nమూడు\nనాలుగు');
  });
});
