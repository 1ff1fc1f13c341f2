// Tenglish: Telugu written in English letters. Search keeps a romanised, phonetically folded copy
// of each article (written at save time) and folds a Latin query the same way, so `hyderabad`,
// `haidarabad` and హైదరాబాద్ meet in one spelling. Folding (both sides): long vowels single
// (aa→a, ee/ii→i, oo/uu→u), aspirates plain (th→t, dh→d, kh→k ...), sh/S→s, c→k (but ch→c and
// c before e/i→s), w→v, f/ph→p, z→j, q→k, x→ks, y between consonants→ai (hyderabad), m/n before
// a consonant→n, double letters single. Retroflex and dental letters share one Latin letter.
import { normaliseForSearch } from './text.ts';

const VOWEL_SIGNS: Record<string, string> = {
  'ా': 'aa',
  'ి': 'i',
  'ీ': 'ii',
  'ు': 'u',
  'ూ': 'uu',
  'ృ': 'ri',
  'ౄ': 'rii',
  'ె': 'e',
  'ే': 'e',
  'ై': 'ai',
  'ొ': 'o',
  'ో': 'o',
  'ౌ': 'au',
};
const VOWELS: Record<string, string> = {
  అ: 'a',
  ఆ: 'aa',
  ఇ: 'i',
  ఈ: 'ii',
  ఉ: 'u',
  ఊ: 'uu',
  ఋ: 'ri',
  ౠ: 'rii',
  ఎ: 'e',
  ఏ: 'e',
  ఐ: 'ai',
  ఒ: 'o',
  ఓ: 'o',
  ఔ: 'au',
};
const CONSONANTS: Record<string, string> = {
  క: 'k',
  ఖ: 'kh',
  గ: 'g',
  ఘ: 'gh',
  ఙ: 'n',
  చ: 'ch',
  ఛ: 'chh',
  జ: 'j',
  ఝ: 'jh',
  ఞ: 'n',
  ట: 't',
  ఠ: 'th',
  డ: 'd',
  ఢ: 'dh',
  ణ: 'n',
  త: 't',
  థ: 'th',
  ద: 'd',
  ధ: 'dh',
  న: 'n',
  ప: 'p',
  ఫ: 'ph',
  బ: 'b',
  భ: 'bh',
  మ: 'm',
  య: 'y',
  ర: 'r',
  ఱ: 'r',
  ల: 'l',
  ళ: 'l',
  వ: 'v',
  శ: 'sh',
  ష: 'sh',
  స: 's',
  హ: 'h',
  ౘ: 'ch',
  ౙ: 'j',
};
const VIRAMA = '్';
const TELUGU = /[\u0c00-\u0c7f]/;

// Lookup by code point offset in the Telugu block (U+0C00..U+0C7F): this runs over every
// article's whole text at save time.
type Kind = 0 | 1 | 2 | 3 | 4; // other Telugu sign, consonant, vowel, vowel sign, virama
const KIND = new Uint8Array(128);
const LATIN: string[] = new Array<string>(128).fill('');
const put = (table: Record<string, string>, kind: Kind) => {
  for (const [ch, latin] of Object.entries(table)) {
    KIND[ch.charCodeAt(0) - 0x0c00] = kind;
    LATIN[ch.charCodeAt(0) - 0x0c00] = latin;
  }
};
put(CONSONANTS, 1);
put(VOWELS, 2);
put(VOWEL_SIGNS, 3);
put({ [VIRAMA]: '' }, 4);
put(
  {
    'ం': 'M',
    'ఁ': 'M',
    'ః': 'h',
    '౦': '0',
    '౧': '1',
    '౨': '2',
    '౩': '3',
    '౪': '4',
    '౫': '5',
    '౬': '6',
    '౭': '7',
    '౮': '8',
    '౯': '9',
  },
  2,
);

/** Telugu script in Latin letters (other characters pass through); anusvara is `M` until folded. */
export function romaniseTelugu(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const offset = text.charCodeAt(i) - 0x0c00;
    if (offset < 0 || offset >= 128) {
      out += text[i];
      continue;
    }
    const kind = KIND[offset];
    if (kind === 1) {
      out += LATIN[offset];
      const next = text.charCodeAt(i + 1) - 0x0c00;
      const nextKind = next >= 0 && next < 128 ? KIND[next] : 0;
      if (nextKind === 4) i++;
      else if (nextKind === 3) {
        out += LATIN[next];
        i++;
      } else out += 'a';
    } else if (kind === 2) out += LATIN[offset];
    // Anything else in the block (nukta, length marks, a stray sign) has no sound of its own here.
  }
  return out;
}

