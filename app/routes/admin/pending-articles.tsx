// the pending queue, oldest submission first; each opens the review screen.
import { Link } from 'react-router';
import type { Route } from './+types/pending-articles';
import { ArticleSummary } from '../../components/admin-review/ArticleSummary.tsx';
import { failureText } from '../../components/admin-review/feedback.ts';
import { FormError } from '../../components/form/Field.tsx';
import { api } from '../../lib/api.ts';
import { REVIEW_ERRORS } from '../../../contract/review.ts';
import '../../styles/admin-review.css';
import { ArticleListItemListSchema } from '../../../contract/articles.schema.ts';

export const meta = () => [{ title: 'Pending Articles' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = () =>
  api('/admin/articles/pending', ArticleListItemListSchema).then(
    (articles) => ({ articles, error: null }),
    (e: unknown) => ({ articles: null, error: REVIEW_ERRORS.fetchPending + failureText(e) }),
  );

export function HydrateFallback() {
  return (
    <main className="page review-page">
      <h1>Pending Articles</h1>
      <p role="status">Loading pending articles...</p>
    </main>
  );
}

export default function PendingArticles({ loaderData }: Route.ComponentProps) {
  const { articles, error } = loaderData;
  return (
    <main className="page review-page">
      <h1>Pending Articles</h1>
      {!articles ? (
        <FormError>{error}</FormError>
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
