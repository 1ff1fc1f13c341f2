// Derived article text, computed once at write time (never on a page render).
import { PREVIEW_LENGTH } from '../../contract/articles.ts';
import { normaliseForSearch, stripTags, truncateGraphemes } from '../../contract/text.ts';
import { tenglishFold } from '../../contract/tenglish.ts';

// Punctuation that already ends a heading (Latin, Devanagari danda, ellipsis, dashes, quotes).
// Written with escapes (। ॥ … – — ” ’): one non-ASCII character in the server bundle makes V8 keep
// all of its source in UTF-16, 3 MB more resident (esbuild escapes strings, not regular expressions).
const ENDS_A_SENTENCE = /[.!?:;,\u0964\u0965\u2026\u2013\u2014"'\u201d\u2019)]$/u;

/**
 * A heading read as part of a preview ends where it ends: 'వర్షం బీభత్సం' followed by 'నగరంలో...'
 * becomes 'వర్షం బీభత్సం. నగరంలో...', never one run-on sentence.
 */
function endHeadings(html: string): string {
  // One pass over the heading tags (linear, whatever the markup): a close tag gets a full stop
  // before it when the heading's text does not already end a sentence.
  let out = '';
  let from = 0;
  let openedAt = -1;
  for (const m of html.matchAll(/<(\/?)h[1-6]\b[^>]*>/gi)) {
    const at = m.index;
    if (!m[1]) {
      openedAt = at + m[0].length;
      continue;
    }
    if (openedAt < 0) continue;
    const text = stripTags(html.slice(openedAt, at));
    openedAt = -1;
    if (!text || ENDS_A_SENTENCE.test(text)) continue;
    out += `${html.slice(from, at)}.`;
    from = at;
  }
  return out + html.slice(from);
}

/**
 * docs/product.md: plain text, tags stripped, at most 150 characters. The reporter's own summary
 * when there is one; else the body's opening, blocks apart and headings ended with a full stop.
 */
export function shortDescriptionFor(contentHtml: string, summary?: string | null): string {
  const own = summary?.trim();
  if (own) return truncateGraphemes(stripTags(own), PREVIEW_LENGTH);
  return truncateGraphemes(stripTags(endHeadings(contentHtml)), PREVIEW_LENGTH);
}

/** What the search index holds for an article: title and body text, normalised. */
export function searchTextFor(title: string, contentHtml: string): string {
  return normaliseForSearch(`${title} ${stripTags(contentHtml)}`);
}

/**
 * Every search column of an article, for every write path (articles, review edits, seed, test
 * fixtures): the normalised Telugu text, and the Tenglish copies (romanised and folded, see
 * contract/tenglish.ts) of the title (for ranking) and of title, body and tags (for matching).
 */
export function searchFieldsFor(title: string, contentHtml: string, tags: readonly string[] = []) {
  // The tags follow the text, so search finds a story by its topics (as the WordPress import did).
  const searchText = [searchTextFor(title, contentHtml), normaliseForSearch(tags.join(' '))].filter(Boolean).join(' ');
  const titleLatin = tenglishFold(title);
  return { searchText, titleLatin, searchLatin: tenglishFold(searchText) };
}
