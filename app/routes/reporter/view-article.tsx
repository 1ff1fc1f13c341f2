// /reporter/view-article/{id}: a read-only view of an own article, any status.
import { Link } from 'react-router';
import type { Route } from './+types/view-article';
import { ArticleView } from '../../components/article-form/ArticleView.tsx';
import { loadOwnArticle } from '../../components/article-form/desk-data.ts';
import { FormError } from '../../components/form/Field.tsx';
import type { Article } from '../../../contract/articles.ts';
import '../../styles/reporter.css';

export const meta = () => [{ title: 'View Article' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = ({ params }: Route.ClientLoaderArgs) => loadOwnArticle(params.id);

export function HydrateFallback() {
  return <ViewPage article={null}>{<p>Loading article...</p>}</ViewPage>;
}

function ViewPage({ article, children }: { article: Article | null; children: React.ReactNode }) {
  const back =
    article?.approvalStatus === 'APPROVED'
      ? { to: '/reporter-dashboard/my-articles', label: 'My Approved Articles' }
      : { to: '/reporter-dashboard/pending-rejected-articles', label: 'Pending / Rejected Articles' };
  return (
    <main className="page narrow reporter-page">
      <p className="breadcrumb">
        <Link to="/reporter-dashboard">Reporter Dashboard</Link> / <Link to={back.to}>{back.label}</Link>
      </p>
      {children}
    </main>
  );
}

export default function ViewOwnArticleScreen({ loaderData }: Route.ComponentProps) {
  if (loaderData.error !== null) {
    return (
      <ViewPage article={null}>
        <FormError>{loaderData.error}</FormError>
      </ViewPage>
    );
  }
  const { article } = loaderData;
  return (
    <ViewPage article={article}>
      <ArticleView article={article} showStatus />
      {article.approvalStatus !== 'APPROVED' && article.approvalStatus !== 'SCHEDULED' && (
        <p>
          <Link className="button-link" to={`/reporter-dashboard/article-edit/${article.id}`}>
            Edit
          </Link>
        </p>
      )}
    </ViewPage>
  );
}
