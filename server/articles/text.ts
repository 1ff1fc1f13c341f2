// Derived article text, computed once at write time (never on a page render).
import { PREVIEW_LENGTH } from '../../contract/articles.ts';
import { normaliseForSearch, stripTags, truncateGraphemes } from '../../contract/text.ts';

/** DESIGN.md: plain text, tags stripped, at most 150 characters. */
export function shortDescriptionFor(contentHtml: string): string {
  return truncateGraphemes(stripTags(contentHtml), PREVIEW_LENGTH);
}

/** What the search index holds for an article: title and body text, normalised. */
export function searchTextFor(title: string, contentHtml: string): string {
  return normaliseForSearch(`${title} ${stripTags(contentHtml)}`);
}
