// /reporter/view-article/{id}: a read-only view of an own article, any status.
import { Link } from 'react-router';
import type { Route } from './+types/view-article';
import { ArticleView } from '../../components/article-form/ArticleView.tsx';
import {
  DeskPage,
  loadingScreen,
  MY_APPROVED,
  PENDING_REJECTED,
  ReporterCrumbs,
} from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { loadOwnArticle } from '../../components/article-form/desk-data.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import { LivePanel } from '../../components/admin-review/LivePanel.tsx';
import '../../styles/admin-review.css';
import '../../styles/reporter.css';
import { NotesThread } from '../../components/notes/NotesThread.tsx';

export const meta = () => [{ title: 'View Article' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = ({ params }: Route.ClientLoaderArgs) => loadOwnArticle(params.id);

export const handle: ScreenHandle = {
  Loading: loadingScreen(
    { kind: 'reporter-page', narrow: true, back: <ReporterCrumbs list={PENDING_REJECTED} /> },
    'Loading article...',
  ),
};

export default function ViewOwnArticleScreen({ loaderData }: Route.ComponentProps) {
  const article = loaderData.data;
  const back = <ReporterCrumbs list={article?.approvalStatus === 'APPROVED' ? MY_APPROVED : PENDING_REJECTED} />;
  return (
    <DeskPage kind="reporter-page" narrow back={back}>
      {article ? (
        <>
          <ArticleView article={article} showStatus />
          <LivePanel article={article} canSwitch={false} />
          <NotesThread articleId={article.id} />
          {article.approvalStatus !== 'APPROVED' && article.approvalStatus !== 'SCHEDULED' && (
            <p>
              <Link className="button-link" to={`/reporter-dashboard/article-edit/${article.id}`}>
                Edit
              </Link>
            </p>
          )}
        </>
      ) : (
        <FormError>{loaderData.error}</FormError>
      )}
    </DeskPage>
  );
}
