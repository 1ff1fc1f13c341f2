import { describe, expect, it } from 'vitest';
import { highlightParts, searchWords } from './highlight.ts';

const ZWNJ = '\u200c';
const segmenter = new Intl.Segmenter('te', { granularity: 'grapheme' });
/** Offsets at which the text may be cut without splitting a grapheme cluster. */
const boundaries = (text: string) => new Set([...Array.from(segmenter.segment(text), (s) => s.index), text.length]);

function expectCutsOnGraphemes(text: string, parts: { text: string }[]) {
  expect(parts.map((p) => p.text).join('')).toBe(text);
  const allowed = boundaries(text);
  let at = 0;
  for (const p of parts) {
    expect(allowed.has(at)).toBe(true);
    at += p.text.length;
  }
}

describe('searchWords', () => {
  it('normalises like the index: NFC, no joiners, lower case, distinct words', () => {
    expect(searchWords(`  హైదరాబాద్${ZWNJ}లో   Rain rain `)).toEqual(['హైదరాబాద్లో', 'rain']);
    expect(searchWords('విమానాశ్రయం'.normalize('NFD'))).toEqual(['విమానాశ్రయం']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('keeps at most 8 words', () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('highlightParts', () => {
  it('marks a place name inside an agglutinated form, keeping the original text (with ZWNJ)', () => {
    const title = `హైదరాబాద్${ZWNJ}లో భారీ వర్షం`;
    const parts = highlightParts(title, 'హైదరాబాద్');
    expectCutsOnGraphemes(title, parts);
    expect(parts[0].match).toBe(true);
    expect(parts[0].text.startsWith('హైదరాబాద్')).toBe(true);
    expect(parts.filter((p) => p.match)).toHaveLength(1);
  });

  it('matches a query typed without ZWNJ against a title with it, and the reverse', () => {
    const withJoiner = `హైదరాబాద్${ZWNJ}లో వర్షం`;
    const a = highlightParts(withJoiner, 'హైదరాబాద్లో');
    expectCutsOnGraphemes(withJoiner, a);
    expect(a[0]).toEqual({ text: `హైదరాబాద్${ZWNJ}లో`, match: true });
    const b = highlightParts('హైదరాబాద్లో వర్షం', `హైదరాబాద్${ZWNJ}లో`);
    expect(b[0]).toEqual({ text: 'హైదరాబాద్లో', match: true });
  });

  it('matches NFD queries on NFC titles and NFD titles on NFC queries, returning the original form', () => {
    const nfc = 'కొత్త విమానాశ్రయం ప్రారంభం';
    const parts = highlightParts(nfc, 'విమానాశ్రయం'.normalize('NFD'));
    expectCutsOnGraphemes(nfc, parts);
    expect(parts.find((p) => p.match)?.text).toBe('విమానాశ్రయం');
    const nfd = nfc.normalize('NFD');
    const back = highlightParts(nfd, 'విమానాశ్రయం');
    expectCutsOnGraphemes(nfd, back);
    expect(back.find((p) => p.match)?.text.normalize('NFC')).toBe('విమానాశ్రయం');
  });

  it('never splits a grapheme cluster: a match ending inside a syllable takes the whole syllable', () => {
    // "వా" is one cluster (consonant + vowel sign); the query stops at the consonant.
    const title = 'విజయవాడ';
    const parts = highlightParts(title, 'విజయవ');
    expectCutsOnGraphemes(title, parts);
    expect(parts).toEqual([
      { text: 'విజయవా', match: true },
      { text: 'డ', match: false },
    ]);
    // A lone vowel sign highlights the syllables carrying it, never half of one.
    const signs = highlightParts(title, '\u0c3e');
    expectCutsOnGraphemes(title, signs);
    expect(signs.find((p) => p.match)?.text).toBe('వా');
  });

  it('highlights every word and every occurrence, case-insensitively', () => {
    const title = 'Rain in హైదరాబాద్, rain in విజయవాడ';
    const parts = highlightParts(title, 'RAIN విజయవాడ');
    expectCutsOnGraphemes(title, parts);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['Rain', 'rain', 'విజయవాడ']);
  });

  it('returns the query as plain data: markup in the query or title is never interpreted', () => {
    const title = '<b>బోల్డ్</b> శీర్షిక';
    const parts = highlightParts(title, '<script>alert(1)</script> శీర్షిక');
    expectCutsOnGraphemes(title, parts);
    expect(parts).toEqual([
      { text: '<b>బోల్డ్</b> ', match: false },
      { text: 'శీర్షిక', match: true },
    ]);
    expect(highlightParts(title, '<b>')).toEqual([
      { text: '<b>', match: true },
      { text: 'బోల్డ్</b> శీర్షిక', match: false },
    ]);
  });

  it('returns the whole text unmatched for a blank query, and nothing for an empty title', () => {
    expect(highlightParts('వార్త', '  ')).toEqual([{ text: 'వార్త', match: false }]);
    expect(highlightParts('', 'వార్త')).toEqual([]);
  });
});
