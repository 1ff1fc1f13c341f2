// The server's HTML allowlist: exactly what the rich-text editor produces (SPEC.md §9 editor).
// The tag and style lists are shared with the browser's DOMPurify (contract/article-form.ts).
import sanitizeHtml from 'sanitize-html';
import { EDITOR_STYLES, EDITOR_TAGS } from '../../contract/article-form.ts';

const articleOptions: sanitizeHtml.IOptions = {
  allowedTags: EDITOR_TAGS,
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    span: ['style'],
    mark: ['style', 'data-color'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
  },
  allowedStyles: { '*': Object.fromEntries(Object.entries(EDITOR_STYLES).map(([property, pattern]) => [property, [pattern]])) },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // Links in articles open safely and pass no referrer-based trust.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, articleOptions).trim();
}
