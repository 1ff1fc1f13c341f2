// Edit an own PENDING or REJECTED article; saving resubmits it for review (back to PENDING).
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArticleForm } from '../../components/article-form/ArticleForm.tsx';
import { StatusBadge } from '../../components/article-form/ArticleView.tsx';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import type { Article } from '../../../contract/articles.ts';
import { api } from '../../lib/api.ts';
import '../../styles/reporter.css';
import { ArticleSchema } from '../../../contract/articles.schema.ts';

export const meta = () => [{ title: 'Edit Article' }, { name: 'robots', content: 'noindex' }];

export default function EditArticleScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [article, setArticle] = useState<Article | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setArticle(null);
    setError(null);
    api(`/reporter/articles/${encodeURIComponent(id ?? '')}`, ArticleSchema)
      .then((a) => !cancelled && setArticle(a))
      .catch(() => !cancelled && setError(ARTICLE_MESSAGES.loadFailed));
    return () => {
      cancelled = true;
    };
  }, [id]);

  return (
    <main className="page narrow reporter-page">
      <p className="breadcrumb">
        <Link to="/reporter-dashboard">Reporter Dashboard</Link> /{' '}
        <Link to="/reporter-dashboard/pending-rejected-articles">Pending / Rejected Articles</Link>
      </p>
      <h1>Edit Article</h1>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!article && !error && <p>Loading article...</p>}
      {article && (
        <>
          <div className="article-view-status">
            <StatusBadge status={article.approvalStatus} />
            {article.approvalStatus === 'REJECTED' && article.rejectionReason && (
              <p className="rejection-reason">
                <strong>Reason for rejection:</strong> {article.rejectionReason}
              </p>
            )}
          </div>
          {article.approvalStatus === 'APPROVED' || article.approvalStatus === 'SCHEDULED' ? (
            <p className="form-error">{ARTICLE_MESSAGES.approvedNotEditable}</p>
          ) : (
            <ArticleForm
              key={article.id}
              mode="edit"
              initial={article}
              submitLabel="Update Article"
              submittingLabel="Updating..."
              successMessage={ARTICLE_MESSAGES.updated}
              onSubmit={async (formData) => {
                await api(`/articles/${article.id}`, { method: 'PUT', body: formData });
              }}
              afterSuccess={() => navigate('/reporter-dashboard/pending-rejected-articles')}
            />
          )}
        </>
      )}
    </main>
  );
}
