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

/**
 * Whether a folded query form finds a folded word of the text, as the search service matches them:
 * the word starts with it (under five letters: it, or it with a case ending), or it is close
 * (approximateMatch, or trigram similarity 0.5).
 */
export function tenglishMatches(form: string, word: string): boolean {
  if (form.length < 5 ? new RegExp(`^${form}${SHORT_FORM_ENDINGS}$`).test(word) : word.startsWith(form)) return true;
  return approximateMatch(form, word) || trigramSimilarity(form, word) >= TENGLISH_SIMILARITY;
}

// Readers type words Telugu took from English the English way (`cinema`, `stadium`, `doctor`),
// and initials as letters (`t20`, `ipl`). A query word is tried in several folded forms: as
// Tenglish (foldLatin), read as English sounds, without an English plural, and spelt as Telugu
// says the letters. docs/telugu.md lists the rules.

/** How Telugu writes the name of each English letter (టీ, ఐ, పీ, ఎల్ ...). */
const LETTER_NAMES: Record<string, string> = {
  a: 'ఏ',
  b: 'బీ',
  c: 'సీ',
  d: 'డీ',
  e: 'ఈ',
  f: 'ఎఫ్',
  g: 'జీ',
  h: 'హెచ్',
  i: 'ఐ',
  j: 'జే',
  k: 'కే',
  l: 'ఎల్',
  m: 'ఎం',
  n: 'ఎన్',
  o: 'ఓ',
  p: 'పీ',
  q: 'క్యూ',
  r: 'ఆర్',
  s: 'ఎస్',
  t: 'టీ',
  u: 'యూ',
  v: 'వీ',
  w: 'డబ్ల్యూ',
  x: 'ఎక్స్',
  y: 'వై',
  z: 'జెడ్',
};

/** A word read as English sounds, before the Tenglish folding (lower-case letters). */
function englishSounds(word: string): string {
  return (
    word
      .replace(/^sch/, 'sh')
      .replace(/igh/g, 'ai')
      .replace(/ow(?=[lnd])/g, 'au')
      .replace(/ou(?=r)/g, 'O')
      .replace(/dg(?=[ei])/g, 'dj')
      .replace(/([gq])ue$/, '$1')
      .replace(/g(?=e)/g, 'j')
      .replace(/^o(?=n[bcdfgklmnprstv])/, 'a')
      .replace(/c(?=[eiy])/g, 's')
      .replace(/ck/g, 'k')
      .replace(/tch/g, 'ch')
      .replace(/s?[st]ion/g, 'shan')
      .replace(/ture/g, 'char')
      .replace(/tury$/, 'chary')
      .replace(/^thea/, 'thiya')
      .replace(/oa/g, 'o')
      .replace(/([ck])ey$/, '$1i')
      .replace(/ey$/, 'E')
      // fly, try: ఫ్లై, ట్రై.
      .replace(/^([bcdfgkpst][lr])y/, '$1ai')
      // A short a before two consonants (or one at the end) is the Telugu యా: bank, match, gas.
      .replace(/^([bcdfgkmpt])a(?=(?:ch|nk|ng|[bcdgkmnpst])(?:[^aeiouy]|$))/, '$1ya')
      // A short o or u before two consonants (or one at the end) is అ/ఆ: doctor, company, budget, bus.
      .replace(/([bcdfghklmnprst])[ou](?=(?![bcdfgkpt][rl])[bcdfgjklmnprstv]{2}|[bdgkmnpst]$)/g, '$1a')
      // A long u after a consonant, and u- at the start: యూ (computer, university).
      .replace(/([bcdfgkmpt])u(?=[bcdfgklmnprstv][aeiouy])/g, '$1yu')
      .replace(/^u(?=n[aeiou]|s[aeiou])/, 'yu')
      .replace(/e([bcdfgklmnprstvz])e(s?)$/, 'i$1$2')
      // An e in an open syllable is ఈ or ఇ: hero, cinema, record.
      .replace(/([bcdfghjklmnprstv])e(?=[bcdfgklmnprstv][aeiou])/g, '$1i')
      // A vowel, one consonant and a silent e: i_e is ఐ, a_e is ఏ, o_e is ఓ (mobile, online, phone).
      .replace(/([^aeiou])i([bdfgklmnprtvz])e(s?)$/, '$1ai$2$3')
      .replace(/a([bcdfgklmnprstvz])e(s?)$/, 'e$1$2')
      .replace(/o([bcdfgklmnprstvz])e(s?)$/, 'o$1$2')
      .replace(/([^aeiou])le$/, '$1il')
      .replace(/([^aeiou])(?:re|er|or|ar|our)(s?)$/, '$1ar$2')
      .replace(/([^aeiou])e(s?)$/, '$1$2')
      // ea and ee are ఈ; an s between vowels is z (diesel); ia and io take a y between (మీడియా, స్టేడియం); -um is -అం.
      .replace(/ea|ee/g, 'i')
      .replace(/([aeiou])s(?=[aeiou])/g, '$1z')
      .replace(/([^a])i(?=[aou])/g, '$1iy')
      .replace(/um$/, 'am')
      // y: a vowel after a consonant, ఇ between consonants and ఈ at the end.
      .replace(/([^aeiou])y$/, '$1i')
      .replace(/([^aeiou])y(?=[^aeiou])/g, '$1i')
      .replace(/E/g, 'e')
      .replace(/O/g, 'o')
  );
}

