// the pending queue, oldest submission first; each opens the review screen.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ArticleSummary } from '../../components/admin-review/ArticleSummary.tsx';
import { failureText } from '../../components/admin-review/feedback.ts';
import { api } from '../../lib/api.ts';
import type { ArticleListItem } from '../../../contract/articles.ts';
import { REVIEW_ERRORS } from '../../../contract/review.ts';
import '../../styles/admin-review.css';
import { ArticleListItemListSchema } from '../../../contract/articles.schema.ts';

export const meta = () => [{ title: 'Pending Articles' }, { name: 'robots', content: 'noindex' }];

export default function PendingArticles() {
  const [articles, setArticles] = useState<ArticleListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    api('/admin/articles/pending', ArticleListItemListSchema)
      .then((list) => !cancelled && setArticles(list))
      .catch((e) => !cancelled && setError(REVIEW_ERRORS.fetchPending + failureText(e)));
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <main className="page review-page">
      <h1>Pending Articles</h1>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : articles === null ? (
        <p role="status">Loading pending articles...</p>
      ) : articles.length === 0 ? (
        <p>No pending articles.</p>
      ) : (
        <>
          <p className="review-hint">{articles.length} waiting for review, oldest first.</p>
          <ul className="review-list">
            {articles.map((article) => (
              <ArticleSummary key={article.id} article={article} dateLabel="Submitted">
                <Link
                  className="review-button"
                  to={`/admin-dashboard/view-article/${article.id}`}
                  aria-label={`Review: ${article.title}`}
                >
                  Review
                </Link>
              </ArticleSummary>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
