// Phonetic Telugu typing: Latin keys → Telugu script, RTS/Lekhini style (the scheme Telugu
// writers know from Lekhini). @indic-transliteration/sanscript was checked first: its ITRANS, HK,
// OPTITRANS and Velthuis schemes are Sanskrit-centred (`e` gives long ఏ, so `telugu` becomes
// తేలుగు; `c`/`ee` differ), so the table is our own. It is the only key table: the help popover
// next to the toggle renders KEY_TABLE.
import { foldLatin } from './tenglish.ts';
import { CASE_ENDINGS, DICTIONARY, LETTER_NAMES } from './telugu-typing-dictionary.ts';

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

/** A character a typed Latin word is made of: a-z, A-Z and the scheme's own `~` and `_`. */
function isTypingChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 126 || code === 95;
}

/**
 * The Latin word that ends at `end` in `text` (empty when none): everything else commits a word.
 * A backward scan, one step per character, so a field of any length costs linear time (an
 * end-anchored regex retries from every letter of a long run that a non-letter ends).
 */
export function typingWordBefore(text: string, end = text.length): string {
  let start = end;
  while (start > 0 && isTypingChar(text.charCodeAt(start - 1))) start--;
  return text.slice(start, end);
}

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

/**
 * Short words everyone types the short way although the word is spelt long (Gboard knows them from
 * its dictionary): exact lower-case spellings only.
 */
export const COMMON_WORDS: Record<string, string[]> = {
  కూడా: ['kuda', 'kooda'],
  ఎలా: ['ela'],
  ఇలా: ['ila'],
  అలా: ['ala'],
  చాలా: ['chala', 'chaala'],
  ఇంకా: ['inka'],
  ద్వారా: ['dwara', 'dvara', 'dwaara'],
  తర్వాత: ['tarvata', 'tarvaata', 'tharvatha'],
  కోసం: ['kosam'],
  లేదు: ['ledu'],
  లేదా: ['leda', 'ledaa'],
  లేక: ['leka'],
  కాదు: ['kadu'],
  కానీ: ['kani', 'kaani'],
  నేను: ['nenu'],
  మేము: ['memu'],
  ఏమి: ['emi'],
  ఏది: ['edi'],
  మా: ['ma'],
  నా: ['na'],
  తో: ['tho', 'to'],
};
const WORD_BY_SPELLING = new Map<string, string>();
for (const [telugu, spellings] of Object.entries(COMMON_WORDS)) for (const s of spellings) WORD_BY_SPELLING.set(s, telugu);
const DICTIONARY_WORD = new Map<string, string>();
for (const [telugu, spellings] of Object.entries(DICTIONARY)) for (const s of spellings) DICTIONARY_WORD.set(s, telugu);
/** Longest first, so nagaramloni ends in -loni, not -ni. */
const ENDINGS = Object.keys(CASE_ENDINGS).sort((a, b) => b.length - a.length);

/** A stem that takes a case ending: a dictionary word or a common name. */
const stemOf = (latin: string) => DICTIONARY_WORD.get(latin) ?? NAME_BY_FOLD.get(foldLatin(latin));

/** The case ending (in small letters) a word ends in, when what is before it can be a noun. */
function caseEndingOf(latin: string): string | undefined {
  return ENDINGS.find((e) => latin.length - e.length >= 2 && latin.endsWith(e));
}

/**
 * A stem and its ending as Gboard joins them: a stem that ends in a bare consonant keeps its
 * half form with a ZWNJ (హైదరాబాద్‌లో), any other joins straight on (విజయవాడలో).
 */
const join = (stem: string, ending: string) => (stem.endsWith(VIRAMA) ? `${stem}\u200c${ending}` : stem + ending);

/** An all-capital word (an acronym) letter by letter as Telugu writes it: GHMC → జీహెచ్ఎంసీ. */
const spellAcronym = (caps: string) => DICTIONARY_WORD.get(caps.toLowerCase()) ?? [...caps].map((c) => LETTER_NAMES[c]).join('');

type Piece = { key: string; token: Token } | { key: string; token?: undefined };

/** Cuts a Latin word into the table's keys (greedy, longest key first); other characters alone. */
function tokenize(latin: string): Piece[] {
  const pieces: Piece[] = [];
  for (let i = 0; i < latin.length;) {
    let len = Math.min(LONGEST, latin.length - i);
    for (; len > 0; len--) {
      const key = latin.slice(i, i + len);
      const token = TOKENS.get(key);
      if (token) {
        pieces.push({ key, token });
        break;
      }
    }
    if (len === 0) {
      pieces.push({ key: latin[i] });
      len = 1;
    }
    i += len;
  }
  return pieces;
}

const piece = (key: string): Piece => ({ key, token: TOKENS.get(key)! });
const isVowel = (p: Piece | undefined) => p?.token?.kind === 'vowel';
const isConsonant = (p: Piece | undefined) => p?.token?.kind === 'consonant';

