// Phonetic Telugu typing: Latin keys → Telugu script, RTS/Lekhini style (the scheme Telugu
// writers know from Lekhini). @indic-transliteration/sanscript was checked first: its ITRANS, HK,
// OPTITRANS and Velthuis schemes are Sanskrit-centred (`e` gives long ఏ, so `telugu` becomes
// తేలుగు; `c`/`ee` differ), so the table is our own. It is the only key table: the help popover
// next to the toggle renders KEY_TABLE.
import { foldLatin } from './tenglish.ts';

type Key = { keys: string[]; telugu: string; sign?: string };

/** Vowels: independent letter, and the sign it becomes after a consonant (`a` has none). */
const VOWELS: Key[] = [
  { keys: ['a'], telugu: 'అ', sign: '' },
  { keys: ['aa', 'A'], telugu: 'ఆ', sign: 'ా' },
  { keys: ['i'], telugu: 'ఇ', sign: 'ి' },
  { keys: ['ii', 'I', 'ee'], telugu: 'ఈ', sign: 'ీ' },
  { keys: ['u'], telugu: 'ఉ', sign: 'ు' },
  { keys: ['uu', 'U', 'oo'], telugu: 'ఊ', sign: 'ూ' },
  { keys: ['R'], telugu: 'ఋ', sign: 'ృ' },
  { keys: ['RR'], telugu: 'ౠ', sign: 'ౄ' },
  { keys: ['e'], telugu: 'ఎ', sign: 'ె' },
  { keys: ['E'], telugu: 'ఏ', sign: 'ే' },
  { keys: ['ai'], telugu: 'ఐ', sign: 'ై' },
  { keys: ['o'], telugu: 'ఒ', sign: 'ొ' },
  { keys: ['O'], telugu: 'ఓ', sign: 'ో' },
  { keys: ['au', 'ou'], telugu: 'ఔ', sign: 'ౌ' },
];

const CONSONANTS: Key[] = [
  { keys: ['k', 'q'], telugu: 'క' },
  { keys: ['kh'], telugu: 'ఖ' },
  { keys: ['g'], telugu: 'గ' },
  { keys: ['gh'], telugu: 'ఘ' },
  { keys: ['~m'], telugu: 'ఙ' },
  { keys: ['c', 'ch'], telugu: 'చ' },
  { keys: ['Ch', 'chh'], telugu: 'ఛ' },
  { keys: ['j', 'z'], telugu: 'జ' },
  { keys: ['jh'], telugu: 'ఝ' },
  { keys: ['~n'], telugu: 'ఞ' },
  { keys: ['T'], telugu: 'ట' },
  { keys: ['Th'], telugu: 'ఠ' },
  { keys: ['D'], telugu: 'డ' },
  { keys: ['Dh'], telugu: 'ఢ' },
  { keys: ['N'], telugu: 'ణ' },
  { keys: ['t'], telugu: 'త' },
  { keys: ['th'], telugu: 'థ' },
  { keys: ['d'], telugu: 'ద' },
  { keys: ['dh'], telugu: 'ధ' },
  { keys: ['n'], telugu: 'న' },
  { keys: ['p'], telugu: 'ప' },
  { keys: ['ph', 'f'], telugu: 'ఫ' },
  { keys: ['b'], telugu: 'బ' },
  { keys: ['bh'], telugu: 'భ' },
  { keys: ['m'], telugu: 'మ' },
  { keys: ['y'], telugu: 'య' },
  { keys: ['r'], telugu: 'ర' },
  { keys: ['~r'], telugu: 'ఱ' },
  { keys: ['l'], telugu: 'ల' },
  { keys: ['L'], telugu: 'ళ' },
  { keys: ['v', 'w'], telugu: 'వ' },
  { keys: ['S'], telugu: 'శ' },
  { keys: ['sh', 'Sh'], telugu: 'ష' },
  { keys: ['s'], telugu: 'స' },
  { keys: ['h'], telugu: 'హ' },
  { keys: ['x', 'ksh'], telugu: 'క్ష' },
];

/** Signs that follow a syllable: anusvara, visarga, and ZWNJ (keeps a half form: హైదరాబాద్‌లో). */
const MARKS: Key[] = [
  { keys: ['M'], telugu: 'ం' },
  { keys: ['H'], telugu: 'ః' },
  { keys: ['_'], telugu: '\u200c' },
];

