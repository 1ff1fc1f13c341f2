// read an approved article as the admin sees it, with a way to edit it.
import { Link } from 'react-router';
import type { Route } from './+types/view-approved-article';
import { ArticleView } from '../../components/article-form/ArticleView.tsx';
import { ADMIN_APPROVED, BackTo, DeskPage, loadingScreen } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { BreakingPanel } from '../../components/admin-review/BreakingPanel.tsx';
import { LivePanel } from '../../components/admin-review/LivePanel.tsx';
import { loadAdminArticle, useLatest } from '../../components/admin-review/data.ts';
import { FormError } from '../../components/form/Field.tsx';
import type { Article } from '../../../contract/articles.ts';
import '../../styles/reporter.css';
import '../../styles/admin-review.css';

export const meta = () => [{ title: 'Approved article' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = ({ params }: Route.ClientLoaderArgs) => loadAdminArticle(params.id);

const page = { kind: 'review-page', narrow: true, back: <BackTo {...ADMIN_APPROVED} />, title: 'Approved article' } as const;

export const handle: ScreenHandle = { Loading: loadingScreen(page, 'Loading article...') };

export default function ViewApprovedArticle({ loaderData }: Route.ComponentProps) {
  return (
    <DeskPage {...page}>
      {loaderData.data ? <Approved loaded={loaderData.data} /> : <FormError>{loaderData.error}</FormError>}
    </DeskPage>
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
      <LivePanel article={article} canSwitch onChange={setArticle} />
      <ArticleView article={article} showStatus headingLevel={2} />
    </>
  );
}
