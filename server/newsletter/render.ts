// A newsletter mail for one subscriber: one column of HTML that reads on a phone without images
// (pictures with width, height and alt; Telugu in a system font stack) and a plain-text part; the
// RFC 8058 one-click unsubscribe headers and a visible unsubscribe link; every link to the site
// tagged utm_source=newsletter so readers who came from mail can be counted.
import type { Article } from '../../contract/articles.ts';
import { districtBySlug } from '../../contract/districts.ts';
import { LIST_NAMES, NEWSLETTER_PATHS, type NewsletterList } from '../../contract/newsletter.ts';
import { escapeHtml, mailPage } from '../mail/templates.ts';
import type { RenderedMail } from '../mail/sender.ts';

export type DigestGroup = { name: string; articles: Article[] };
const IMAGE_WIDTH = 568;

/** The edition's stories grouped by their first category, in the edition's order; the reader's district first. */
export function groupStories(stories: Article[], district: string | null | undefined): DigestGroup[] {
  const groups: DigestGroup[] = [];
  const mine = district ? stories.filter((a) => a.district === district) : [];
  if (mine.length) groups.push({ name: `మీ జిల్లా: ${districtBySlug(district!)?.te ?? district}`, articles: mine });
  for (const story of stories) {
    if (mine.includes(story)) continue;
    const name = story.categories[0]?.name ?? 'ఇతర వార్తలు';
    const group = groups.find((g) => g.name === name);
    if (group) group.articles.push(story);
    else groups.push({ name, articles: [story] });
  }
  return groups;
}

export type Edition = { list: NewsletterList; key: string; subject: string };

export function renderNewsletter(opts: {
  edition: Edition;
  stories: Article[];
  district: string | null | undefined;
  token: string;
  publicUrl: string;
}): RenderedMail {
  const { edition, stories, publicUrl } = opts;
  const campaign = `${edition.list}-${edition.key.replace(/[^a-z0-9-]/gi, '-')}`;
  const tagged = (path: string) => {
    const url = new URL(path, `${publicUrl}/`);
    url.searchParams.set('utm_source', 'newsletter');
    url.searchParams.set('utm_medium', 'email');
    url.searchParams.set('utm_campaign', campaign);
    return url.href;
  };
  const unsubscribe = `${publicUrl}${NEWSLETTER_PATHS.unsubscribe(opts.token)}`;
  const groups = groupStories(stories, opts.district);
  const listName = LIST_NAMES[edition.list];

  const text = [
    edition.subject,
    '',
    ...groups.flatMap((g) => [
      `== ${g.name} ==`,
      ...g.articles.flatMap((a) => [a.title, a.shortDescription, tagged(`/article/${a.id}`), '']),
    ]),
    `మీరు "${listName}" జాబితాకు చందా చేశారు. చందా రద్దు (unsubscribe): ${unsubscribe}`,
  ].join('\n');

  const story = (a: Article) => {
    const image = a.images[0];
    const height = image ? Math.round((image.height / image.width) * IMAGE_WIDTH) : 0;
    const href = escapeHtml(tagged(`/article/${a.id}`));
    return `<div style="margin:0 0 20px">
${image ? `<a href="${href}"><img src="${escapeHtml(new URL(image.shareUrl, `${publicUrl}/`).href)}" width="${IMAGE_WIDTH}" height="${height}" alt="${escapeHtml(a.title)}" style="display:block;width:100%;max-width:${IMAGE_WIDTH}px;height:auto;border:0"></a>` : ''}
<h3 style="margin:8px 0 4px;font-size:18px;line-height:1.4"><a href="${href}" style="color:#1a1a1a;text-decoration:none">${escapeHtml(a.title)}</a></h3>
<p style="margin:0;font-size:15px;color:#333">${escapeHtml(a.shortDescription)}</p>
</div>`;
  };
  const html = mailPage(
    edition.subject,
    `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(edition.subject)}</h1>
${groups.map((g) => `<h2 style="margin:24px 0 12px;font-size:17px;color:#b3001b;border-bottom:1px solid #ddd">${escapeHtml(g.name)}</h2>\n${g.articles.map(story).join('\n')}`).join('\n')}
<p style="margin:32px 0 0;font-size:13px;color:#555">మీరు "${escapeHtml(listName)}" జాబితాకు చందా చేశారు. <a href="${escapeHtml(unsubscribe)}" style="color:#555">చందా రద్దు చేయండి (unsubscribe)</a> · <a href="${escapeHtml(tagged('/'))}" style="color:#555">${escapeHtml(publicUrl.replace(/^https?:\/\//, ''))}</a></p>`,
  );
  return {
    subject: edition.subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
