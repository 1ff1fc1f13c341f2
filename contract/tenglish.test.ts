import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foldLatin, isLatinWord, romaniseTelugu, tenglishFold, tenglishMatches, trigramSimilarity } from './tenglish.ts';
import { highlightParts } from './highlight.ts';

describe('Tenglish folding', () => {
  it('romanises Telugu: inherent a, vowel signs, virama, anusvara, visarga, digits', () => {
    expect(romaniseTelugu('హైదరాబాద్')).toBe('haidaraabaad');
    expect(romaniseTelugu('వర్షం')).toBe('varshaM');
    expect(romaniseTelugu('కృష్ణ')).toBe('krishna');
    expect(romaniseTelugu('దుఃఖం')).toBe('duhkhaM');
    expect(romaniseTelugu('౨౦౨౬ ok')).toBe('2026 ok');
  });

  it.each([
    ['hyderabad', 'హైదరాబాద్'],
    ['haidarabad', 'హైదరాబాద్'],
    ['vijayawada', 'విజయవాడ'],
    ['varsham', 'వర్షం'],
    ['cricket', 'క్రికెట్'],
    ['chiranjeevi', 'చిరంజీవి'],
    ['krishna', 'కృష్ణ'],
    ['sampadakeeyam', 'సంపాదకీయం'],
  ])('%s folds like %s', (latin, telugu) => {
    expect(foldLatin(latin)).toBe(tenglishFold(telugu));
  });

  it('folds long vowels, aspirates, sibilants, w/v, double letters and the nasal before a consonant', () => {
    expect(foldLatin('Thirupathi')).toBe(foldLatin('tirupati'));
    expect(foldLatin('ammaa')).toBe('ama');
    expect(foldLatin('wanam')).toBe('vanam');
    expect(foldLatin('Bhadhrachalam')).toBe(foldLatin('badrachalam'));
    expect(foldLatin('sankranthi')).toBe(foldLatin('samkranti'));
    expect(foldLatin('Café, SHOP!')).toBe('kapa sop');
  });

  it('ZWNJ and ZWJ do not change the folded word', () => {
    expect(tenglishFold('హైదరాబాద్\u200cలో')).toBe(tenglishFold('హైదరాబాద్లో'));
  });

  it('tells Latin query words from Telugu ones', () => {
    expect(isLatinWord('hyderabad')).toBe(true);
    expect(isLatinWord('2026')).toBe(false);
    expect(isLatinWord('హైదరాబాద్')).toBe(false);
    expect(isLatinWord('50%')).toBe(false);
  });

  it('matches by substring (agglutinated forms) or by whole-word trigram similarity', () => {
    expect(tenglishMatches(foldLatin('hyderabad'), tenglishFold('హైదరాబాద్‌లో'))).toBe(true);
    expect(tenglishMatches(foldLatin('ananthapuram'), tenglishFold('అనంతపురం'))).toBe(true);
    expect(tenglishMatches(foldLatin('varsham'), tenglishFold('వర్షాలకు'))).toBe(false);
    expect(tenglishMatches(foldLatin('cricket'), tenglishFold('సినిమా'))).toBe(false);
    expect(trigramSimilarity('abc', 'abc')).toBe(1);
  });

  it('never throws on hostile text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(typeof tenglishFold(s)).toBe('string');
        expect(typeof foldLatin(s)).toBe('string');
      }),
    );
  });
});

describe('highlightParts with a Tenglish query', () => {
  it('marks the Telugu words a Latin query found, whole, and leaves the text unchanged', () => {
    const title = 'హైదరాబాద్‌లో భారీ వర్షం';
    const parts = highlightParts(title, 'hyderabad');
    expect(parts.map((p) => p.text).join('')).toBe(title);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['హైదరాబాద్‌లో']);
    expect(
      highlightParts(title, 'hyderabad వర్షం')
        .filter((p) => p.match)
        .map((p) => p.text),
    ).toEqual(['హైదరాబాద్‌లో', 'వర్షం']);
    expect(highlightParts('చిరంజీవి కొత్త సినిమా', 'chiranjeevi cinema').filter((p) => p.match)).toHaveLength(1);
    expect(highlightParts(title, 'cricket').every((p) => !p.match)).toBe(true);
  });
});