const VIRAMA = '్';

/** Rows for the help popover, in the order writers learn them. */
export const KEY_TABLE: { group: string; rows: { keys: string[]; telugu: string }[] }[] = [
  {
    group: 'Vowels (after a consonant they become its sign)',
    // The sign is shown on క (a sign alone is drawn on a dotted circle).
    rows: VOWELS.map((v) => ({ keys: v.keys, telugu: v.sign ? `${v.telugu} క${v.sign}` : `${v.telugu} క` })),
  },
  { group: 'Consonants (two in a row make a conjunct: amma → అమ్మ)', rows: CONSONANTS },
  {
    group: 'Marks',
    rows: MARKS.map((m) => ({ keys: m.keys, telugu: m.telugu === '\u200c' ? 'ZWNJ (half form)' : m.telugu })),
  },
];

type Token = { kind: 'vowel' | 'consonant' | 'mark'; entry: Key };
const TOKENS = new Map<string, Token>();
for (const entry of VOWELS) for (const k of entry.keys) TOKENS.set(k, { kind: 'vowel', entry });
for (const entry of CONSONANTS) for (const k of entry.keys) TOKENS.set(k, { kind: 'consonant', entry });
for (const entry of MARKS) for (const k of entry.keys) TOKENS.set(k, { kind: 'mark', entry });
const LONGEST = Math.max(...[...TOKENS.keys()].map((k) => k.length));

/** The characters a typed Latin word is made of (everything else commits the word). */
export const TYPING_WORD = /[A-Za-z~_]+$/;

/**
 * Common names typed the English way (Google Input Tools style), found by their folded spelling:
 * `hyderaabaad` and `hyderabad` both give హైదరాబాద్. Only lower-case words are looked up, so a
 * writer using the scheme's capitals (kRshNa) always gets the scheme.
 */
export const COMMON_NAMES: Record<string, string[]> = {
  హైదరాబాద్: ['hyderabad'],
  సికింద్రాబాద్: ['secunderabad'],
  విజయవాడ: ['vijayawada'],
  విశాఖపట్నం: ['visakhapatnam', 'vizag'],
  తెలంగాణ: ['telangana'],
  ఆంధ్రప్రదేశ్: ['andhrapradesh'],
  వరంగల్: ['warangal'],
  తిరుపతి: ['tirupati'],
  క్రికెట్: ['cricket'],
  చిరంజీవి: ['chiranjeevi'],
};
const NAME_BY_FOLD = new Map<string, string>();
for (const [telugu, spellings] of Object.entries(COMMON_NAMES)) for (const s of spellings) NAME_BY_FOLD.set(foldLatin(s), telugu);

/** Converts one Latin word by the scheme's table (greedy, longest key first). */
export function schemeToTelugu(latin: string): string {
  let out = '';
  let afterConsonant = false; // a consonant is waiting for its vowel (or a virama)
  for (let i = 0; i < latin.length;) {
    let token: Token | undefined;
    let len = Math.min(LONGEST, latin.length - i);
    for (; len > 0; len--) {
      token = TOKENS.get(latin.slice(i, i + len));
      if (token) break;
    }
    if (!token) {
      if (afterConsonant) out += VIRAMA;
      out += latin[i];
      afterConsonant = false;
      i += 1;
      continue;
    }
    i += len;
    const { kind, entry } = token;
    if (kind === 'consonant') {
      if (afterConsonant) out += VIRAMA;
      out += entry.telugu;
      afterConsonant = true;
    } else if (kind === 'vowel') {
      out += afterConsonant ? (entry.sign ?? '') : entry.telugu;
      afterConsonant = false;
    } else {
      // ZWNJ after a bare consonant keeps its virama visible; ం and ః follow the inherent a.
      if (afterConsonant && entry.telugu === '\u200c') out += VIRAMA;
      out += entry.telugu;
      afterConsonant = false;
    }
  }
  if (afterConsonant) out += VIRAMA;
  return out;
}

/** A typed word as Telugu: a common name spelt the English way, else the scheme. */
export function transliterateWord(latin: string): string {
  if (latin === latin.toLowerCase()) {
    const name = NAME_BY_FOLD.get(foldLatin(latin));
    if (name) return name;
  }
  return schemeToTelugu(latin);
}
