// One article in an admin list: cover, title, who filed it, where, when, and the row's actions.
import type { ReactNode } from 'react';
import type { ArticleListItem } from '../../../contract/articles.ts';
import { formatDateTime } from '../public/format.ts';
import { EditingMark } from '../article-form/desk-together.tsx';
import { NoteCount } from '../notes/NoteCount.tsx';

export function ArticleSummary({
  article,
  dateLabel,
  dateText,
  views,
  editing = false,
  children,
}: {
  article: ArticleListItem;
  dateLabel: string;
  /** In place of the publication date and time (India time). */
  dateText?: string;
  /** Readers' views (all time), where the list carries them. */
  views?: number;
  /** Someone has its edit or review screen open (the 'సవరణలో' mark). */
  editing?: boolean;
  children: ReactNode;
}) {
  const cover = article.images[0];
  return (
    <li className="review-item">
      {cover ? (
        <img
          className="review-thumb"
          src={cover.url}
          width={cover.width}
          height={cover.height}
          alt={article.title}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="review-thumb review-thumb-empty" aria-hidden="true" />
      )}
      <div className="review-item-body">
        <h2 className="review-item-title">
          {article.title}
          <EditingMark on={editing} />
        </h2>
        <p className="review-meta">
          <span>{article.reporterName}</span>
          {article.categories.length > 0 && <span>{article.categories.map((c) => c.name).join(', ')}</span>}
          {article.region && <span>{article.region}</span>}
          <span>
            {dateLabel} {dateText ?? formatDateTime(article.publicationDate)}
          </span>
          {views !== undefined && <span className="review-views">{views.toLocaleString('en-IN')} views</span>}
          <NoteCount count={article.noteCount} />
        </p>
        <div className="review-actions">{children}</div>
      </div>
    </li>
  );
}
