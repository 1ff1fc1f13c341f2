// Edit an approved article (region optional, the edit video-id messages). Admins file under several
// categories here as in review, so every category the article has is shown and kept: a save never
// drops one silently. It stays approved; after 'Article updated successfully!' the screen returns
// to the approved list after 2 s.
import { Link, useNavigate, useParams } from 'react-router';
import { ReviewEditor } from '../../components/admin-review/ReviewEditor.tsx';
import { REVIEW_MESSAGES } from '../../../contract/review.ts';
import { useAdminArticle } from '../../components/admin-review/useAdminArticle.ts';
import '../../styles/reporter.css';
import '../../styles/admin-review.css';

export const meta = () => [{ title: 'Edit approved article' }, { name: 'robots', content: 'noindex' }];

const APPROVED_LIST = '/admin-dashboard/approved-articles';

export default function EditApprovedArticle() {
  const { id } = useParams();
  const { article, error } = useAdminArticle(id);
  const navigate = useNavigate();

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
          multipleCategories
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
