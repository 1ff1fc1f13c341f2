// Edit an own PENDING or REJECTED article, its pictures too; saving resubmits it for review (back
// to PENDING).
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/article-edit';
import { ArticleForm } from '../../components/article-form/ArticleForm.tsx';
import { ArticleStatus } from '../../components/article-form/ArticleView.tsx';
import { loadCategories, loadOwnArticle } from '../../components/article-form/desk-data.ts';
import { FormError } from '../../components/form/Field.tsx';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import { api } from '../../lib/api.ts';
import '../../styles/reporter.css';

export const meta = () => [{ title: 'Edit Article' }, { name: 'robots', content: 'noindex' }];

const PENDING_REJECTED = '/reporter-dashboard/pending-rejected-articles';

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [loaded, categories] = await Promise.all([loadOwnArticle(params.id), loadCategories().catch(() => null)]);
  if (loaded.error !== null || !categories) return { error: loaded.error ?? ARTICLE_MESSAGES.loadFailed } as const;
  return { error: null, article: loaded.article, categories };
}

export function HydrateFallback() {
  return <EditPage>{<p>Loading article...</p>}</EditPage>;
}

function EditPage({ children }: { children: React.ReactNode }) {
  return (
    <main className="page narrow reporter-page">
      <p className="breadcrumb">
        <Link to="/reporter-dashboard">Reporter Dashboard</Link> / <Link to={PENDING_REJECTED}>Pending / Rejected Articles</Link>
      </p>
      <h1>Edit Article</h1>
      {children}
    </main>
  );
}

export default function EditArticleScreen({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (loaderData.error !== null) {
    return (
      <EditPage>
        <FormError>{loaderData.error}</FormError>
      </EditPage>
    );
  }
  const { article, categories } = loaderData;
  const editable = article.approvalStatus !== 'APPROVED' && article.approvalStatus !== 'SCHEDULED';
  return (
    <EditPage>
      <ArticleStatus article={article} />
      {editable ? (
        <ArticleForm
          key={article.id}
          mode="edit"
          initial={article}
          categories={categories}
          submitLabel="Update Article"
          submittingLabel="Updating..."
          successMessage={ARTICLE_MESSAGES.updated}
          onSubmit={async (formData) => {
            await api(`/articles/${article.id}`, { method: 'PUT', body: formData });
          }}
          afterSuccess={() => navigate(PENDING_REJECTED)}
        />
      ) : (
        <p className="form-error">{ARTICLE_MESSAGES.approvedNotEditable}</p>
      )}
    </EditPage>
  );
}
