// read an approved article as the admin sees it, with a way to edit it.
import { Link } from 'react-router';
import type { Route } from './+types/view-approved-article';
import { ArticleView } from '../../components/article-form/ArticleView.tsx';
import { BreakingPanel } from '../../components/admin-review/BreakingPanel.tsx';
import { loadAdminArticle, useLatest } from '../../components/admin-review/data.ts';
import { FormError } from '../../components/form/Field.tsx';
import type { Article } from '../../../contract/articles.ts';
import '../../styles/reporter.css';
import '../../styles/admin-review.css';

export const meta = () => [{ title: 'Approved article' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = ({ params }: Route.ClientLoaderArgs) => loadAdminArticle(params.id);

export function HydrateFallback() {
  return <ViewPage>{<p role="status">Loading article...</p>}</ViewPage>;
}

function ViewPage({ children }: { children: React.ReactNode }) {
  return (
    <main className="page narrow review-page">
      <p className="review-back">
        <Link to="/admin-dashboard/approved-articles">← Approved Articles</Link>
      </p>
      <h1>Approved article</h1>
      {children}
    </main>
  );
}

export default function ViewApprovedArticle({ loaderData }: Route.ComponentProps) {
  return (
    <ViewPage>
      {loaderData.article ? <Approved loaded={loaderData.article} /> : <FormError>{loaderData.error}</FormError>}
    </ViewPage>
  );
}

function Approved({ loaded }: { loaded: Article }) {
  // Marking it breaking news answers with the article as it is now.
  const [article, setArticle] = useLatest(loaded);
  return (
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
  );
}
