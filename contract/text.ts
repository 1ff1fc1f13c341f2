// Text helpers shared by the server and the browser.

/** ZWNJ (U+200C) and ZWJ (U+200D) change how a Telugu word is drawn, not which word it is. */
const JOINERS = /[\u200c\u200d]/g;

/**
 * The form in which text is indexed and queried: NFC, joiners removed, lower-cased, white space
 * folded. Both engines (PGlite = PostgreSQL 18, Debian = 15) then see the same characters.
 */
export function normaliseForSearch(text: string): string {
  // NUL: PostgreSQL refuses it in a query parameter, and it is no part of any word.
  return text.normalize('NFC').replace(JOINERS, '').replaceAll('\u0000', '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * A numeric character reference as the HTML parser reads it: NUL, surrogates and anything past
 * U+10FFFF (or too long to be a number at all) become U+FFFD. `String.fromCodePoint` throws on
 * those, and one such title used to take every page that lists it down.
 */
function fromCharacterReference(code: number): string {
  if (!Number.isSafeInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

// Every list on a page strips the titles and summaries it shows, the same strings on every render
// of the home page (docs/performance.md): strings as short as a title (at most 300 characters) are
// stripped once. Bounded: 4,096 of them, a few MB at the very most; bodies are never kept.
const strippedShort = new Map<string, string>();
const SHORT = 300;

/** Plain text from HTML: tags dropped, common entities decoded, white space folded. */
export function stripTags(html: string): string {
  if (html.length > SHORT) return stripTagsNow(html);
  let plain = strippedShort.get(html);
  if (plain === undefined) {
    plain = stripTagsNow(html);
    if (strippedShort.size >= 4096) strippedShort.clear();
    strippedShort.set(html, plain);
  }
  return plain;
}

function stripTagsNow(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html.replace(/\s+/g, ' ').trim();
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|div|br|h[1-6]|li|blockquote)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e[1] === 'x' || e[1] === 'X') return fromCharacterReference(parseInt(e.slice(2), 16));
      if (e.startsWith('#')) return fromCharacterReference(parseInt(e.slice(1), 10));
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts at a grapheme boundary (never inside a Telugu conjunct) and adds an ellipsis when cut. */
export function truncateGraphemes(text: string, max: number): string {
  const segments = [...new Intl.Segmenter('te', { granularity: 'grapheme' }).segment(text)];
  let out = '';
  for (const { segment } of segments) {
    if (out.length + segment.length > max - 1) return `${out.trimEnd()}…`;
    out += segment;
  }
  return out;
}
