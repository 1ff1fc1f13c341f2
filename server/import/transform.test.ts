// The import's transformations, one by one: wpautop, shortcodes, blocks, permalinks, categories,
// the WXR reader's fault messages.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wpautop } from './autop.ts';
import { applyShortcodes, autoembed, emptyExtras, youtubeIdOf } from './shortcodes.ts';
import { parseBlocks, renderBlocks } from './blocks.ts';
import { importContent } from './content.ts';
import { normalisePath, redirectKeyForRequest, redirectKeysFor } from './permalinks.ts';
import { flattenCategories, truncateName } from './categories.ts';
import { readWxr, WxrFormatError } from './wxr.ts';
import { classify, uploadsPathOf } from './service.ts';
import { buildExport } from './fixtures.ts';
import { sanitizeArticleHtml } from '../articles/sanitize.ts';

describe('wpautop', () => {
  it('makes paragraphs of blank lines and line breaks of single newlines', () => {
    expect(wpautop('Hello\n\nWorld')).toBe('<p>Hello</p>\n<p>World</p>\n');
    expect(wpautop('line one\nline two')).toBe('<p>line one<br />\nline two</p>\n');
    expect(wpautop('a\r\n\r\nb')).toBe('<p>a</p>\n<p>b</p>\n');
  });
  it('leaves block elements unwrapped and puts paragraphs inside blockquotes', () => {
    expect(wpautop('<div>foo</div>\nbar')).toBe('<div>foo</div>\n<p>bar</p>\n');
    expect(wpautop('<ul>\n<li>a</li>\n<li>b</li>\n</ul>')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n');
    expect(wpautop('<blockquote>q\n\nr</blockquote>')).toBe('<blockquote><p>q</p>\n<p>r</p></blockquote>\n');
  });
  it('keeps <pre> and newlines inside tags as they are', () => {
    expect(wpautop('<pre>a\n\nb</pre>\n\ntext')).toBe('<pre>a\n\nb</pre>\n<p>text</p>\n');
    expect(wpautop('a <a\nhref="x">b</a>')).toBe('<p>a <a\nhref="x">b</a></p>\n');
  });
  it('turns two <br> into a paragraph break and ignores blank input', () => {
    expect(wpautop('one<br><br/>two')).toBe('<p>one</p>\n<p>two</p>\n');
    expect(wpautop('  \n ')).toBe('');
  });
});

describe('shortcodes', () => {
  it('[caption] becomes a figure with its caption', () => {
    const out = applyShortcodes(
      '[caption id="attachment_5" width="300"]<a href="/x"><img src="a.jpg" /></a> వర్షం ఫోటో[/caption]',
      emptyExtras(),
    );
    expect(out).toBe('<figure><a href="/x"><img src="a.jpg" /></a><figcaption>వర్షం ఫోటో</figcaption></figure>');
    expect(applyShortcodes('[caption caption="Old style"]<img src="b.jpg">[/caption]', emptyExtras())).toBe(
      '<figure><img src="b.jpg"><figcaption>Old style</figcaption></figure>',
    );
  });
  it('[gallery] hands its attachments to the article', () => {
    const extras = emptyExtras();
    expect(applyShortcodes('a [gallery ids="7, 8"] b [gallery]', extras)).toBe('a  b ');
    expect(extras.galleries).toEqual([[7, 8], 'attached']);
  });
  it('[embed], [youtube] and a YouTube line become the video; other embeds a link', () => {
    const extras = emptyExtras();
    expect(applyShortcodes('[embed]https://www.youtube.com/watch?v=dQw4w9WgXcQ[/embed]', extras)).toBe('');
    applyShortcodes('[youtube https://youtu.be/abcdefghijk]', extras);
    expect(applyShortcodes('[embed]https://vimeo.com/1[/embed]', extras)).toBe(
      '<p><a href="https://vimeo.com/1">https://vimeo.com/1</a></p>',
    );
    expect(autoembed('Intro\nhttps://youtu.be/ABCDEFGHIJK\nmore', extras)).toBe('Intro\n\nmore');
    expect(extras.youtubeIds).toEqual(['dQw4w9WgXcQ', 'abcdefghijk', 'ABCDEFGHIJK']);
  });
  it('unknown shortcodes go and their text stays; escaped ones and bracketed words stay', () => {
    const extras = emptyExtras();
    expect(applyShortcodes('[contact-form id="3"]Kept [b]text[/b][/contact-form] [toc] [[toc]] [citation needed]', extras)).toBe(
      'Kept text  [toc] [citation needed]',
    );
  });
  it('reads YouTube ids from every URL form and refuses others', () => {
    expect(youtubeIdOf('https://www.youtube.com/watch?feature=share&amp;v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeIdOf('https://youtu.be/short')).toBeNull();
  });
});

describe('blocks', () => {
  const post = [
    '<!-- wp:paragraph -->\n<p>Hi</p>\n<!-- /wp:paragraph -->',
    '<!-- wp:columns --><div class="wp-block-columns"><!-- wp:column --><div><!-- wp:paragraph --><p>Left</p><!-- /wp:paragraph --></div><!-- /wp:column --><!-- wp:column --><div><p>Right</p></div><!-- /wp:column --></div><!-- /wp:columns -->',
    '<!-- wp:embed {"url":"https://youtu.be/abcdefghijk","providerNameSlug":"youtube"} -->\n<figure class="wp-block-embed"><div>\nhttps://youtu.be/abcdefghijk\n</div></figure>\n<!-- /wp:embed -->',
    '<!-- wp:core-embed/twitter {"url":"https://twitter.com/x/status/1"} --><figure>https://twitter.com/x/status/1</figure><!-- /wp:core-embed/twitter -->',
    '<!-- wp:gallery {"linkTo":"none"} --><figure class="wp-block-gallery"><!-- wp:image {"id":9} --><figure><img src="https://x.org/wp-content/uploads/g1.jpg" class="wp-image-9"/></figure><!-- /wp:image --></figure><!-- /wp:gallery -->',
    '<!-- wp:gallery {"ids":[11,12]} --><figure class="wp-block-gallery"><ul></ul></figure><!-- /wp:gallery -->',
    '<!-- wp:image {"id":10} --><figure class="wp-block-image"><img src="https://x.org/wp-content/uploads/i.jpg" class="wp-image-10"/><figcaption>Cap</figcaption></figure><!-- /wp:image -->',
    '<!-- wp:latest-posts {"postsToShow":3} /-->',
  ].join('\n');
  it('parses nested blocks with their attributes', () => {
    const blocks = parseBlocks(post).filter((b) => typeof b !== 'string');
    expect(blocks.map((b) => (b as { name: string }).name)).toEqual([
      'core/paragraph',
      'core/columns',
      'core/embed',
      'core-embed/twitter',
      'core/gallery',
      'core/gallery',
      'core/image',
      'core/latest-posts',
    ]);
  });
  it('drops the comments, reads columns in order, takes embeds and galleries out', () => {
    const extras = emptyExtras();
    const html = renderBlocks(post, extras);
    expect(html).not.toContain('<!--');
    expect(html.indexOf('Left')).toBeLessThan(html.indexOf('Right'));
    expect(html).toContain('<a href="https://twitter.com/x/status/1">');
    expect(html).not.toContain('g1.jpg');
    expect(extras.youtubeIds).toEqual(['abcdefghijk']);
    expect(extras.imageUrls).toEqual(['https://x.org/wp-content/uploads/g1.jpg']);
    expect(extras.galleries).toEqual([[11, 12]]);
  });
  it('a whole post: pictures out, captions kept as figures through the sanitiser', () => {
    const result = importContent(post);
    expect(result.youtubeVideoId).toBe('abcdefghijk');
    expect(result.pictures.map((p) => p.url)).toEqual([
      'https://x.org/wp-content/uploads/i.jpg',
      'https://x.org/wp-content/uploads/g1.jpg',
    ]);
    expect(result.pictures[0].attachmentId).toBe(10);
    expect(result.html).toContain('<figure><figcaption>Cap</figcaption></figure>');
    expect(result.html).not.toMatch(/<img|<div|<!--/);
    expect(sanitizeArticleHtml(result.html)).toBe(result.html);
  });
  it('classic content: autop, caption, unknown shortcode, no script survives', () => {
    const result = importContent(
      'First\n\n[caption id="attachment_5" width="300"]<img class="wp-image-5" src="/wp-content/uploads/a.jpg" /> ఫోటో[/caption]\n\n<script>alert(1)</script>[foo]bar[/foo]',
    );
    expect(result.html).toBe('<p>First</p>\n<figure><figcaption>ఫోటో</figcaption></figure>\n<p>bar</p>');
    expect(result.pictures).toEqual([{ url: '/wp-content/uploads/a.jpg', attachmentId: 5 }]);
  });
});

describe('permalinks', () => {
  it('an imported post answers to its link, ?p=ID and /YYYY/MM/slug/', () => {
    const keys = redirectKeysFor({
      link: 'https://news.example.org/politics/%E0%B0%B5%E0%B0%BE%E0%B0%B0%E0%B1%8D%E0%B0%A4/',
      postId: 42,
      postDate: '2019-05-03 10:00:00',
      postName: 'news-item',
    });
    expect(keys).toEqual(['?p=42', '/politics/వార్త', '/2019/05/news-item', '/2019/05/03/news-item']);
  });
  it('requests are normalised the same way; the site own paths are never looked up', () => {
    expect(redirectKeyForRequest('/?p=42')).toBe('?p=42');
    expect(redirectKeyForRequest('/index.php?p=42&foo=1')).toBe('?p=42');
    expect(redirectKeyForRequest('/2019/05/News-Item/')).toBe('/2019/05/news-item');
    expect(redirectKeyForRequest('/politics/%E0%B0%B5%E0%B0%BE%E0%B0%B0%E0%B1%8D%E0%B0%A4')).toBe('/politics/వార్త');
    for (const own of ['/', '/?q=1', '/article/1', '/search?query=x', '/api/x', '/media/a.webp', '/about-us', '/sitemap.xml'])
      expect(redirectKeyForRequest(own)).toBeNull();
    expect(normalisePath('/index.php/2019/05/a//')).toBe('/2019/05/a');
    expect(normalisePath('/%E0%B0%')).toBe('/%e0%b0%');
  });
});

describe('categories', () => {
  it('nested categories keep their full path; loops and long names are safe', () => {
    const names = flattenCategories([
      { nicename: 'news', parent: '', name: 'వార్తలు' },
      { nicename: 'telangana', parent: 'news', name: 'తెలంగాణ' },
      { nicename: 'hyd', parent: 'telangana', name: 'Hyderabad &amp; Around' },
      { nicename: 'a', parent: 'b', name: 'A' },
      { nicename: 'b', parent: 'a', name: 'B' },
    ]);
    expect(names.get('hyd')).toBe('వార్తలు › తెలంగాణ › Hyderabad & Around');
    expect(names.get('news')).toBe('వార్తలు');
    expect(names.get('a')).toBe('B › A');
    const long = truncateName('అ'.repeat(150));
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long.endsWith('…')).toBe(true);
  });
  it('statuses and post types map to APPROVED, PENDING or a reason', () => {
    expect(classify({ postType: 'post', status: 'publish', password: '' })).toEqual({ status: 'APPROVED' });
    expect(classify({ postType: 'post', status: 'draft', password: '' })).toEqual({ status: 'PENDING' });
    expect(classify({ postType: 'post', status: 'pending', password: '' })).toEqual({ status: 'PENDING' });
    expect(classify({ postType: 'post', status: 'private', password: '' })).toEqual({ skip: 'private' });
    expect(classify({ postType: 'post', status: 'trash', password: '' })).toEqual({ skip: 'trash' });
    expect(classify({ postType: 'post', status: 'publish', password: 'x' })).toEqual({ skip: 'password-protected' });
    expect(classify({ postType: 'page', status: 'publish', password: '' })).toEqual({ skip: 'page' });
    expect(classify({ postType: 'nav_menu_item', status: 'publish', password: '' })).toEqual({ skip: 'menu item' });
    expect(classify({ postType: 'wp_block', status: 'publish', password: '' })).toEqual({ skip: 'post type wp_block' });
  });
  it('image URLs map into the uploads folder and never outside it', () => {
    expect(uploadsPathOf('https://x.org/wp-content/uploads/2019/05/a%20b.jpg', '/srv/up')).toBe('/srv/up/2019/05/a b.jpg');
    // Dots in the URL resolve as a browser would, so the path stays inside; encoded ones cannot escape.
    expect(uploadsPathOf('/wp-content/uploads/../../etc/passwd', '/srv/up')).toBe('/srv/up/etc/passwd');
    expect(uploadsPathOf('https://x.org/wp-content/uploads/..%2F..%2F..%2Fetc/passwd', '/srv/up')).toBeNull();
  });
});

describe('WXR reader', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wxr-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('streams authors, categories and items, skipping comments, across small chunks', async () => {
    const file = path.join(dir, 'ok.xml');
    await writeFile(
      file,
      buildExport({
        authors: [{ login: 'ravi', email: 'ravi@example.org', displayName: 'రవి' }],
        categories: [{ nicename: 'news', name: 'వార్తలు' }],
        posts: [{ id: 5, title: 'A &amp; B', content: 'తెలుగు ]]> text', categories: ['news'], tags: ['వర్షం'], thumbnailId: 9 }],
      }),
    );
    const entries = [];
    for await (const e of readWxr(file, { highWaterMark: 7 })) entries.push(e);
    expect(entries.map((e) => e.kind)).toEqual(['author', 'category', 'item']);
    const item = entries[2].kind === 'item' ? entries[2].item : undefined;
    // Titles come HTML-escaped (the_title_rss); the importer decodes them.
    expect(item).toMatchObject({
      title: 'A &amp; B',
      content: 'తెలుగు ]]> text',
      postId: 5,
      status: 'publish',
      meta: { _thumbnail_id: '9' },
    });
    expect(item!.categories).toEqual([
      { domain: 'category', nicename: 'news', name: 'వార్తలు' },
      { domain: 'post_tag', nicename: encodeURIComponent('వర్షం'), name: 'వర్షం' },
    ]);
  });

  it('reads the WXR 1.0 shape (no authors list, categories without domain, tags as "tag")', async () => {
    const file = path.join(dir, 'wxr10.xml');
    await writeFile(
      file,
      `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.0/">
<channel><wp:wxr_version>1.0</wp:wxr_version>
<wp:category><wp:category_nicename>news</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name><![CDATA[News]]></wp:cat_name></wp:category>
<item><title>Old</title><dc:creator>editor</dc:creator><guid isPermaLink="false">http://old.example/?p=3</guid>
<category><![CDATA[News]]></category><category domain="category" nicename="news"><![CDATA[News]]></category><category domain="tag"><![CDATA[rain]]></category>
<content:encoded><![CDATA[Hello]]></content:encoded><wp:post_id>3</wp:post_id><wp:post_date>2008-01-02 03:04:05</wp:post_date><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
</channel></rss>`,
    );
    const entries = [];
    for await (const e of readWxr(file)) entries.push(e);
    expect(entries[0]).toEqual({ kind: 'category', category: { nicename: 'news', parent: '', name: 'News' } });
    const item = entries[1].kind === 'item' ? entries[1].item : undefined;
    expect(item).toMatchObject({ title: 'Old', creator: 'editor', postId: 3, status: 'publish', postDateGmt: '' });
    expect(item!.categories).toEqual([
      { domain: 'category', nicename: '', name: 'News' },
      { domain: 'category', nicename: 'news', name: 'News' },
      { domain: 'tag', nicename: '', name: 'rain' },
    ]);
  });

  it('a malformed file stops with its line, column and what was expected', async () => {
    const file = path.join(dir, 'bad.xml');
    const good = buildExport({ posts: [{ id: 1, title: 'one' }] });
    const broken = good.replace('</wp:post_name>', '</wp:post_nam>');
    await writeFile(file, broken);
    const line = broken.split('\n').findIndex((l) => l.includes('</wp:post_nam>')) + 1;
    const read = async () => {
      for await (const entry of readWxr(file)) void entry;
    };
    await expect(read()).rejects.toThrow(WxrFormatError);
    await expect(read()).rejects.toThrow(
      new RegExp(`^bad\\.xml:${line}:\\d+: .*expected </wp:post_name> \\(opened on line ${line}\\)`),
    );

    await writeFile(file, '<html><body>not an export</body></html>');
    await expect(read()).rejects.toThrow(/bad\.xml:1:\d+: expected <rss> \(a WordPress export\), found <html>/);
    await writeFile(file, good.slice(0, good.length / 2));
    await expect(read()).rejects.toThrow(/expected <\/\S+> \(opened on line \d+\)/);
  });
});
