import { describe, expect, it } from 'vitest';
import { normaliseForSearch, stripTags, truncateGraphemes } from './text.ts';

describe('text helpers', () => {
  it('normalises NFC, drops ZWNJ/ZWJ, lower-cases', () => {
    const decomposed = 'Cafe\u0301';
    expect(normaliseForSearch(decomposed)).toBe('café');
    expect(normaliseForSearch('రాష్\u200cట్రం')).toBe(normaliseForSearch('రాష్ట్రం'));
    expect(normaliseForSearch('  Hyderabad   NEWS ')).toBe('hyderabad news');
  });

  it('strips tags and decodes entities', () => {
    expect(stripTags('<p>హైదరాబాద్ &amp; <b>విజయవాడ</b></p><script>alert(1)</script>')).toBe('హైదరాబాద్ & విజయవాడ');
  });

  it('gives plain text back with only its white space folded', () => {
    expect(stripTags('  హైదరాబాద్\n\tవార్తలు  ')).toBe('హైదరాబాద్ వార్తలు');
    expect(stripTags('5 > 3')).toBe('5 > 3');
  });

  it('gives the same answer for a string it has seen, long or short', () => {
    const title = '<b>ఎన్నికలు</b> &amp; ఫలితాలు';
    expect(stripTags(title)).toBe('ఎన్నికలు & ఫలితాలు');
    expect(stripTags(title)).toBe('ఎన్నికలు & ఫలితాలు');
    const body = `<p>${'వార్త '.repeat(100)}</p>`;
    expect(stripTags(body)).toBe(stripTags(body));
    expect(stripTags(body)).toBe('వార్త '.repeat(100).trim());
  });

  it('never cuts inside a grapheme cluster', () => {
    const text = 'క్షేమం'.repeat(40);
    const cut = truncateGraphemes(text, 150);
    expect(cut.length).toBeLessThanOrEqual(150);
    expect(cut.endsWith('…')).toBe(true);
    const body = cut.slice(0, -1);
    const graphemes = [...new Intl.Segmenter('te', { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
    expect(graphemes.join('').startsWith(body)).toBe(true);
    expect(truncateGraphemes('చిన్న', 150)).toBe('చిన్న');
  });
});
