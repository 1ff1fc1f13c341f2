// A streaming reader of WordPress eXtended RSS (WXR 1.0-1.2, Tools → Export). The file is read in
// chunks through saxes and handed out one author, category or item at a time, so an export of any
// size is read in a few megabytes. Comments on posts are skipped.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { SaxesParser } from 'saxes';

export type WxrAuthor = { login: string; email: string; displayName: string };
export type WxrCategory = { nicename: string; parent: string; name: string };
export type WxrItem = {
  title: string;
  link: string;
  guid: string;
  creator: string;
  content: string;
  excerpt: string;
  postId: number;
  postDate: string;
  postDateGmt: string;
  postName: string;
  status: string;
  postType: string;
  postParent: number;
  attachmentUrl: string;
  password: string;
  categories: { domain: string; nicename: string; name: string }[];
  meta: Record<string, string>;
  /** Line of the item's opening tag, for messages. */
  line: number;
};
export type WxrEntry =
  { kind: 'author'; author: WxrAuthor } | { kind: 'category'; category: WxrCategory } | { kind: 'item'; item: WxrItem };

/** The file is not well-formed XML, or not a WordPress export. */
export class WxrFormatError extends Error {}

const ITEM_FIELDS: Record<string, keyof WxrItem> = {
  title: 'title',
  link: 'link',
  guid: 'guid',
  'dc:creator': 'creator',
  'content:encoded': 'content',
  'excerpt:encoded': 'excerpt',
  'wp:post_id': 'postId',
  'wp:post_date': 'postDate',
  'wp:post_date_gmt': 'postDateGmt',
  'wp:post_name': 'postName',
  'wp:status': 'status',
  'wp:post_type': 'postType',
  'wp:post_parent': 'postParent',
  'wp:attachment_url': 'attachmentUrl',
  'wp:post_password': 'password',
};
const NUMERIC = new Set<keyof WxrItem>(['postId', 'postParent']);

function emptyItem(line: number): WxrItem {
  return {
    title: '',
    link: '',
    guid: '',
    creator: '',
    content: '',
    excerpt: '',
    postId: 0,
    postDate: '',
    postDateGmt: '',
    postName: '',
    status: '',
    postType: 'post',
    postParent: 0,
    attachmentUrl: '',
    password: '',
    categories: [],
    meta: {},
    line,
  };
}

/**
 * Reads `file` entry by entry. Throws WxrFormatError naming the line, the column and what was
 * expected at the first fault; entries before it have already been handed out.
 */
export async function* readWxr(file: string, opts: { highWaterMark?: number } = {}): AsyncGenerator<WxrEntry> {
  const parser = new SaxesParser({ fileName: path.basename(file) });
  // Open elements with the line each opened on: the message of a fault names what is unclosed.
  const stack: { name: string; line: number }[] = [];
  const ready: WxrEntry[] = [];
  let failure: WxrFormatError | undefined;
  let text = '';
  let item: WxrItem | undefined;
  let itemDepth = 0;
  let metaKey = '';
  let metaValue = '';
  let category: { domain: string; nicename: string } | undefined;
  let channelRecord: Record<string, string> | undefined;
  let sawRss = false;
  let sawChannel = false;

  const fail = (message: string) => {
    failure ??= new WxrFormatError(message);
  };
  // saxes reports a wrong close tag after handing it to closetag as the innermost element's.
  let lastClosed: { name: string; line: number } | undefined;
  parser.on('error', (error) => {
    const top = /unexpected close tag/.test(error.message) && lastClosed ? lastClosed : stack[stack.length - 1];
    const expected = top ? `; expected </${top.name}> (opened on line ${top.line}) or more content inside it` : '';
    fail(`${error.message}${expected}`);
  });
  parser.on('opentag', (tag) => {
    if (failure) return;
    const name = tag.name;
    if (stack.length === 0 && name !== 'rss') {
      fail(`${path.basename(file)}:${parser.line}:${parser.column}: expected <rss> (a WordPress export), found <${name}>`);
    }
    if (name === 'rss') sawRss = true;
    if (name === 'channel') sawChannel = true;
    stack.push({ name, line: parser.line });
    text = '';
    const depth = stack.length;
    if (name === 'item' && !item) {
      item = emptyItem(parser.line);
      itemDepth = depth;
    } else if (item && depth === itemDepth + 1 && name === 'category') {
      const attrs = tag.attributes as Record<string, string>;
      category = { domain: attrs.domain ?? 'category', nicename: attrs.nicename ?? '' };
    } else if (item && depth === itemDepth + 1 && name === 'wp:postmeta') {
      metaKey = '';
      metaValue = '';
    } else if (!item && (name === 'wp:author' || name === 'wp:category')) {
      channelRecord = {};
    }
  });
  const onText = (t: string) => {
    text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    if (failure) return;
    const depth = stack.length;
    lastClosed = stack.pop();
    const name = tag.name;
    const value = text;
    text = '';
    if (item) {
      if (depth === itemDepth) {
        ready.push({ kind: 'item', item });
        item = undefined;
      } else if (depth === itemDepth + 1) {
        const field = ITEM_FIELDS[name];
        if (field) {
          if (NUMERIC.has(field)) (item[field] as number) = Number.parseInt(value.trim(), 10) || 0;
          else (item[field] as string) = field === 'content' || field === 'excerpt' ? value : value.trim();
        } else if (name === 'category' && category) {
          item.categories.push({ ...category, name: value.trim() });
          category = undefined;
        } else if (name === 'wp:postmeta' && metaKey) {
          item.meta[metaKey] = metaValue;
        }
      } else if (depth === itemDepth + 2 && stack[stack.length - 1]?.name === 'wp:postmeta') {
        if (name === 'wp:meta_key') metaKey = value.trim();
        else if (name === 'wp:meta_value') metaValue = value;
      }
      return;
    }
    if (channelRecord) {
      if (name === 'wp:author') {
        const r = channelRecord;
        if (r['wp:author_login'])
          ready.push({
            kind: 'author',
            author: {
              login: r['wp:author_login'],
              email: r['wp:author_email'] ?? '',
              displayName:
                r['wp:author_display_name'] ||
                [r['wp:author_first_name'], r['wp:author_last_name']].filter(Boolean).join(' ') ||
                r['wp:author_login'],
            },
          });
        channelRecord = undefined;
      } else if (name === 'wp:category') {
        const r = channelRecord;
        if (r['wp:category_nicename'])
          ready.push({
            kind: 'category',
            category: {
              nicename: r['wp:category_nicename'],
              parent: r['wp:category_parent'] ?? '',
              name: r['wp:cat_name'] || r['wp:category_nicename'],
            },
          });
        channelRecord = undefined;
      } else {
        channelRecord[name] = value.trim();
      }
    }
  });

  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: opts.highWaterMark ?? 256 * 1024 });
  try {
    for await (const chunk of stream) {
      parser.write(chunk as string);
      if (failure) throw failure;
      while (ready.length > 0) yield ready.shift()!;
    }
    parser.close();
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift()!;
    if (!sawRss || !sawChannel) {
      throw new WxrFormatError(`${path.basename(file)}: expected <rss><channel> of a WordPress export, found no channel`);
    }
  } finally {
    stream.destroy();
  }
}