/** Letters spelt as Telugu says them (digits as they are), folded: `t20` → టీ20 → ti20. */
const spellLetters = (word: string) => tenglishFold(word.replace(/[a-z]/g, (c) => LETTER_NAMES[c]));

/**
 * The folded forms of one query word typed in English letters, longest first: as typed (folded);
 * a word without a vowel, or of one or two letters, also as initials (`rtc`, `kcr`, `ap`), and
 * nothing more; one of three letters or with a digit also as initials (`ipl`, `t20`); a word with a
 * vowel also as English sounds, with and without a plural -s. Forms under three letters are dropped.
 */
export function queryWordForms(word: string): string[] {
  const lower = word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const forms = new Set<string>();
  const add = (folded: string) => {
    if (folded.length >= 3 && !folded.includes(' ')) forms.add(folded);
  };
  const letters = lower.replace(/[0-9]/g, '');
  const initialsOnly = letters.length <= 2 || !/[aeiou]/.test(letters);
  if (/[0-9]/.test(lower) || letters.length <= 3 || initialsOnly) add(spellLetters(lower));
  // As typed, folded: also a code or an id in an article (`x7kq2m`).
  add(foldLatin(lower));
  if (!initialsOnly) {
    add(foldLatin(englishSounds(lower)));
    if (/[^s]s$/.test(lower) && lower.length > 4) {
      const singular = lower.replace(/ies$/, 'y').replace(/s$/, '');
      add(foldLatin(singular));
      add(foldLatin(englishSounds(singular)));
    }
  }
  // An anusvara at the end is m, and n before a case ending: ఖమ్మం, ఖమ్మంలో (kamam, kamanlo).
  for (const f of [...forms]) if (f.length >= 4 && f.endsWith('m')) forms.add(`${f.slice(0, -1)}n`);
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * Case and other endings a short folded form may carry and still be that word (ఏపీలో, బస్సులు):
 * a form under five letters matches a whole word or the word with one of these, not any word that
 * starts with it (`cas`, చెస్, must not find చేశారు, `casaru`).
 */
export const SHORT_FORM_ENDINGS = '(u|a)?(lu|la|lo|ku|ki|nu|ni|to|pai|ga|na|lanu|laku|lalo|lato|lapai|ki|kai|vi)?';

/** Edits (insert, delete, substitute) allowed between a folded query word and a word of the text. */
export const allowedEdits = (length: number) => (length >= 9 ? 2 : length >= 6 ? 1 : 0);

/** Levenshtein distance, or `limit + 1` as soon as it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      best = Math.min(best, current[j]);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length];
}

/** Whether two words of equal length differ in one vowel only (`haki`, `hoki`). */
function oneVowelApart(a: string, b: string) {
  if (a.length !== b.length) return false;
  let differences = 0;
  for (let i = 0; i < a.length; i++)
    if (a[i] !== b[i]) {
      if (!/[aeiou]/.test(a[i]) || !/[aeiou]/.test(b[i])) return false;
      differences++;
    }
  return differences <= 1;
}

/**
 * Whether a folded word of the text is an approximate match of a folded query form: the same
 * first letter and, within allowedEdits (one vowel for a form of three or four letters), either
 * the whole word or the stretch it starts with that ends on the form's last letter (an
 * agglutinated form: `sinama` finds సినిమాలు, `sinimalu`; `varsam` not వర్షాలకు, whose stem changed).
 */
export function approximateMatch(form: string, word: string): boolean {
  if (word[0] !== form[0]) return false;
  const limit = allowedEdits(form.length);
  if (limit === 0) {
    if (form.length < 4) return false;
    if (oneVowelApart(form, word)) return true;
    return (
      word.length > form.length &&
      new RegExp(`^${SHORT_FORM_ENDINGS}$`).test(word.slice(form.length)) &&
      oneVowelApart(form, word.slice(0, form.length))
    );
  }
  if (editDistance(form, word, limit) <= limit) return true;
  const last = form[form.length - 1];
  for (let end = form.length - limit; end <= Math.min(word.length - 1, form.length + limit); end++)
    if (word[end - 1] === last && editDistance(form, word.slice(0, end), limit) <= limit) return true;
  return false;
}

/** The consonants of a folded word: a form finds its approximate matches among the words whose consonants start alike. */
export const consonantKey = (folded: string) => folded.replace(/[aeiou]/g, '');
