// Admin review (view-article/{id}): read the article, then approve, reject with an
// optional reason, or edit (several categories) and approve in one save. After a success the
// screen returns to the pending list after 2 s.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArticleView } from '../../components/article-form/ArticleView.tsx';
import { RejectModal } from '../../components/admin-review/RejectModal.tsx';
import { ReviewEditor } from '../../components/admin-review/ReviewEditor.tsx';
import { failureStatus, failureText, useNavigateAfterSuccess } from '../../components/admin-review/feedback.ts';
import { api } from '../../lib/api.ts';
import { REVIEW_ERRORS, REVIEW_MESSAGES } from '../../../contract/review.ts';
import { useAdminArticle } from '../../components/admin-review/useAdminArticle.ts';
import { SchedulePanel } from '../../components/admin-review/SchedulePanel.tsx';
import { ChangesSinceRejection, RevisionHistory } from '../../components/admin-review/Revisions.tsx';
import '../../styles/reporter.css';
import '../../styles/admin-review.css';
import { ReviewResultSchema } from '../../../contract/articles.schema.ts';

export const meta = () => [{ title: 'Review article' }, { name: 'robots', content: 'noindex' }];

const PENDING_LIST = '/admin-dashboard/pending-articles';

type Outcome = { ok: boolean; text: string; detail?: string };

export default function ReviewArticle() {
  const { id } = useParams();
  const { article, setArticle, error: loadError } = useAdminArticle(id);
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Bumped by a restore: the history and the changes since rejection are read again.
  const [historyVersion, setHistoryVersion] = useState(0);
  const navigate = useNavigate();
  const done = outcome?.ok === true;
  useNavigateAfterSuccess(done, PENDING_LIST);

  const approve = async () => {
    if (!article) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await api(`/admin/articles/approve/${article.id}`, ReviewResultSchema, { method: 'PUT' });
      setArticle(result.article);
      setOutcome({ ok: true, text: REVIEW_MESSAGES.approved });
    } catch (e) {
      // words this one with the status; the server's reason follows on its own line.
      setOutcome({ ok: false, text: REVIEW_ERRORS.approve + failureStatus(e), detail: failureText(e) });
    } finally {
      setBusy(false);
    }
  };

  const reject = async (reason: string) => {
    if (!article) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await api(`/admin/articles/reject/${article.id}`, ReviewResultSchema, {
        method: 'PUT',
        body: { reason: reason || null },
      });
      setArticle(result.article);
      setRejecting(false);
      setOutcome({ ok: true, text: REVIEW_MESSAGES.rejected });
    } catch (e) {
      setRejecting(false);
      setOutcome({ ok: false, text: REVIEW_ERRORS.reject + failureText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page narrow review-page">
      <p className="review-back">
        <Link to={PENDING_LIST}>← Pending Articles</Link>
      </p>
      <h1>{editing ? 'Edit & Approve' : 'Review article'}</h1>
      {outcome && (
        <div className={outcome.ok ? 'form-success' : 'form-error'} role={outcome.ok ? 'status' : 'alert'}>
          <p>{outcome.text}</p>
          {outcome.detail && outcome.detail !== outcome.text && <p className="review-detail">{outcome.detail}</p>}
        </div>
      )}
      {loadError ? (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      ) : article === null ? (
        <p role="status">Loading article...</p>
      ) : editing ? (
        <ReviewEditor
          article={article}
          multipleCategories
          approve
          submitLabel="Save & Approve"
          successMessage={REVIEW_MESSAGES.savedAndApproved}
          errorPrefix={REVIEW_ERRORS.saveAndApprove}
          afterSuccess={() => navigate(PENDING_LIST)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <div className="review-toolbar">
            <button type="button" onClick={() => void approve()} disabled={busy || done || article.approvalStatus === 'APPROVED'}>
              Approve
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => setRejecting(true)}
              disabled={busy || done || article.approvalStatus === 'APPROVED'}
            >
              Reject
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setOutcome(null);
                setEditing(true);
              }}
              disabled={busy || done || article.approvalStatus === 'APPROVED'}
            >
              Edit &amp; Approve
            </button>
          </div>
          {article.approvalStatus !== 'APPROVED' && (
            <SchedulePanel
              article={article}
              disabled={busy || done}
              onDone={(result, text) => {
                setArticle(result.article);
                setOutcome({ ok: true, text });
              }}
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
    </main>
  );
}
