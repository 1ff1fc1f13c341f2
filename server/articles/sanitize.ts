// The server's HTML allowlist: exactly what the rich-text editor produces (docs/product.md editor).
// The tag and style lists are shared with the browser's DOMPurify (contract/article-form.ts).
import sanitizeHtml from 'sanitize-html';
import { EDITOR_STYLES, EDITOR_TAGS } from '../../contract/article-form.ts';
import { badRequest } from '../http/errors.ts';

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

/** Deeper than any editor output (lists in quotes in lists...): a page of deeply nested tags held the event loop for seconds. */
export const MAX_HTML_DEPTH = 100;
export const MAX_HTML_TAGS = 20_000;
export const HTML_TOO_DEEP = `The content is nested too deeply (at most ${MAX_HTML_DEPTH} levels). Simplify its formatting.`;
export const HTML_TOO_MANY_TAGS = `The content has too many tags (at most ${MAX_HTML_TAGS}). Simplify its formatting.`;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * Refuses markup the sanitiser would spend long on, before it runs: one linear pass over the tags
 * keeps the open ones the way the parser does (a close tag closes up to its match, a stray one
 * is ignored), so mismatched closes cannot hide the depth.
 */
export function checkHtmlShape(html: string, field = 'content') {
  const open: string[] = [];
  let tags = 0;
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][^\s/>]*)[^>]*?(\/?)>/g)) {
    if (++tags > MAX_HTML_TAGS) throw badRequest(HTML_TOO_MANY_TAGS, { [field]: HTML_TOO_MANY_TAGS });
    const name = m[2].toLowerCase();
    if (m[1]) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
    } else if (!m[3] && !VOID.has(name)) {
      open.push(name);
      if (open.length > MAX_HTML_DEPTH) throw badRequest(HTML_TOO_DEEP, { [field]: HTML_TOO_DEEP });
    }
  }
}

export function sanitizeArticleHtml(html: string): string {
  checkHtmlShape(html);
  return sanitizeHtml(html, articleOptions).trim();
}
