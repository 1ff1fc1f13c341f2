// read an approved article as the admin sees it, with a way to edit it.
import { Link, useParams } from 'react-router';
import { ArticleView } from '../../components/article-form/ArticleView.tsx';
import { useAdminArticle } from '../../components/admin-review/useAdminArticle.ts';
import { BreakingPanel } from '../../components/admin-review/BreakingPanel.tsx';
import '../../styles/reporter.css';
import '../../styles/admin-review.css';

export const meta = () => [{ title: 'Approved article' }, { name: 'robots', content: 'noindex' }];

export default function ViewApprovedArticle() {
  const { id } = useParams();
  const { article, setArticle, error } = useAdminArticle(id);

  return (
    <main className="page narrow review-page">
      <p className="review-back">
        <Link to="/admin-dashboard/approved-articles">← Approved Articles</Link>
      </p>
      <h1>Approved article</h1>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : article === null ? (
        <p role="status">Loading article...</p>
      ) : (
        <>
          <div className="review-toolbar">
            <Link className="review-button" to={`/admin-dashboard/edit-approved-article/${article.id}`}>
              Edit
            </Link>
            {article.approvalStatus === 'APPROVED' && (
              <a className="review-button secondary" href={`/public/articles/${article.id}`} target="_blank" rel="noopener">
                Open public page
              </a>
            )}
          </div>
          {article.approvalStatus === 'APPROVED' && <BreakingPanel article={article} onChange={setArticle} />}
          <ArticleView article={article} showStatus headingLevel={2} />
        </>
      )}
    </main>
  );
}
