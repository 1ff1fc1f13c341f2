// Pending / Rejected Articles: REJECTED before PENDING, each with its status and, beside a rejected
// article, the admin's reason. Edit and delete are allowed for both statuses.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../components/Modal.tsx';
import { StatusBadge, formatDate } from '../../components/article-form/ArticleView.tsx';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import type { Article } from '../../../contract/articles.ts';
import { api, ApiRequestError } from '../../lib/api.ts';
import { formatIndiaTime } from '../../../contract/review.ts';
import '../../styles/reporter.css';
import { ArticleListSchema } from '../../../contract/articles.schema.ts';

export const meta = () => [{ title: 'Pending / Rejected Articles' }, { name: 'robots', content: 'noindex' }];

export default function PendingRejectedScreen() {
  const [articles, setArticles] = useState<Article[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Article | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    let cancelled = false;
    api('/reporter/articles/pending-rejected', ArticleListSchema)
      .then((list) => !cancelled && setArticles(list))
      .catch((e: unknown) => !cancelled && setError(e instanceof ApiRequestError ? e.message : 'Failed to load articles.'));
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(load, [load]);

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await api(`/reporter/articles/${toDelete.id}`, { method: 'DELETE' });
      setArticles((list) => list?.filter((a) => a.id !== toDelete.id) ?? null);
      setNotice('Article deleted successfully.');
      setToDelete(null);
    } catch {
      setDeleteError(ARTICLE_MESSAGES.deleteFailed);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <main className="page reporter-page">
      <p className="breadcrumb">
        <Link to="/reporter-dashboard">Reporter Dashboard</Link>
      </p>
      <h1>Pending / Rejected Articles</h1>
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!articles && !error && <p>Loading articles...</p>}
      {articles && articles.length === 0 && <p>No pending or rejected articles.</p>}
      {articles && articles.length > 0 && (
        <ul className="article-list">
          {articles.map((a) => (
            <li key={a.id} className={`article-row status-row-${a.approvalStatus.toLowerCase()}`} data-article-id={a.id}>
              {a.images[0] && (
                <img
                  src={a.images[0].url}
                  srcSet={a.images[0].srcset}
                  sizes="96px"
                  width={a.images[0].width}
                  height={a.images[0].height}
                  alt={a.title}
                />
              )}
              <div className="article-row-text">
                <Link to={`/reporter/view-article/${a.id}`} className="article-row-title">
                  {a.title}
                </Link>
                <p className="article-row-meta">
                  <StatusBadge status={a.approvalStatus} />{' '}
                  {a.approvalStatus === 'SCHEDULED'
                    ? `Publishes ${formatIndiaTime(a.publicationDate)}`
                    : formatDate(a.publicationDate)}
                  {a.categories[0] && ` · ${a.categories.map((c) => c.name).join(', ')}`}
                </p>
                {a.approvalStatus === 'REJECTED' && a.rejectionReason && (
                  <p className="rejection-reason">
                    <strong>Reason for rejection:</strong> {a.rejectionReason}
                  </p>
                )}
              </div>
              <div className="article-row-actions">
                <Link to={`/reporter/view-article/${a.id}`} aria-label={`View ${a.title}`}>
                  View
                </Link>
                {a.approvalStatus !== 'SCHEDULED' && (
                  <Link to={`/reporter-dashboard/article-edit/${a.id}`} aria-label={`Edit ${a.title}`}>
                    Edit
                  </Link>
                )}
                {a.approvalStatus !== 'SCHEDULED' && (
                  <button
                    type="button"
                    className="danger"
                    aria-label={`Delete ${a.title}`}
                    onClick={() => {
                      setDeleteError(null);
                      setNotice(null);
                      setToDelete(a);
                    }}
                  >
                    Delete
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal open={toDelete !== null} onClose={() => !deleting && setToDelete(null)} title="Delete article">
        <h2>Delete article</h2>
        <p>Are you sure you want to delete this article?</p>
        {toDelete && <p className="modal-article-title">{toDelete.title}</p>}
        {deleteError && (
          <p className="form-error" role="alert">
            {deleteError}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="secondary" onClick={() => setToDelete(null)} disabled={deleting}>
            Cancel
          </button>
          <button type="button" className="danger" onClick={confirmDelete} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Confirm'}
          </button>
        </div>
      </Modal>
    </main>
  );
}
