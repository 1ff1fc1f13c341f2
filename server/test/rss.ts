// Reads a feed as a feed reader does: a namespace-aware XML parse (saxes, which rejects anything not
// well-formed), then the RSS 2.0 structure (https://www.rssboard.org/rss-specification): an <rss
// version="2.0"> root holding one <channel> with title, link and description; each item with a title
// or a description; an enclosure with url, a length in bytes and a type. Any breach throws, naming it.
import { SaxesParser, type SaxesTagNS } from 'saxes';

export type RssItem = {
  title: string;
  link: string;
  guid: string;
  pubDate: string;
  description: string;
  creator: string;
  categories: string[];
  enclosure?: { url: string; length: number; type: string };
};
export type RssFeed = {
  title: string;
  link: string;
  description: string;
  language: string;
  self: string;
  items: RssItem[];
};

const DC = 'http://purl.org/dc/elements/1.1/';
const ATOM = 'http://www.w3.org/2005/Atom';

type Node = { name: string; uri: string; attributes: Record<string, string>; children: Node[]; text: string };

function parse(doc: string): Node {
  const parser = new SaxesParser({ xmlns: true });
  const root: Node = { name: '', uri: '', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.on('error', (error) => {
    throw new Error(`not well-formed XML: ${error.message}`);
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes = Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value]));
    const node: Node = { name: tag.local, uri: tag.uri, attributes, children: [], text: '' };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (text) => (stack[stack.length - 1].text += text));
  parser.on('cdata', (text) => (stack[stack.length - 1].text += text));
  parser.write(doc).close();
  if (root.children.length !== 1) throw new Error('a feed has one root element');
  return root.children[0];
}

const childrenOf = (node: Node, name: string, uri = '') => node.children.filter((c) => c.name === name && c.uri === uri);

function one(node: Node, name: string, uri = '', required = true): string {
  const found = childrenOf(node, name, uri);
  if (found.length > 1) throw new Error(`<${node.name}> has ${found.length} <${name}>`);
  if (required && !found[0]?.text.trim()) throw new Error(`<${node.name}> lacks <${name}>`);
  return found[0]?.text ?? '';
}

export function readRss(doc: string): RssFeed {
  const rss = parse(doc);
  if (rss.name !== 'rss' || rss.uri !== '') throw new Error(`the root is <${rss.name}>, not <rss>`);
  if (rss.attributes.version !== '2.0') throw new Error(`RSS version ${rss.attributes.version}, not 2.0`);
  const channels = childrenOf(rss, 'channel');
  if (channels.length !== 1) throw new Error(`<rss> has ${channels.length} <channel>`);
  const channel = channels[0];
  const self = childrenOf(channel, 'link', ATOM).find((l) => l.attributes.rel === 'self');
  return {
    title: one(channel, 'title'),
    link: new URL(one(channel, 'link')).href,
    description: one(channel, 'description'),
    language: one(channel, 'language', '', false),
    self: self?.attributes.href ?? '',
    items: childrenOf(channel, 'item').map((item, i) => {
      const title = one(item, 'title', '', false);
      const description = one(item, 'description', '', false);
      if (!title && !description) throw new Error(`item ${i + 1} has neither title nor description`);
      const enclosures = childrenOf(item, 'enclosure');
      if (enclosures.length > 1) throw new Error(`item ${i + 1} has ${enclosures.length} enclosures`);
      let enclosure: RssItem['enclosure'];
      if (enclosures[0]) {
        const { url, length, type } = enclosures[0].attributes;
        if (!url || !type || !/^\d+$/.test(length ?? '')) throw new Error(`item ${i + 1}: enclosure needs url, length and type`);
        enclosure = { url: new URL(url).href, length: Number(length), type };
      }
      const pubDate = one(item, 'pubDate', '', false);
      if (pubDate && Number.isNaN(Date.parse(pubDate))) throw new Error(`item ${i + 1}: pubDate "${pubDate}" is no date`);
      return {
        title,
        link: one(item, 'link', '', false),
        guid: one(item, 'guid', '', false),
        pubDate,
        description,
        creator: one(item, 'creator', DC, false),
        categories: childrenOf(item, 'category').map((c) => c.text),
        ...(enclosure ? { enclosure } : {}),
      };
    }),
  };
}
