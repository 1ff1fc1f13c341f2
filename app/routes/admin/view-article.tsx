// Admin review (view-article/{id}): read the article (its text first, then its pictures as
// thumbnails that open large), then approve, reject with an optional reason, or edit (several
// categories, the pictures too) and approve in one save. After a success the screen returns to the
// pending list after 2 s.
import { useState } from 'react';
import type { Route } from './+types/view-article';
import { ArticleView } from '../../components/article-form/ArticleView.tsx';
import { RejectModal } from '../../components/admin-review/RejectModal.tsx';
import { ReviewEditor } from '../../components/admin-review/ReviewEditor.tsx';
import { failureStatus, failureText, useNavigateLater } from '../../components/admin-review/feedback.ts';
import { loadArticleForEdit, useLatest } from '../../components/admin-review/data.ts';
import { FormError } from '../../components/form/Field.tsx';
import { ADMIN_PENDING, BackTo, DeskPage, loadingScreen } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { api } from '../../lib/api.ts';
import { REVIEW_ERRORS, REVIEW_MESSAGES } from '../../../contract/review.ts';
import type { Article } from '../../../contract/articles.ts';
import type { Category } from '../../../contract/categories.ts';
import { SchedulePanel } from '../../components/admin-review/SchedulePanel.tsx';
import { ChangesSinceRejection, RevisionHistory } from '../../components/admin-review/Revisions.tsx';
import '../../styles/reporter.css';
import '../../styles/admin-review.css';
import { ReviewResultSchema } from '../../../contract/articles.schema.ts';

export const meta = () => [{ title: 'Review article' }, { name: 'robots', content: 'noindex' }];

const PENDING_LIST = ADMIN_PENDING.to;

type Outcome = { ok: boolean; text: string; detail?: string };

export const clientLoader = ({ params }: Route.ClientLoaderArgs) => loadArticleForEdit(params.id);

const page = { kind: 'review-page', narrow: true, back: <BackTo {...ADMIN_PENDING} /> } as const;

export const handle: ScreenHandle = { Loading: loadingScreen({ ...page, title: 'Review article' }, 'Loading article...') };

export default function ReviewArticle({ loaderData }: Route.ComponentProps) {
  const { article, categories } = loaderData;
  return (
    <DeskPage {...page} title={article.data ? undefined : 'Review article'}>
      {article.data ? (
        <Review loaded={article.data} categories={categories.data} categoriesError={categories.error} />
      ) : (
        <FormError>{article.error}</FormError>
      )}
    </DeskPage>
  );
}

function Review({
  loaded,
  categories,
  categoriesError,
}: {
  loaded: Article;
  categories: Category[] | null;
  categoriesError: string | null;
}) {
  const [article, setArticle] = useLatest(loaded);
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Bumped by a restore: the history and the changes since rejection are read again.
  const [historyVersion, setHistoryVersion] = useState(0);
  const navigateLater = useNavigateLater();
  const done = outcome?.ok === true;
  const succeeded = (result: Article, text: string) => {
    setArticle(result);
    setOutcome({ ok: true, text });
    navigateLater(PENDING_LIST);
  };

  const approve = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await api(`/admin/articles/approve/${article.id}`, ReviewResultSchema, { method: 'PUT' });
      succeeded(result.article, REVIEW_MESSAGES.approved);
    } catch (e) {
      // words this one with the status; the server's reason follows on its own line.
      setOutcome({ ok: false, text: REVIEW_ERRORS.approve + failureStatus(e), detail: failureText(e) });
    } finally {
      setBusy(false);
    }
  };

  const reject = async (reason: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await api(`/admin/articles/reject/${article.id}`, ReviewResultSchema, {
        method: 'PUT',
        body: { reason: reason || null },
      });
      setRejecting(false);
      succeeded(result.article, REVIEW_MESSAGES.rejected);
    } catch (e) {
      setRejecting(false);
      setOutcome({ ok: false, text: REVIEW_ERRORS.reject + failureText(e) });
    } finally {
      setBusy(false);
    }
  };

  const closed = busy || done || article.approvalStatus === 'APPROVED';
  return (
    <>
      <h1>{editing ? 'Edit & Approve' : 'Review article'}</h1>
      {outcome && (
        <div className={outcome.ok ? 'form-success' : 'form-error'} role={outcome.ok ? 'status' : 'alert'}>
          <p>{outcome.text}</p>
          {outcome.detail && outcome.detail !== outcome.text && <p className="review-detail">{outcome.detail}</p>}
        </div>
      )}
      {editing ? (
        categories ? (
          <ReviewEditor
            article={article}
            categories={categories}
            approve
            submitLabel="Save & Approve"
            successMessage={REVIEW_MESSAGES.savedAndApproved}
            errorPrefix={REVIEW_ERRORS.saveAndApprove}
            afterSuccess={() => navigateLater(PENDING_LIST)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <FormError>{categoriesError}</FormError>
        )
      ) : (
        <>
          <div className="review-toolbar">
            <button type="button" className="approve" onClick={() => void approve()} disabled={closed}>
              <span aria-hidden="true">✓ </span>Approve
            </button>
            <button type="button" className="reject" onClick={() => setRejecting(true)} disabled={closed}>
              <span aria-hidden="true">✕ </span>Reject
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setOutcome(null);
                setEditing(true);
              }}
              disabled={closed}
            >
              Edit &amp; Approve
            </button>
          </div>
          {article.approvalStatus !== 'APPROVED' && (
            <SchedulePanel
              article={article}
              disabled={busy || done}
              onDone={(result, text) => succeeded(result.article, text)}
              onError={(text) => setOutcome({ ok: false, text: REVIEW_ERRORS.approve + text })}
            />
          )}
          <ChangesSinceRejection articleId={article.id} refresh={historyVersion} />
          <ArticleView article={article} showStatus headingLevel={2} />
          <RevisionHistory
            articleId={article.id}
            refresh={historyVersion}
            onRestored={(restored) => {
              setArticle(restored);
              setHistoryVersion((v) => v + 1);
            }}
          />
        </>
      )}
      <RejectModal
        open={rejecting}
        busy={busy}
        onCancel={() => setRejecting(false)}
        onConfirm={(reason) => void reject(reason)}
      />
    </>
  );
}