const CONSONANT = '[bcdfghjklmnpqrstvwxzM]';

const Y_BETWEEN_CONSONANTS = new RegExp(`(?<=${CONSONANT})y(?=${CONSONANT})`, 'g');

// News text repeats its words: remember recent foldings (bounded, cleared when full).
const folded = new Map<string, string>();
const FOLD_CACHE_SIZE = 20_000;

/** One Latin word folded (lower-case letters and digits only). */
function foldWord(word: string): string {
  let out = folded.get(word);
  if (out === undefined) {
    out = foldWordUncached(word);
    if (folded.size >= FOLD_CACHE_SIZE) folded.clear();
    folded.set(word, out);
  }
  return out;
}

function foldWordUncached(word: string): string {
  return (
    word
      // Anusvara: a nasal before a consonant, `m` at the end of a word.
      .replace(/M(?=[bcdfghjklmnpqrstvwxz])/g, 'n')
      .replace(/M/g, 'm')
      .replace(/ck/g, 'k')
      .replace(/ch/g, 'C')
      .replace(/c(?=[eiy])/g, 's')
      .replace(/c/g, 'k')
      .replace(/C/g, 'c')
      .replace(/sh/g, 's')
      .replace(/ph|f/g, 'p')
      .replace(/q/g, 'k')
      .replace(/x/g, 'ks')
      .replace(/z/g, 'j')
      .replace(/w/g, 'v')
      .replace(/([bcdgjkpt])h/g, '$1')
      .replace(Y_BETWEEN_CONSONANTS, 'ai')
      .replace(/ee|ii|ie/g, 'i')
      .replace(/oo|uu/g, 'u')
      .replace(/ae/g, 'e')
      .replace(/e/g, 'a')
      .replace(/ay(?![aeiou])/g, 'ai')
      .replace(/[mn](?=[bcdgjklpqrstvy])/g, 'n')
      .replace(/(.)\1+/g, '$1')
  );
}

/** Lower-case text with anusvara as `M`: words folded, everything but letters and digits a space. */
function foldWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-zM0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map(foldWord)
    .join(' ');
}

/** Latin text (a query, a typed word) folded for matching: diacritics and case dropped. */
export const foldLatin = (text: string) => foldWords(text.toLowerCase());

/** Any text (Telugu, English or both) in the folded Latin form the Tenglish index holds. */
export const tenglishFold = (text: string) => foldWords(romaniseTelugu(normaliseForSearch(text)));

/** True when a query word is typed in English letters (it is then matched on the folded copy). */
export const isLatinWord = (word: string) => /^[a-z0-9]+$/i.test(word) && /[a-z]/i.test(word);

export const hasTelugu = (text: string) => TELUGU.test(text);

/** pg_trgm's trigrams of one word: padded with two spaces before and one after. */
const trigrams = (word: string) => {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
};

/**
 * pg_trgm's similarity of two folded words (shared trigrams over all trigrams): what
 * strict_word_similarity gives a query word against one word of the text. The search page uses it
 * to mark the words the server matched.
 */
export function trigramSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let common = 0;
  for (const t of x) if (y.has(t)) common++;
  return common / (x.size + y.size - common);
}

/**
 * Threshold of a fuzzy match: pg_trgm's default strict_word_similarity_threshold, which the
 * index's `<<%` uses. Whole words, not stretches of them: `varsham` must not find వర్షాలకు
 * (the Telugu వర్షం does not either); the substring test finds agglutinated forms.
 */
export const TENGLISH_SIMILARITY = 0.5;

/** Whether a folded query word finds a folded text word (substring, or close enough). */
export function tenglishMatches(foldedQuery: string, foldedWord: string): boolean {
  // Under three letters there is no trigram: only the start of a word, as the search service does.
  if (foldedQuery.length < 3) return foldedWord.startsWith(foldedQuery);
  return foldedWord.includes(foldedQuery) || trigramSimilarity(foldedQuery, foldedWord) >= TENGLISH_SIMILARITY;
}
