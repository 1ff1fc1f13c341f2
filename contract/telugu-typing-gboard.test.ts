// Issue 41's words: a noun's final m before a case ending, acronyms, and loanwords and names from
// the dictionary, alone and with an ending (the whole list is measured in telugu-typing.test.ts).
import { describe, expect, it } from 'vitest';
import { schemeToTelugu, transliterateWord } from './telugu-typing.ts';
import { CASE_ENDINGS, DICTIONARY, LETTER_NAMES } from './telugu-typing-dictionary.ts';

const ZWNJ = '\u200c';
const typed = (words: string) => words.split(' ').map(transliterateWord);

describe('phonetic typing as Gboard spells the news', () => {
  it.each([
    ['varshamlo', 'వర్షంలో'],
    ['nagaramlo', 'నగరంలో'],
    ['kaaryakramamlo', 'కార్యక్రమంలో'],
    ['nagaramloni', 'నగరంలోని'],
    ['prabhutvampai', 'ప్రభుత్వంపై'],
    ['varshamto', 'వర్షంతో'],
    // The scheme's capitals in the noun keep their letter; the ending is still read.
    ['raashTramlo', 'రాష్ట్రంలో'],
    // After a consonant the m is written, and inside a word the rules stay as they were.
    ['filmlo', 'ఫిల్మ్లో'],
    ['janma', 'జన్మ'],
  ])('a final m before a case ending is the anusvara: %s → %s', (latin, telugu) => {
    expect(transliterateWord(latin)).toBe(telugu);
  });

  it('the strict scheme is unchanged', () => {
    expect(schemeToTelugu('varshamlo')).toBe('వర్షమ్లొ');
  });

  it('every case ending follows a noun in its long form', () => {
    for (const [latin, telugu] of Object.entries(CASE_ENDINGS))
      expect(transliterateWord(`nagaram${latin}`)).toBe(`నగరం${telugu}`);
  });

  it('an all-capital word is an acronym, spelt letter by letter in Telugu', () => {
    expect(typed('GHMC TDP KCR IPL BJP CM')).toEqual(['జీహెచ్ఎంసీ', 'టీడీపీ', 'కేసీఆర్', 'ఐపీఎల్', 'బీజేపీ', 'సీఎం']);
    // Acronyms Telugu writes as a word, and acronyms read as words.
    expect(typed('MLA MLAs ISRO')).toEqual(['ఎమ్మెల్యే', 'ఎమ్మెల్యేలు', 'ఇస్రో']);
    // With a case ending: a letter that ends in a bare consonant keeps its half form.
    expect(typed('GHMCki IPLlo KCRku')).toEqual(['జీహెచ్ఎంసీకి', `ఐపీఎల్${ZWNJ}లో`, `కేసీఆర్${ZWNJ}కు`]);
    // Never half Latin, half Telugu: every capital has its Telugu name.
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') expect(LETTER_NAMES[letter]).toMatch(/^[\u0c00-\u0c7f]+$/);
    const word = 'QWXYZ';
    expect(transliterateWord(word)).toMatch(/^[\u0c00-\u0c7f]+$/);
    // One capital alone is still the scheme's key (A → ఆ), and mixed case is the scheme.
    expect(typed('A kRshNa')).toEqual(['ఆ', 'కృష్ణ']);
  });

  it('loanwords and names come from the dictionary, with a case ending too', () => {
    expect(typed('police flyover chandrababu hyderabad')).toEqual(['పోలీస్', 'ఫ్లైఓవర్', 'చంద్రబాబు', 'హైదరాబాద్']);
    expect(typed('hyderabadlo flyoverpai vijayawadalo gunturlo visakhapatnamlo')).toEqual([
      `హైదరాబాద్${ZWNJ}లో`,
      `ఫ్లైఓవర్${ZWNJ}పై`,
      'విజయవాడలో',
      'గుంటూరులో',
      'విశాఖపట్నంలో',
    ]);
    // English words that end in m keep the letter; Telugu nouns take the anusvara.
    expect(typed('team stadium varsham')).toEqual(['టీమ్', 'స్టేడియం', 'వర్షం']);
    // Capitalised at the start of a sentence it is still the word; any other capital is the scheme's.
    expect(typed('Police Hyderabadlo')).toEqual(['పోలీస్', `హైదరాబాద్${ZWNJ}లో`]);
    expect(transliterateWord('poliCe')).not.toBe('పోలీస్');
  });

  it('the dictionary is data: every spelling in small letters, once, and in Telugu script', () => {
    const spellings = Object.values(DICTIONARY).flat();
    expect(new Set(spellings).size).toBe(spellings.length);
    for (const s of spellings) expect(s).toMatch(/^[a-z]+$/);
    for (const telugu of Object.keys(DICTIONARY)) expect(telugu).toMatch(/^[\u0c00-\u0c7f\u200c]+$/);
  });
});
