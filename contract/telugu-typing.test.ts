import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COMMON_NAMES, KEY_TABLE, schemeToTelugu, transliterateWord } from './telugu-typing.ts';

describe('phonetic Telugu typing (RTS/Lekhini scheme)', () => {
  it.each([
    ['telugu', 'తెలుగు'],
    ['amma', 'అమ్మ'],
    ['hyderaabaad', 'హైదరాబాద్'],
    ['vaarta', 'వార్త'],
    ['kRshNa', 'కృష్ణ'],
    ['ciraMjIvi', 'చిరంజీవి'],
  ])('%s → %s', (latin, telugu) => {
    expect(transliterateWord(latin)).toBe(telugu);
  });

  it('vowels: independent at the start of a word, signs after a consonant', () => {
    expect(schemeToTelugu('a aa A i ii I ee u uu U oo R e E ai o O au ou').split(' ')).toEqual(
      'అ ఆ ఆ ఇ ఈ ఈ ఈ ఉ ఊ ఊ ఊ ఋ ఎ ఏ ఐ ఒ ఓ ఔ ఔ'.split(' '),
    );
    expect(schemeToTelugu('ka kaa ki kii ku kuu kR ke kE kai ko kO kau')).toBe('క కా కి కీ కు కూ కృ కె కే కై కొ కో కౌ');
    // Two vowels in a row: the second is independent.
    expect(schemeToTelugu('kai')).toBe('కై');
    expect(schemeToTelugu('aiTi')).toBe('ఐటి');
  });

  it('consonants: aspirates, retroflexes, sibilants and their Lekhini spellings', () => {
    expect(schemeToTelugu('kha gha cha Cha jha Ta Tha Da Dha Na tha dha pha fa bha Sa sha sa La')).toBe(
      'ఖ ఘ చ ఛ ఝ ట ఠ డ ఢ ణ థ ధ ఫ ఫ భ శ ష స ళ',
    );
    expect(schemeToTelugu('wa va za ja qa')).toBe('వ వ జ జ క');
  });

  it('conjuncts: consonants in a row take a virama, a final consonant keeps it', () => {
    expect(schemeToTelugu('kRshNa')).toBe('కృష్ణ');
    expect(schemeToTelugu('sanskRtaM')).toBe('సన్స్కృతం');
    expect(schemeToTelugu('prapaMcaM')).toBe('ప్రపంచం');
    expect(schemeToTelugu('shrii')).toBe('ష్రీ');
    expect(schemeToTelugu('Srii')).toBe('శ్రీ');
    expect(schemeToTelugu('lakshmi')).toBe('లక్ష్మి');
    expect(schemeToTelugu('xamaa')).toBe('క్షమా');
    expect(schemeToTelugu('vidyaarthi')).toBe('విద్యార్థి');
    expect(schemeToTelugu('kaar')).toBe('కార్');
  });

  it('anusvara (M) and visarga (H)', () => {
    expect(schemeToTelugu('varShaM')).toBe('వర్షం');
    expect(schemeToTelugu('aMdaM')).toBe('అందం');
    expect(schemeToTelugu('duHkhaM')).toBe('దుఃఖం');
    expect(schemeToTelugu('aH')).toBe('అః');
  });

  it('ZWNJ (_) keeps the half form of a consonant before a suffix', () => {
    expect(schemeToTelugu('haidaraabaad_lO')).toBe('హైదరాబాద్\u200cలో');
    expect(schemeToTelugu('haidaraabaadlO')).toBe('హైదరాబాద్లో');
    expect(schemeToTelugu('a_i')).toBe('అ\u200cఇ');
  });

  it('common names typed the English way, in small letters only', () => {
    expect(transliterateWord('hyderabad')).toBe('హైదరాబాద్');
    expect(transliterateWord('vijayawada')).toBe('విజయవాడ');
    expect(transliterateWord('chiranjeevi')).toBe('చిరంజీవి');
    expect(transliterateWord('cricket')).toBe('క్రికెట్');
    // Capitals are the scheme's own keys: no dictionary.
    expect(transliterateWord('hyderabaD')).toBe('హ్య్దెరబడ్');
    for (const [telugu, spellings] of Object.entries(COMMON_NAMES))
      for (const s of spellings) expect(transliterateWord(s)).toBe(telugu);
  });

  it('characters outside the scheme pass through, after closing a consonant', () => {
    expect(schemeToTelugu('k1')).toBe('క్1');
    expect(schemeToTelugu('')).toBe('');
  });

  it('the key table lists every key once', () => {
    const keys = KEY_TABLE.flatMap((g) => g.rows.flatMap((r) => r.keys));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(['a', 'aa', 'k', 'sh', 'S', 'M', 'H', '_', 'R']));
  });

  it('never throws and keeps what it cannot convert', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = transliterateWord(s);
        expect(typeof out).toBe('string');
      }),
    );
  });
});
