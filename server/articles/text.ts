// Derived article text, computed once at write time (never on a page render).
import { PREVIEW_LENGTH } from '../../contract/articles.ts';
import { normaliseForSearch, stripTags, truncateGraphemes } from '../../contract/text.ts';
import { tenglishFold } from '../../contract/tenglish.ts';

/** docs/product.md: plain text, tags stripped, at most 150 characters. */
export function shortDescriptionFor(contentHtml: string): string {
  return truncateGraphemes(stripTags(contentHtml), PREVIEW_LENGTH);
}

/** What the search index holds for an article: title and body text, normalised. */
export function searchTextFor(title: string, contentHtml: string): string {
  return normaliseForSearch(`${title} ${stripTags(contentHtml)}`);
}

/**
 * Every search column of an article, for every write path (articles, review edits, seed, test
 * fixtures): the normalised Telugu text, and the Tenglish copies (romanised and folded, see
 * contract/tenglish.ts) of the title (for ranking) and of title and body (for matching).
 */
export function searchFieldsFor(title: string, contentHtml: string) {
  const searchText = searchTextFor(title, contentHtml);
  const titleLatin = tenglishFold(title);
  return { searchText, titleLatin, searchLatin: tenglishFold(searchText) };
}
