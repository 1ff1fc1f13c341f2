// the pending queue, oldest submission first; each opens the review screen.
import { Link } from 'react-router';
import type { Route } from './+types/pending-articles';
import { ArticleSummary } from '../../components/admin-review/ArticleSummary.tsx';
import { loadedOr } from '../../components/admin-review/data.ts';
import { loadingScreen, DeskPage } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { FormError } from '../../components/dashboard/Field.tsx';
import { call } from '../../lib/api.ts';
import { REVIEW_ERRORS, REVIEW_ROUTES } from '../../../contract/review.ts';
import { useEditingMarks } from '../../components/article-form/desk-together.tsx';
import '../../styles/admin-review.css';

export const meta = () => [{ title: 'Pending Articles' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = () => loadedOr(call(REVIEW_ROUTES.pending), REVIEW_ERRORS.fetchPending);

export const handle: ScreenHandle = {
  Loading: loadingScreen({ kind: 'review-page', title: 'Pending Articles' }, 'Loading pending articles...'),
};

export default function PendingArticles({ loaderData }: Route.ComponentProps) {
  const { data: articles, error } = loaderData;
  const editing = useEditingMarks(articles?.map((a) => a.id) ?? []);
  return (
    <DeskPage kind="review-page" title="Pending Articles">
      {!articles ? (
        <FormError>{error}</FormError>
      ) : articles.length === 0 ? (
        <p>No pending articles.</p>
      ) : (
        <>
          <p className="review-hint">{articles.length} waiting for review, oldest first.</p>
          <ul className="review-list">
            {articles.map((article) => (
              <ArticleSummary key={article.id} article={article} dateLabel="Submitted" editing={editing.has(article.id)}>
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
    </DeskPage>
  );
}
