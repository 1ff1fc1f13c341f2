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

/** Telugu script in Latin letters (other characters pass through); anusvara is `M` until folded. */
export function romaniseTelugu(text: string): string {
  let out = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const next = chars[i + 1];
    if (CONSONANTS[ch] !== undefined) {
      out += CONSONANTS[ch];
      if (next === VIRAMA) i++;
      else if (next !== undefined && VOWEL_SIGNS[next] !== undefined) {
        out += VOWEL_SIGNS[next];
        i++;
      } else out += 'a';
    } else if (VOWELS[ch] !== undefined) out += VOWELS[ch];
    else if (ch === 'ం' || ch === 'ఁ') out += 'M';
    else if (ch === 'ః') out += 'h';
    else if (ch >= '౦' && ch <= '౯') out += String(ch.charCodeAt(0) - 0x0c66);
    else if (TELUGU.test(ch))
      continue; // nukta, length marks: no sound of their own here
    else out += ch;
  }
  return out;
}

const CONSONANT = '[bcdfghjklmnpqrstvwxzM]';

/** One Latin word folded (lower-case letters and digits only). */
function foldWord(word: string): string {
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
      .replace(new RegExp(`(?<=${CONSONANT})y(?=${CONSONANT})`, 'g'), 'ai')
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
