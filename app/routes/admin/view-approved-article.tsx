// A published or scheduled story as the admin sees it: edit it, open its public page, breaking news
// and live coverage (published), reschedule or unschedule (scheduled), and its revision history with
// restore (a preview of the old version first). A story under review is led to the review screen.
import { Link, redirect } from 'react-router';
import type { Route } from './+types/view-approved-article';
import { ArticleView } from '../../components/article-form/ArticleView.tsx';
import { ADMIN_APPROVED, BackTo, DeskPage, loadingScreen } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { BreakingPanel } from '../../components/admin-review/BreakingPanel.tsx';
import { LivePanel } from '../../components/admin-review/LivePanel.tsx';
import { SchedulePanel } from '../../components/admin-review/SchedulePanel.tsx';
import { RevisionHistory } from '../../components/admin-review/Revisions.tsx';
import {
  isPublishedOrScheduled,
  loadAdminArticle,
  loadRevisions,
  reviewAct,
  reviewAddress,
  useLatest,
  type ActResult,
} from '../../components/admin-review/data.ts';
import type { Outcome } from '../../components/dashboard/outcome.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import type { Article } from '../../../contract/articles.ts';
import type { RevisionSummary } from '../../../contract/drafts.ts';
import '../../styles/reporter.css';
import '../../styles/admin-review.css';
import { NotesThread } from '../../components/notes/NotesThread.tsx';
import { CorrectionsPanel } from '../../components/notes/CorrectionsPanel.tsx';

export const meta = () => [{ title: 'Approved article' }, { name: 'robots', content: 'noindex' }];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const article = await loadAdminArticle(params.id);
  // A story under review (unscheduled, say) is worked on the review screen.
  if (article.data && !isPublishedOrScheduled(article.data)) throw redirect(reviewAddress(article.data.id));
  return { article, revisions: article.data ? await loadRevisions(article.data.id) : [] };
}

export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<Outcome<ActResult>> {
  return reviewAct(Number(params.id), await request.formData());
}

const page = { kind: 'review-page', narrow: true, back: <BackTo {...ADMIN_APPROVED} />, title: 'Approved article' } as const;

export const handle: ScreenHandle = { Loading: loadingScreen(page, 'Loading article...') };

export default function ViewApprovedArticle({ loaderData }: Route.ComponentProps) {
  const { article, revisions } = loaderData;
  const scheduled = article.data?.approvalStatus === 'SCHEDULED';
  return (
    <DeskPage {...page} title={scheduled ? 'Scheduled article' : page.title}>
      {article.data ? <Approved loaded={article.data} revisions={revisions} /> : <FormError>{article.error}</FormError>}
    </DeskPage>
  );
}

function Approved({ loaded, revisions }: { loaded: Article; revisions: RevisionSummary[] }) {
  // Breaking news and live coverage answer with the article as it is now.
  const [article, setArticle] = useLatest(loaded);
  const published = article.approvalStatus === 'APPROVED';
  return (
    <>
      <div className="review-toolbar">
        <Link className="review-button" to={`/admin-dashboard/edit-approved-article/${article.id}`}>
          Edit
        </Link>
        {published && (
          <a className="review-button secondary" href={`/public/articles/${article.id}`} target="_blank" rel="noopener">
            Open public page
          </a>
        )}
      </div>
      {published && <BreakingPanel article={article} onChange={setArticle} />}
      {!published && <SchedulePanel key={article.publicationDate} article={article} />}
      <LivePanel article={article} canSwitch onChange={setArticle} />
      <CorrectionsPanel article={article} />
      <ArticleView article={article} showStatus headingLevel={2} />
      <RevisionHistory articleId={article.id} revisions={revisions} version={article.version} />
      <NotesThread articleId={article.id} />
    </>
  );
}
