// An imported post's HTML, from WordPress's stored form to what the site stores for any article:
// the transformations WordPress applies when it shows a post, then the pictures taken out (they
// become the article's pictures), then the same sanitiser as every article.
import sanitizeHtml from 'sanitize-html';
import { sanitizeArticleHtml } from '../articles/sanitize.ts';
import { wpautop } from './autop.ts';
import { hasBlocks, renderBlocks } from './blocks.ts';
import { applyShortcodes, autoembed, emptyExtras, shortcodeUnautop, youtubeIdOf, type ContentExtras } from './shortcodes.ts';

export type ContentPicture = { url: string; attachmentId?: number };
export type ImportedContent = {
  html: string;
  youtubeVideoId: string | null;
  /** Every picture the post shows, in order: content images, then galleries. */
  pictures: ContentPicture[];
  galleries: ContentExtras['galleries'];
};

/** WordPress's order: blocks, or autoembed + wpautop for classic posts; then shortcodes. */
export function renderWordpressHtml(raw: string, extras: ContentExtras): string {
  // WordPress stores line ends as they came; its filters see \n.
  const source = raw.replace(/\r\n?/g, '\n');
  if (hasBlocks(source)) return applyShortcodes(renderBlocks(source, extras), extras);
  return applyShortcodes(shortcodeUnautop(wpautop(autoembed(source, extras))), extras);
}

/**
 * Takes the <img> elements out (recording their address and attachment id), and drops what they
 * leave empty: a link around a picture, a figure with no caption, an empty paragraph. Elements
 * the editor lacks become their nearest equivalent (h4-h6 → h3, table rows → paragraphs).
 */
export function takePictures(html: string): { html: string; pictures: ContentPicture[]; frames: string[] } {
  const pictures: ContentPicture[] = [];
  const frames: string[] = [];
  const out = sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      // What the article editor has no element for, in the nearest one it has, so the structure
      // survives the sanitiser (which would otherwise keep only the text, run together).
      h4: 'h3',
      h5: 'h3',
      h6: 'h3',
      tr: 'p',
      th: 'strong',
      td: 'span',
      dt: 'p',
      dd: 'p',
      caption: 'p',
      address: 'p',
      del: 's',
      ins: 'u',
      img: (tagName, attribs) => {
        const id = /(?:^|\s)wp-image-(\d+)(?:\s|$)/.exec(attribs.class ?? '')?.[1];
        if (attribs.src) pictures.push({ url: attribs.src, ...(id ? { attachmentId: Number(id) } : {}) });
        return { tagName, attribs };
      },
      // A pasted YouTube player: its address names the article's video.
      iframe: (tagName, attribs) => {
        if (attribs.src) frames.push(attribs.src);
        return { tagName, attribs };
      },
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'img' ||
      ((frame.tag === 'a' || frame.tag === 'figure' || frame.tag === 'p') &&
        frame.text.trim() === '' &&
        !frame.mediaChildren?.length),
  });
  return { html: out, pictures, frames };
}

/** Block comments and taken-out pictures leave runs of blank lines between elements; <pre> keeps its own. */
export function tidyBlankLines(html: string): string {
  return html
    .split(/(<pre[\s>][\s\S]*?<\/pre>)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/>[^\S\n]*\n\s*</g, '>\n<')))
    .join('');
}

export function importContent(raw: string): ImportedContent {
  const extras = emptyExtras();
  const rendered = renderWordpressHtml(raw, extras);
  const { html, pictures, frames } = takePictures(rendered);
  for (const src of frames) {
    const id = youtubeIdOf(src.startsWith('//') ? `https:${src}` : src);
    if (id) extras.youtubeIds.push(id);
  }
  return {
    html: tidyBlankLines(sanitizeArticleHtml(html)),
    youtubeVideoId: extras.youtubeIds[0] ?? null,
    pictures: [...pictures, ...extras.imageUrls.map((url) => ({ url }))],
    galleries: extras.galleries,
  };
}