/** Consonants before which a typed n or m keeps its own letter (అన్న, అమ్మ, జన్మ, అన్యాయం). */
const KEEPS_N = new Set(['n', 'm', 'y', 'v', 'w', 'r', 'l', 's', 'sh', 'Sh', 'S']);
const KEEPS_M = new Set(['m', 'y', 'r', 'l']);

/**
 * The conventions of Gboard and Google's Telugu input, on top of the scheme (lower-case keys
 * only, so the scheme's capitals mean what they always meant):
 * - a word-final m after a vowel, and an n or m between a vowel and a consonant, is the anusvara
 *   (varsham → వర్షం, kurisindi → కురిసింది), except before the consonants in KEEPS_N/KEEPS_M;
 * - a word-final o or e is long (lo → లో, ayite → అయితే), so is the o of the ending -ondi
 *   (vastondi → వస్తోంది), and word-final tho is తో (vaaritho → వారితో);
 * - the a of -aru/-ayi after two consonants is long (annaru → అన్నారు, vastaru → వస్తారు).
 * `ending` is the first key of a case ending that follows: the pieces are a noun, so its final m
 * is final (varshamlo → వర్షంలో) and an n before the ending follows the rule above.
 */
function applyConventions(pieces: Piece[], ending?: Piece): Piece[] {
  const out = pieces.slice();
  const n = out.length;
  const last = out[n - 1];
  for (let i = 0; i < n; i++) {
    const p = out[i];
    if ((p.key === 'n' || p.key === 'm') && isVowel(out[i - 1])) {
      const next = out[i + 1] ?? ending;
      const keeps = p.key === 'n' ? KEEPS_N : KEEPS_M;
      // A noun's final m stays final before its case ending: varshamlo → వర్షంలో.
      const final = p.key === 'm' && out[i + 1] === undefined;
      if (final || (isConsonant(next) && !keeps.has(next!.key))) out[i] = piece('M');
    }
  }
  if (n >= 2 && isConsonant(out[n - 2]) && (last.key === 'o' || last.key === 'e')) {
    out[n - 1] = piece(last.key === 'o' ? 'O' : 'E');
    if (out[n - 2].key === 'th' && last.key === 'o') out[n - 2] = piece('t');
  }
  const tail = (keys: string[]) => keys.every((k, j) => out[n - keys.length + j]?.key === k);
  if (n >= 5 && tail(['o', 'M', 'd', 'i'])) out[n - 4] = piece('O');
  if (n >= 5 && (tail(['a', 'r', 'u']) || tail(['a', 'y', 'i'])) && isConsonant(out[n - 4]) && isConsonant(out[n - 5]))
    out[n - 3] = piece('aa');
  return out;
}

function render(pieces: Piece[]): string {
  let out = '';
  let afterConsonant = false; // a consonant is waiting for its vowel (or a virama)
  for (const { key, token } of pieces) {
    if (!token) {
      if (afterConsonant) out += VIRAMA;
      out += key;
      afterConsonant = false;
      continue;
    }
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

/** Converts one Latin word by the scheme's table alone (strict RTS: varShaM → వర్షం). */
export function schemeToTelugu(latin: string): string {
  return render(tokenize(latin));
}

/**
 * A typed word as Telugu, as Gboard would spell it: an acronym letter by letter (TDP → టీడీపీ,
 * GHMCki → జీహెచ్ఎంసీకి); a word of the dictionary, a common name or a short word spelt the English
 * way, alone or with a case ending (hyderabadlo → హైదరాబాద్‌లో); else the scheme with Gboard's
 * conventions (varsham → వర్షం, lo → లో, varshamlo → వర్షంలో).
 */
export function transliterateWord(latin: string): string {
  const acronym = /^([A-Z]{2,})([a-z]*)$/.exec(latin);
  if (acronym) {
    const [, caps, rest] = acronym;
    const word = DICTIONARY_WORD.get(latin.toLowerCase()); // MLAs → ఎమ్మెల్యేలు
    if (word) return word;
    if (!rest) return spellAcronym(caps);
    if (Object.hasOwn(CASE_ENDINGS, rest)) return join(spellAcronym(caps), CASE_ENDINGS[rest]);
  }
  // Words in small letters are looked up, and a name or loanword capitalised at the start of a
  // sentence (Police); any other capital is the scheme's key (hyderabaD).
  const lower = latin.toLowerCase();
  const small = latin === lower;
  const looked = small || /^[A-Z][a-z]+$/.test(latin);
  const known = (small ? WORD_BY_SPELLING.get(latin) : undefined) ?? (looked ? stemOf(lower) : undefined);
  if (known) return known;
  const ending = caseEndingOf(latin);
  if (!ending) return render(applyConventions(tokenize(latin)));
  const body = latin.slice(0, -ending.length);
  const stem = looked ? stemOf(body.toLowerCase()) : undefined;
  if (stem) return join(stem, CASE_ENDINGS[ending]);
  return render(applyConventions(tokenize(body), tokenize(ending)[0])) + CASE_ENDINGS[ending];
}
