// Builds WordPress exports for the tests: the same elements, namespaces and CDATA as WordPress writes.
export type FixturePost = {
  id: number;
  title: string;
  content?: string;
  status?: string;
  type?: string;
  date?: string;
  slug?: string;
  creator?: string;
  categories?: string[];
  tags?: string[];
  thumbnailId?: number;
  parent?: number;
  attachmentUrl?: string;
  password?: string;
  link?: string;
};

const cdata = (s: string) => `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
const esc = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

export function buildExport(opts: {
  site?: string;
  authors?: { login: string; email: string; displayName: string }[];
  categories?: { nicename: string; name: string; parent?: string }[];
  posts: FixturePost[];
}): string {
  const site = opts.site ?? 'https://news.example.org';
  const authors = (opts.authors ?? [])
    .map(
      (a, i) =>
        `\t<wp:author><wp:author_id>${i + 1}</wp:author_id><wp:author_login>${cdata(a.login)}</wp:author_login><wp:author_email>${cdata(a.email)}</wp:author_email><wp:author_display_name>${cdata(a.displayName)}</wp:author_display_name><wp:author_first_name>${cdata('')}</wp:author_first_name><wp:author_last_name>${cdata('')}</wp:author_last_name></wp:author>`,
    )
    .join('\n');
  const categories = (opts.categories ?? [])
    .map(
      (c, i) =>
        `\t<wp:category><wp:term_id>${i + 1}</wp:term_id><wp:category_nicename>${cdata(c.nicename)}</wp:category_nicename><wp:category_parent>${cdata(c.parent ?? '')}</wp:category_parent><wp:cat_name>${cdata(c.name)}</wp:cat_name></wp:category>`,
    )
    .join('\n');
  const items = opts.posts
    .map((p) => {
      const date = p.date ?? '2019-05-01 10:00:00';
      const slug = p.slug ?? `post-${p.id}`;
      const type = p.type ?? 'post';
      const link =
        p.link ?? (type === 'attachment' ? p.attachmentUrl! : `${site}/${date.slice(0, 4)}/${date.slice(5, 7)}/${slug}/`);
      const cats = [
        ...(p.categories ?? []).map(
          (c) =>
            `\t\t<category domain="category" nicename="${esc(c)}">${cdata(opts.categories?.find((x) => x.nicename === c)?.name ?? c)}</category>`,
        ),
        ...(p.tags ?? []).map(
          (t) => `\t\t<category domain="post_tag" nicename="${esc(encodeURIComponent(t))}">${cdata(t)}</category>`,
        ),
      ].join('\n');
      const meta = p.thumbnailId
        ? `\t\t<wp:postmeta><wp:meta_key>${cdata('_thumbnail_id')}</wp:meta_key><wp:meta_value>${cdata(String(p.thumbnailId))}</wp:meta_value></wp:postmeta>`
        : '';
      return `\t<item>
\t\t<title>${esc(p.title)}</title>
\t\t<link>${esc(link)}</link>
\t\t<pubDate>Wed, 01 May 2019 10:00:00 +0000</pubDate>
\t\t<dc:creator>${cdata(p.creator ?? 'admin')}</dc:creator>
\t\t<guid isPermaLink="false">${esc(type === 'attachment' ? p.attachmentUrl! : `${site}/?p=${p.id}`)}</guid>
\t\t<description></description>
\t\t<content:encoded>${cdata(p.content ?? '')}</content:encoded>
\t\t<excerpt:encoded>${cdata('')}</excerpt:encoded>
\t\t<wp:post_id>${p.id}</wp:post_id>
\t\t<wp:post_date>${cdata(date)}</wp:post_date>
\t\t<wp:post_date_gmt>${cdata(date)}</wp:post_date_gmt>
\t\t<wp:comment_status>${cdata('open')}</wp:comment_status>
\t\t<wp:post_name>${cdata(slug)}</wp:post_name>
\t\t<wp:status>${cdata(p.status ?? (type === 'attachment' ? 'inherit' : 'publish'))}</wp:status>
\t\t<wp:post_parent>${p.parent ?? 0}</wp:post_parent>
\t\t<wp:post_type>${cdata(type)}</wp:post_type>
\t\t<wp:post_password>${cdata(p.password ?? '')}</wp:post_password>
${p.attachmentUrl ? `\t\t<wp:attachment_url>${cdata(p.attachmentUrl)}</wp:attachment_url>\n` : ''}${cats}
${meta}
\t\t<wp:comment><wp:comment_id>1</wp:comment_id><wp:comment_content>${cdata('A comment, not a post')}</wp:comment_content><wp:commentmeta><wp:meta_key>${cdata('_thumbnail_id')}</wp:meta_key><wp:meta_value>${cdata('999')}</wp:meta_value></wp:commentmeta></wp:comment>
\t</item>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0"
\txmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
\txmlns:content="http://purl.org/rss/1.0/modules/content/"
\txmlns:wfw="http://wellformedweb.org/CommentAPI/"
\txmlns:dc="http://purl.org/dc/elements/1.1/"
\txmlns:wp="http://wordpress.org/export/1.2/"
>
<channel>
\t<title>News</title>
\t<link>${site}</link>
\t<wp:wxr_version>1.2</wp:wxr_version>
\t<wp:base_site_url>${site}</wp:base_site_url>
${authors}
${categories}
${items}
</channel>
</rss>
`;
}
