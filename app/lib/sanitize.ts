// Browser-side sanitising with DOMPurify (docs/product.md: content is sanitised before submit and before
// display). The server sanitises again with the same allowlist; this is defence in depth.
import DOMPurify from 'dompurify';
import { EDITOR_TAGS, VIEW_TAGS, filterEditorStyle } from '../../contract/article-form.ts';

let hooked = false;
function purifier() {
  if (!hooked && DOMPurify.isSupported) {
    hooked = true;
    DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
      // DOMPurify keeps any style; only the declarations the editor writes survive here.
      if (data.attrName === 'style') {
        data.attrValue = filterEditorStyle(data.attrValue);
        if (!data.attrValue) data.keepAttr = false;
      }
    });
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
  }
  return DOMPurify;
}

/** Editor output before it is sent: the editor's own tag set. */
export function sanitizeEditorHtml(html: string): string {
  // Dashboards render in the browser only; without a DOM there is nothing safe to return.
  if (typeof window === 'undefined') return '';
  return purifier().sanitize(html, {
    ALLOWED_TAGS: EDITOR_TAGS,
    ALLOWED_ATTR: ['style', 'href', 'target', 'rel', 'data-color'],
    ALLOWED_URI_REGEXP: /^(https?:|mailto:)/i,
  });
}

/** Read-only reporter and admin views: a restricted tag set, no links, no code. */
export function sanitizeForView(html: string): string {
  if (typeof window === 'undefined') return '';
  return purifier().sanitize(html, { ALLOWED_TAGS: VIEW_TAGS, ALLOWED_ATTR: ['style'] });
}
