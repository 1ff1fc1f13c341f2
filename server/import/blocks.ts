// Block-editor (Gutenberg) content: `<!-- wp:name {attrs} -->html<!-- /wp:name -->` comments around
// ordinary HTML. The comments go; galleries hand their pictures to the article, YouTube embeds become
// the article's video, other embeds a link; columns and groups are read in order (one column of text
// on a phone anyway). Dynamic blocks (latest posts, archives) have no stored HTML and vanish.
import { linkParagraph, youtubeIdOf, type ContentExtras } from './shortcodes.ts';

export const hasBlocks = (html: string) => html.includes('<!-- wp:');

type Block = { name: string; attrs: Record<string, unknown>; parts: (string | Block)[] };

// The block delimiter of WordPress's block parser (class-wp-block-parser.php).
const DELIMITER = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+(\{[\s\S]*?\}\s+)?(\/)?-->/g;

export function parseBlocks(html: string): (string | Block)[] {
  const root: Block = { name: '', attrs: {}, parts: [] };
  const stack: Block[] = [root];
  let last = 0;
  for (const m of html.matchAll(DELIMITER)) {
    const top = stack[stack.length - 1];
    if (m.index > last) top.parts.push(html.slice(last, m.index));
    last = m.index + m[0].length;
    const [, closer, namespace, localName, json, selfClosing] = m;
    const name = `${namespace ?? 'core/'}${localName}`;
    if (closer) {
      // A closer that matches nothing open is ignored, as WordPress does.
      const at = stack.findLastIndex((b) => b.name === name);
      if (at > 0) stack.length = at;
      continue;
    }
    let attrs: Record<string, unknown> = {};
    if (json) {
      try {
        attrs = JSON.parse(json) as Record<string, unknown>;
      } catch {
        attrs = {};
      }
    }
    const block: Block = { name, attrs, parts: [] };
    top.parts.push(block);
    if (!selfClosing) stack.push(block);
  }
  stack[stack.length - 1].parts.push(html.slice(last));
  return root.parts;
}

const text = (parts: (string | Block)[], extras: ContentExtras): string =>
  parts.map((p) => (typeof p === 'string' ? p : renderBlock(p, extras))).join('');

function imageSources(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) => m[1] ?? m[2]);
}

function renderBlock(block: Block, extras: ContentExtras): string {
  const local = block.name.replace(/^core\//, '').replace(/^core-embed\//, 'embed-');
  switch (true) {
    case local === 'embed' || local.startsWith('embed-') || local === 'video': {
      const inner = text(block.parts, extras);
      const url = typeof block.attrs.url === 'string' ? block.attrs.url : (/https?:\/\/[^\s<>"]+/.exec(inner)?.[0] ?? '');
      const id = youtubeIdOf(url) ?? youtubeIdOf(/src="([^"]+)"/.exec(inner)?.[1] ?? '');
      if (id) {
        extras.youtubeIds.push(id);
        return '';
      }
      return url ? linkParagraph(url) : '';
    }
    case local === 'gallery': {
      // Old galleries list their ids in attrs; new ones (WordPress 5.9+) nest image blocks.
      const inner = text(block.parts, { ...extras, imageUrls: [] });
      const urls = imageSources(inner);
      if (urls.length > 0) extras.imageUrls.push(...urls);
      else if (Array.isArray(block.attrs.ids)) extras.galleries.push(block.attrs.ids.map(Number).filter((n) => n > 0));
      return '';
    }
    default:
      // Columns, groups, quotes, lists, images (their figure and caption stay): the inner HTML.
      return text(block.parts, extras);
  }
}

/** The HTML of block-editor content, without its block comments. */
export function renderBlocks(html: string, extras: ContentExtras): string {
  return text(parseBlocks(html), extras);
}
