import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  approximateMatch,
  foldLatin,
  isLatinWord,
  queryWordForms,
  romaniseTelugu,
  tenglishFold,
  tenglishMatches,
  trigramSimilarity,
} from './tenglish.ts';
import { TENGLISH_CASES } from './tenglish-words.ts';
import { highlightParts } from './highlight.ts';

describe('Tenglish folding', () => {
  it('romanises Telugu: inherent a, vowel signs, virama, anusvara, visarga, digits', () => {
    expect(romaniseTelugu('హైదరాబాద్')).toBe('haidaraabaad');
    expect(romaniseTelugu('వర్షం')).toBe('varshaM');
    expect(romaniseTelugu('కృష్ణ')).toBe('krishna');
    expect(romaniseTelugu('దుఃఖం')).toBe('duhkhaM');
    expect(romaniseTelugu('౨౦౨౬ ok')).toBe('2026 ok');
  });

  it.each([...TENGLISH_CASES, ['krishna', 'కృష్ణ'], ['sampadakeeyam', 'సంపాదకీయం']])('%s folds like %s', (latin, telugu) => {
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

describe('query words in English letters', () => {
  it.each([
    ['cinema', 'సినిమా'],
    ['stadium', 'స్టేడియం'],
    ['doctor', 'డాక్టర్'],
    ['company', 'కంపెనీ'],
    ['mobile', 'మొబైల్'],
    ['phone', 'ఫోన్'],
    ['budget', 'బడ్జెట్'],
    ['flyover', 'ఫ్లైఓవర్'],
    ['mission', 'మిషన్'],
    ['computer', 'కంప్యూటర్'],
    ['police', 'పోలీసు'],
    ['t20', 'టీ20'],
    ['g20', 'జీ20'],
    ['ipl', 'ఐపీఎల్'],
    ['ghmc', 'జీహెచ్ఎంసీ'],
    ['rtc', 'ఆర్టీసీ'],
    ['ysrcp', 'వైఎస్సార్‌సీపీ'],
    ['5g', '5జీ'],
  ])('%s has a folded form that finds %s', (latin, telugu) => {
    expect(queryWordForms(latin).some((form) => tenglishMatches(form, tenglishFold(telugu)))).toBe(true);
  });

  it('reads initials as letters only, drops forms under three letters, and keeps the Tenglish reading', () => {
    expect(queryWordForms('kcr')).toEqual([tenglishFold('కేసీఆర్')]);
    expect(queryWordForms('rtc')).toEqual([tenglishFold('ఆర్టీసీ'), foldLatin('rtc')]);
    expect(queryWordForms('ba')).toEqual([tenglishFold('బీఏ')]);
    expect(queryWordForms('a')).toEqual([]);
    expect(queryWordForms('hyderabad')).toContain(foldLatin('hyderabad'));
    expect(queryWordForms('Khammam')).toEqual(expect.arrayContaining(['kamam', 'kaman']));
  });

  it('matches approximately in proportion to the length: a vowel, an edit per six letters', () => {
    expect(approximateMatch('sinama', 'sinima')).toBe(true);
    expect(approximateMatch('sinama', 'sinimalu')).toBe(true);
    expect(approximateMatch('anikalu', 'anpikalu')).toBe(true);
    expect(approximateMatch('hoki', 'haki')).toBe(true);
    expect(approximateMatch('hoki', 'hakilo')).toBe(true);
    // The stem changed (వర్షం, వర్షాలకు); another first letter; too many edits for the length.
    expect(approximateMatch('varsam', 'varsalaku')).toBe(false);
    expect(approximateMatch('sinama', 'kinama')).toBe(false);
    expect(approximateMatch('parat', 'parit')).toBe(true);
    expect(approximateMatch('parat', 'paritosam')).toBe(false);
    expect(approximateMatch('pon', 'pan')).toBe(false);
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
    const marked = (text: string, query: string) =>
      highlightParts(text, query)
        .filter((p) => p.match)
        .map((p) => p.text);
    // An English spelling, an approximate one, a short name, letters and digits.
    expect(marked('చిరంజీవి కొత్త సినిమా', 'chiranjeevi cinema')).toEqual(['చిరంజీవి', 'సినిమా']);
    expect(marked('కొత్త సినిమాలు', 'sinema')).toEqual(['సినిమాలు']);
    expect(marked('విశాఖ తీరంలో తుపాను', 'vizag')).toEqual(['విశాఖ']);
    expect(marked('ఉప్పల్ స్టేడియంలో టీ20 మ్యాచ్', 'T20 stadium')).toEqual(['స్టేడియంలో', 'టీ20']);
    expect(highlightParts(title, 'cricket').every((p) => !p.match)).toBe(true);
  });
});
