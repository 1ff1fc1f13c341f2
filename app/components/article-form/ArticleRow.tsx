// One of the reporter's own articles in a list (approved, pending/rejected): cover, title linking
// to the read-only view, what it says under the title, and the row's actions.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Article } from '../../../contract/articles.ts';
import { RejectionReason } from './ArticleView.tsx';
import { EditingMark } from './desk-together.tsx';
import { pictureProps } from './ImageViewer.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { NoteCount } from '../notes/NoteCount.tsx';

/** A reporter list that could not be read says so ('HTTP error! status: N'). */
export const listFailure = (e: unknown) => (e instanceof ApiRequestError ? e.message : 'Failed to load articles.');

export function ArticleRow({
  article,
  meta,
  editing = false,
  children,
}: {
  article: Article;
  meta: ReactNode;
  /** Someone (the desk) has the story open: the 'సవరణలో' mark. */
  editing?: boolean;
  children: ReactNode;
}) {
  const cover = article.images[0];
  return (
    <li className={`article-row status-row-${article.approvalStatus.toLowerCase()}`} data-article-id={article.id}>
      {cover && <img {...pictureProps(cover, '96px')} alt={article.title} />}
      <div className="article-row-text">
        <Link to={`/reporter/view-article/${article.id}`} className="article-row-title">
          {article.title}
        </Link>
        <EditingMark on={editing} />
        <p className="article-row-meta">
          {meta}
          {article.categories[0] && ` · ${article.categories.map((c) => c.name).join(', ')}`}{' '}
          <NoteCount count={article.noteCount} />
        </p>
        <RejectionReason article={article} />
      </div>
      <div className="article-row-actions">{children}</div>
    </li>
  );
}
