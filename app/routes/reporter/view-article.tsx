// /reporter/view-article/{id}: a read-only view of an own article, any status.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArticleView } from '../../components/article-form/ArticleView.tsx';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import type { Article } from '../../../contract/articles.ts';
import { api, ApiRequestError } from '../../lib/api.ts';
import '../../styles/reporter.css';
import { ArticleSchema } from '../../../contract/articles.schema.ts';

export const meta = () => [{ title: 'View Article' }, { name: 'robots', content: 'noindex' }];

export default function ViewOwnArticleScreen() {
  const { id } = useParams();
  const [article, setArticle] = useState<Article | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setArticle(null);
    setError(null);
    api(`/reporter/articles/${encodeURIComponent(id ?? '')}`, ArticleSchema)
      .then((a) => !cancelled && setArticle(a))
      .catch(
        (e: unknown) =>
          !cancelled &&
          setError(e instanceof ApiRequestError && e.status === 404 ? 'Article not found.' : ARTICLE_MESSAGES.loadFailed),
      );
    return () => {
      cancelled = true;
    };
  }, [id]);

  const back =
    article?.approvalStatus === 'APPROVED'
      ? { to: '/reporter-dashboard/my-articles', label: 'My Approved Articles' }
      : { to: '/reporter-dashboard/pending-rejected-articles', label: 'Pending / Rejected Articles' };

  return (
    <main className="page narrow reporter-page">
      <p className="breadcrumb">
        <Link to="/reporter-dashboard">Reporter Dashboard</Link> / <Link to={back.to}>{back.label}</Link>
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!article && !error && <p>Loading article...</p>}
      {article && (
        <>
          <ArticleView article={article} showStatus />
          {article.approvalStatus !== 'APPROVED' && article.approvalStatus !== 'SCHEDULED' && (
            <p>
              <Link className="button-link" to={`/reporter-dashboard/article-edit/${article.id}`}>
                Edit
              </Link>
            </p>
          )}
        </>
      )}
    </main>
  );
}
