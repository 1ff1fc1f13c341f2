// Edit an approved article (region optional, the edit video-id messages), its pictures too. Admins
// file under several categories here as in review, so every category the article has is shown and
// kept: a save never drops one silently. It stays approved; after 'Article updated successfully!' the
// screen returns to the approved list after 2 s.
import { useNavigate } from 'react-router';
import type { Route } from './+types/edit-approved-article';
import { ReviewEditor } from '../../components/admin-review/ReviewEditor.tsx';
import { loadArticleForEdit } from '../../components/admin-review/data.ts';
import { ADMIN_APPROVED, BackTo, DeskPage, loadingScreen } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { FormError } from '../../components/form/Field.tsx';
import { REVIEW_MESSAGES } from '../../../contract/review.ts';
import '../../styles/reporter.css';
import '../../styles/admin-review.css';

export const meta = () => [{ title: 'Edit approved article' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = ({ params }: Route.ClientLoaderArgs) => loadArticleForEdit(params.id);

const page = { kind: 'review-page', narrow: true, back: <BackTo {...ADMIN_APPROVED} />, title: 'Edit approved article' } as const;

export const handle: ScreenHandle = { Loading: loadingScreen(page, 'Loading article...') };

export default function EditApprovedArticle({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { article, categories } = loaderData;
  return (
    <DeskPage {...page}>
      {article.data && categories.data ? (
        <ReviewEditor
          article={article.data}
          categories={categories.data}
          approve={false}
          submitLabel="Save Changes"
          successMessage={REVIEW_MESSAGES.updated}
          afterSuccess={() => navigate(ADMIN_APPROVED.to)}
          onCancel={() => navigate(ADMIN_APPROVED.to)}
        />
      ) : (
        <FormError>{article.error ?? categories.error}</FormError>
      )}
    </DeskPage>
  );
}
