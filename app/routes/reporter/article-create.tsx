// Write New Article. Served at /reporter-dashboard/article-create and /write-article (same module,
// app/routes.ts); the first address is rewritten to the second (SPEC.md §2).
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { RouteGuard } from '../../components/RouteGuard.tsx';
import { ArticleForm } from '../../components/article-form/ArticleForm.tsx';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import { api } from '../../lib/api.ts';
import '../../styles/reporter.css';

export const meta = () => [{ title: 'Write New Article' }, { name: 'robots', content: 'noindex' }];

export const WRITE_ARTICLE_PATH = '/reporter-dashboard/write-article';

export default function WriteArticle() {
  return (
    <RouteGuard allowed={['REPORTER']}>
      <WriteArticleScreen />
    </RouteGuard>
  );
}

function WriteArticleScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (location.pathname.replace(/\/$/, '').endsWith('/article-create')) {
      navigate({ pathname: WRITE_ARTICLE_PATH, search: location.search }, { replace: true });
    }
  }, [location.pathname, location.search, navigate]);

  return (
    <main className="page narrow reporter-page">
      <p className="breadcrumb">
        <Link to="/reporter-dashboard">Reporter Dashboard</Link>
      </p>
      <h1>Write New Article</h1>
      <ArticleForm
        mode="create"
        submitLabel="Submit Article"
        submittingLabel="Submitting..."
        successMessage={ARTICLE_MESSAGES.submitted}
        onSubmit={async (formData) => {
          await api('/articles', { method: 'POST', body: formData });
        }}
        afterSuccess={() => navigate('/reporter-dashboard/pending-rejected-articles')}
      />
    </main>
  );
}
