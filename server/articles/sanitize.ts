// The server's HTML allowlist: exactly what the rich-text editor produces (SPEC.md §9 editor).
import sanitizeHtml from 'sanitize-html';

const ALIGN = /^(left|center|right|justify)$/;
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i;
const FONT_SIZE = /^(12|14|16|18|20)px$/;

const articleOptions: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a', 'span', 'mark', 'code', 'pre', 'hr'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    span: ['style'],
    mark: ['style', 'data-color'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
  },
  allowedStyles: {
    '*': { 'text-align': [ALIGN], color: [COLOR], 'background-color': [COLOR], 'font-size': [FONT_SIZE] },
  },
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
