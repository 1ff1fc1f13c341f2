// WordPress shortcodes and auto-embeds in imported content. [caption] becomes a figure with its
// caption, [gallery] hands its pictures to the article, [embed] / [youtube] / a YouTube link on a
// line of its own becomes the article's video, and any other shortcode is removed with its text kept.

/** What the content asked for beyond its HTML: pictures and videos go to the article's fields. */
export type ContentExtras = {
  youtubeIds: string[];
  /** Attachment ids of [gallery ids="..."]; 'attached' for a bare [gallery] (the post's attachments). */
  galleries: (number[] | 'attached')[];
  /** Pictures named by URL outside <img> (block galleries). */
  imageUrls: string[];
};
export const emptyExtras = (): ContentExtras => ({ youtubeIds: [], galleries: [], imageUrls: [] });

const YOUTUBE =
  /^https?:\/\/(?:www\.|m\.)?(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#\s]*&)?v=|embed\/|v\/|shorts\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/i;

/** The 11-character video id of a YouTube URL, or null. */
export function youtubeIdOf(url: string): string | null {
  return YOUTUBE.exec(url.trim().replaceAll('&amp;', '&'))?.[1] ?? null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
export const linkParagraph = (url: string) => `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;

/**
 * WordPress's autoembed (run before wpautop): a URL alone on its line is an embed. A YouTube one
 * becomes the article's video and leaves the text; any other stays as a link.
 */
export function autoembed(html: string, extras: ContentExtras): string {
  const replace = (url: string) => {
    const id = youtubeIdOf(url);
    if (id) {
      extras.youtubeIds.push(id);
      return '';
    }
    return `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  };
  return html
    .replace(
      /^(\s*)(https?:\/\/[^\s<>"]+)(\s*)$/gim,
      (_m, before: string, url: string, after: string) => before + replace(url) + after,
    )
    .replace(
      /(<p(?: [^>]*)?>\s*)(https?:\/\/[^\s<>"]+)(\s*<\/p>)/gi,
      (_m, open: string, url: string, close: string) => open + replace(url) + close,
    );
}

/** shortcode_parse_atts(): name="value", name='value', name=value and bare values. */
export function parseAttributes(text: string): Record<string, string> {
  const atts: Record<string, string> = {};
  const pattern =
    /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)|"([^"]*)"(?:\s|$)|'([^']*)'(?:\s|$)|(\S+)(?:\s|$)/g;
  let n = 0;
  const normalised = text.replace(/[\u00a0\u200b]/g, ' ');
  for (const m of normalised.matchAll(pattern)) {
    if (m[1]) atts[m[1].toLowerCase()] = m[2];
    else if (m[3]) atts[m[3].toLowerCase()] = m[4];
    else if (m[5]) atts[m[5].toLowerCase()] = m[6];
    else atts[String(n++)] = m[7] ?? m[8] ?? m[9] ?? '';
  }
  return atts;
}

// get_shortcode_regex() for any name; the possessive `*+` of PHP are plain `*` here, which cannot
// backtrack badly because every repetition of the inner group starts with '['.
const SHORTCODE =
  /\[(\[?)([A-Za-z_][\w-]*)(?![\w-])([^\]/]*(?:\/(?!\])[^\]/]*)*?)(?:(\/)\]|\](?:([^[]*(?:\[(?!\/\2\])[^[]*)*)\[\/\2\])?)(\]?)/g;

/** shortcode_unautop(): a shortcode alone in a paragraph is not wrapped in <p>. */
export function shortcodeUnautop(html: string): string {
  return html.replace(
    /<p>\s*(\[([A-Za-z_][\w-]*)(?![\w-])[^\]]*\](?:[\s\S]*?\[\/\2\])?)(?:\s*<br \/>)?\s*<\/p>/g,
    (m, shortcode: string, name: string) => {
      // Only when the closing tag (if any) belongs to this shortcode and nothing else is inside.
      if (shortcode.includes('</p>')) return m;
      void name;
      return shortcode;
    },
  );
}

function caption(atts: Record<string, string>, inner: string): string {
  let body = inner;
  let text = atts.caption ?? '';
  if (!text) {
    // The caption is the text after the picture (and the link around it).
    const m = /^\s*((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
    if (m) {
      body = m[1];
      text = m[2].trim();
    }
  }
  const captionHtml = text ? `<figcaption>${text}</figcaption>` : '';
  return `<figure>${body.trim()}${captionHtml}</figure>`;
}

/**
 * Runs every shortcode of `html` (nested ones in kept text too). [[name]] is WordPress's escape:
 * it stays as the literal text [name].
 */
export function applyShortcodes(html: string, extras: ContentExtras): string {
  return html.replace(
    SHORTCODE,
    (
      match,
      open: string,
      name: string,
      rawAtts: string,
      selfClosing: string | undefined,
      inner: string | undefined,
      close: string,
    ) => {
      if (open === '[' && close === ']') return match.slice(1, -1);
      const atts = parseAttributes(rawAtts);
      const content = inner ?? '';
      const tag = name.toLowerCase();
      void selfClosing;
      switch (tag) {
        case 'caption':
        case 'wp_caption':
          return open + caption(atts, applyShortcodes(content, extras)) + close;
        case 'gallery': {
          const ids = (atts.ids ?? atts.include ?? '')
            .split(',')
            .map((s) => Number.parseInt(s.trim(), 10))
            .filter((n) => n > 0);
          extras.galleries.push(ids.length > 0 ? ids : 'attached');
          return open + close;
        }
        case 'embed':
        case 'youtube':
        case 'video': {
          const url = (content || atts.src || atts.url || atts.mp4 || atts['0'] || rawAtts.replace(/^=/, '')).trim();
          const id = youtubeIdOf(url.replace(/^=/, ''));
          if (id) {
            extras.youtubeIds.push(id);
            return open + close;
          }
          return open + (/^https?:\/\//.test(url) ? linkParagraph(url) : '') + close;
        }
        default:
          // Unknown shortcodes (a plugin's): the shortcode goes, the text it wrapped stays.
          // Words in brackets with no name=value attribute ("[citation needed]") are not a shortcode.
          if (inner === undefined && !selfClosing && rawAtts.trim() !== '' && !rawAtts.includes('=')) return match;
          return open + applyShortcodes(content, extras) + close;
      }
    },
  );
}
