// Edit an approved article (region optional, the edit video-id messages), its pictures too. Admins
// file under several categories here as in review, so every category the article has is shown and
// kept: a save never drops one silently. It stays approved; after 'Article updated successfully!' the
// screen returns to the approved list after 2 s.
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/edit-approved-article';
import { ReviewEditor } from '../../components/admin-review/ReviewEditor.tsx';
import { loadArticleForEdit } from '../../components/admin-review/data.ts';
import { FormError } from '../../components/form/Field.tsx';
import { REVIEW_MESSAGES } from '../../../contract/review.ts';
import '../../styles/reporter.css';
import '../../styles/admin-review.css';

export const meta = () => [{ title: 'Edit approved article' }, { name: 'robots', content: 'noindex' }];

const APPROVED_LIST = '/admin-dashboard/approved-articles';

export const clientLoader = ({ params }: Route.ClientLoaderArgs) => loadArticleForEdit(params.id);

export function HydrateFallback() {
  return <EditPage>{<p role="status">Loading article...</p>}</EditPage>;
}

function EditPage({ children }: { children: React.ReactNode }) {
  return (
    <main className="page narrow review-page">
      <p className="review-back">
        <Link to={APPROVED_LIST}>← Approved Articles</Link>
      </p>
      <h1>Edit approved article</h1>
      {children}
    </main>
  );
}

export default function EditApprovedArticle({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { article, categories } = loaderData;
  return (
    <EditPage>
      {article && categories ? (
        <ReviewEditor
          article={article}
          categories={categories}
          approve={false}
          submitLabel="Save Changes"
          successMessage={REVIEW_MESSAGES.updated}
          afterSuccess={() => navigate(APPROVED_LIST)}
          onCancel={() => navigate(APPROVED_LIST)}
        />
      ) : (
        <FormError>{loaderData.error ?? loaderData.categoriesError}</FormError>
      )}
    </EditPage>
  );
}
