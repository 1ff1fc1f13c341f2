// A read-only article, as the reporter and admin dashboards show it (docs/product.md: restricted tag
// set). Client-only screens: the content is sanitised with DOMPurify in the browser. The text comes
// first; the pictures follow as thumbnails, each opening large in a viewer (./ImageViewer.tsx).
// Props:
//   article      the article (contract/articles.ts).
//   showStatus?  show the approval status and, for a rejected article, the admin's reason.
//   headingLevel? 1 (default) or 2, for the title.
import type { Article } from '../../../contract/articles.ts';
import { YOUTUBE_ID } from '../../../contract/articles.ts';
import { sanitizeForView } from '../../lib/sanitize.ts';
import { ImageThumbnails } from './ImageViewer.tsx';
import { districtBySlug, STATE_NAMES } from '../../../contract/districts.ts';

// One clock for the whole site: dates read in India time on every screen, whatever the device's zone
// (the same article showed 23/11 on a reporter's screen and 24/11 on the public page).
import { formatDateTime } from '../public/format.ts';

export const STATUS_LABELS: Record<Article['approvalStatus'], string> = {
  DRAFT: 'Draft',
  PENDING: 'Pending',
  REJECTED: 'Rejected',
  APPROVED: 'Approved',
  SCHEDULED: 'Scheduled',
};

export function StatusBadge({ status }: { status: Article['approvalStatus'] }) {
  return <span className={`status-badge status-${status.toLowerCase()}`}>{STATUS_LABELS[status]}</span>;
}

/** The admin's reason beside a rejected article (nothing for any other). */
export function RejectionReason({ article }: { article: Pick<Article, 'approvalStatus' | 'rejectionReason'> }) {
  if (article.approvalStatus !== 'REJECTED' || !article.rejectionReason) return null;
  return (
    <p className="rejection-reason">
      <strong>Reason for rejection:</strong> {article.rejectionReason}
    </p>
  );
}

/** The status badge and, for a rejected article, the reason. */
export function ArticleStatus({ article }: { article: Article }) {
  return (
    <div className="article-view-status">
      <StatusBadge status={article.approvalStatus} />
      <RejectionReason article={article} />
    </div>
  );
}

/**
 * Everything the story carries besides its text, labelled, so a reviewer sees what readers will
 * (the district edition, the tags, live coverage, breaking news); a missing one says 'None'.
 */
export function ArticleFacts({ article }: { article: Article }) {
  const district = article.district ? districtBySlug(article.district) : undefined;
  const facts: [string, string][] = [
    ['Region', article.region || 'None'],
    ['District', district ? `${district.te} (${district.en}, ${STATE_NAMES[district.state].en})` : (article.district ?? 'None')],
    ['Categories', article.categories.map((c) => c.name).join(', ') || 'None'],
    ['Tags', article.tags?.length ? article.tags.map((t) => `#${t.name}`).join(' ') : 'None'],
  ];
  if (article.liveSince)
    facts.push([
      'Live',
      article.liveEndedAt
        ? `${formatDateTime(article.liveSince)} to ${formatDateTime(article.liveEndedAt)}`
        : `since ${formatDateTime(article.liveSince)}`,
    ]);
  if (article.breakingUntil && new Date(article.breakingUntil).getTime() > Date.now())
    facts.push(['Breaking', `until ${formatDateTime(article.breakingUntil)}`]);
  return (
    <dl className="article-view-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ArticleView({
  article,
  showStatus = false,
  headingLevel = 1,
}: {
  article: Article;
  showStatus?: boolean;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article className="article-view">
      <Heading className="article-view-title">{article.title}</Heading>
      <p className="article-view-meta">
        <span>{article.author}</span>
        {article.region && <span>{article.region}</span>}
        <time dateTime={article.publicationDate}>{formatDateTime(article.publicationDate)}</time>
        {article.categories.length > 0 && <span>{article.categories.map((c) => c.name).join(', ')}</span>}
      </p>
      <ArticleFacts article={article} />
      {showStatus && <ArticleStatus article={article} />}
      {article.summary && <p className="article-view-summary">{article.summary}</p>}
      <div className="article-view-content" lang="te" dangerouslySetInnerHTML={{ __html: sanitizeForView(article.content) }} />
      {article.images.length > 0 && <ImageThumbnails images={article.images} title={article.title} />}
      {article.youtubeVideoId && YOUTUBE_ID.test(article.youtubeVideoId) && (
        <div className="article-view-video">
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${article.youtubeVideoId}`}
            title={`Video: ${article.title}`}
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
          />
        </div>
      )}
    </article>
  );
}
