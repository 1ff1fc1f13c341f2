// Search words and title highlighting, shared by the search service and the search page.
import { normaliseForSearch } from './text.ts';
import { isLatinWord, queryWordForms, tenglishFold, tenglishMatches } from './tenglish.ts';
import { SHORT_NAMES } from './short-names.ts';

export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_WORDS = 8;

/** The query as the index sees it (NFC, no ZWNJ/ZWJ, lower-cased), split into distinct words. */
export function searchWords(query: string): string[] {
  const words = normaliseForSearch(query.slice(0, MAX_QUERY_LENGTH)).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

export type HighlightPart = { text: string; match: boolean };

const JOINERS = /[\u200c\u200d]/g;
/** One grapheme in the index's form; white space stays one character per grapheme so offsets line up. */
const normaliseGrapheme = (g: string) => g.normalize('NFC').replace(JOINERS, '').toLowerCase().replace(/\s/g, ' ');

let segmenter: Intl.Segmenter | undefined;

/**
 * Splits `text` into plain and matched parts for the query's words. Matching happens on the
 * normalised text (so a query without ZWNJ, or in decomposed form, still matches), but every
 * cut falls on a grapheme-cluster boundary of the original text, which is returned unchanged:
 * a Telugu syllable is never split, and joining the parts gives back `text` exactly.
 * Render the parts as text (never as HTML).
 */
export function highlightParts(text: string, query: string): HighlightPart[] {
  const words = searchWords(query);
  if (!text) return [];
  if (words.length === 0) return [{ text, match: false }];
  segmenter ??= new Intl.Segmenter('te', { granularity: 'grapheme' });
  const graphemes = Array.from(segmenter.segment(text), (s) => s.segment);
  // The normalised text, and for each of its UTF-16 units the grapheme it came from.
  let normalised = '';
  const owner: number[] = [];
  graphemes.forEach((g, i) => {
    const n = normaliseGrapheme(g);
    normalised += n;
    for (let k = 0; k < n.length; k++) owner.push(i);
  });
  const matched = new Array<boolean>(graphemes.length).fill(false);
  // A short name (vizag) marks the Telugu names it stands for (విశాఖ).
  const names = words.filter(isLatinWord).flatMap((w) => (SHORT_NAMES[w] ?? []).map((n) => normaliseForSearch(n)));
  for (const word of [...words, ...names]) {
    for (let at = normalised.indexOf(word); at !== -1; at = normalised.indexOf(word, at + 1)) {
      for (let k = at; k < at + word.length; k++) matched[owner[k]] = true;
    }
  }
  markTenglishMatches(graphemes, words, matched);
  const parts: HighlightPart[] = [];
  graphemes.forEach((g, i) => {
    const last = parts[parts.length - 1];
    if (last && last.match === matched[i]) last.text += g;
    else parts.push({ text: g, match: matched[i] });
  });
  return parts;
}

/**
 * Words typed in English letters (Tenglish) match the Telugu words the search service matched:
 * each word of the text is folded as the index folds it (contract/tenglish.ts), and a word found
 * by a folded query word is marked whole.
 */
function markTenglishMatches(graphemes: string[], words: string[], matched: boolean[]) {
  const latin = words.filter(isLatinWord).flatMap(queryWordForms);
  if (latin.length === 0) return;
  let start = 0;
  for (let i = 0; i <= graphemes.length; i++) {
    if (i < graphemes.length && !/^\s+$/.test(graphemes[i])) continue;
    if (i > start) {
      const folded = tenglishFold(graphemes.slice(start, i).join('')).split(' ').filter(Boolean);
      if (latin.some((q) => folded.some((f) => tenglishMatches(q, f)))) for (let k = start; k < i; k++) matched[k] = true;
    }
    start = i + 1;
  }
}
