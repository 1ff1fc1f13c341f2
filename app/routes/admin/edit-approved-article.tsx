// SPEC.md §2 Admin: edit an approved article with ONE category (SPEC.md §5 edit rules: region
// optional, the edit video-id messages). It stays approved; after 'Article updated successfully!'
// the screen returns to the approved list after 2 s.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RouteGuard } from '../../components/RouteGuard.tsx';
import { ReviewEditor } from '../../components/admin-review/ReviewEditor.tsx';
import { failureText } from '../../components/admin-review/feedback.ts';
import { api } from '../../lib/api.ts';
import type { Article } from '../../../contract/articles.ts';
import { REVIEW_ERRORS, REVIEW_MESSAGES } from '../../../contract/review.ts';
import '../../styles/reporter.css';
import '../../styles/admin-review.css';

export const meta = () => [{ title: 'Edit approved article' }, { name: 'robots', content: 'noindex' }];

const APPROVED_LIST = '/admin-dashboard/approved-articles';

export default function EditApprovedArticlePage() {
  return (
    <RouteGuard allowed={['ADMIN']}>
      <EditApprovedArticle />
    </RouteGuard>
  );
}

function EditApprovedArticle() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [article, setArticle] = useState<Article | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    api<Article>(`/admin/articles/${encodeURIComponent(id ?? '')}`)
      .then((a) => !cancelled && setArticle(a))
      .catch((e) => !cancelled && setError(REVIEW_ERRORS.fetchArticle + failureText(e)));
    return () => {
      cancelled = true;
    };
  }, [id]);

  return (
    <main className="page narrow review-page">
      <p className="review-back">
        <Link to={APPROVED_LIST}>← Approved Articles</Link>
      </p>
      <h1>Edit approved article</h1>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : article === null ? (
        <p role="status">Loading article...</p>
      ) : (
        <ReviewEditor
          article={article}
          multipleCategories={false}
          approve={false}
          submitLabel="Save Changes"
          successMessage={REVIEW_MESSAGES.updated}
          afterSuccess={() => navigate(APPROVED_LIST)}
          onCancel={() => navigate(APPROVED_LIST)}
        />
      )}
    </main>
  );
}
