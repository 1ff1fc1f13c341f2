// approved articles, 15 per page, newest first, filter by title; view, edit, delete.
// Each shows its readers' views; the list sorts by views, and a table sums them per reporter.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArticleSummary } from '../../components/admin-review/ArticleSummary.tsx';
import { ConfirmDeleteModal } from '../../components/admin-review/ConfirmDeleteModal.tsx';
import { failureText } from '../../components/admin-review/feedback.ts';
import { api } from '../../lib/api.ts';
import type { Article } from '../../../contract/articles.ts';
import {
  APPROVED_PAGE_SIZE,
  BREAKING_LABEL,
  formatIndiaTime,
  REVIEW_ERRORS,
  REVIEW_MESSAGES,
  type ApprovedPage,
  type ApprovedQuery,
} from '../../../contract/review.ts';
import { ReporterViews } from '../../components/admin-review/ReporterViews.tsx';
import '../../styles/admin-review.css';
import { Pagination } from '../../components/Pagination.tsx';
import { ApprovedPageSchema } from '../../../contract/articles.schema.ts';

export const meta = () => [{ title: 'Approved Articles' }, { name: 'robots', content: 'noindex' }];

export default function ApprovedArticles() {
  const filterId = useId();
  const [draft, setDraft] = useState('');
  const [title, setTitle] = useState('');
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<ApprovedQuery['sort']>('newest');
  const [data, setData] = useState<ApprovedPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [toDelete, setToDelete] = useState<Article | null>(null);
  const [deleting, setDeleting] = useState(false);

  const load = useCallback(async (pageNumber: number, filter: string, order: ApprovedQuery['sort']) => {
    setLoading(true);
    const params = new URLSearchParams({ page: String(pageNumber), pageSize: String(APPROVED_PAGE_SIZE) });
    if (filter) params.set('title', filter);
    if (order !== 'newest') params.set('sort', order);
    try {
      const result = await api(`/admin/articles/approved?${params}`, ApprovedPageSchema);
      // A delete can empty the last page: step back to the new last page.
      if (result.content.length === 0 && pageNumber > 0 && result.totalPages > 0) {
        setPage(result.totalPages - 1);
        return;
      }
      setData(result);
      setError(null);
    } catch (e) {
      setError(REVIEW_ERRORS.fetchApproved + failureText(e));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(page, title, sort);
  }, [load, page, title, sort]);

  const applyFilter = (e: FormEvent) => {
    e.preventDefault();
    setPage(0);
    setTitle(draft.trim());
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await api(`/admin/articles/${toDelete.id}`, { method: 'DELETE' });
      setNotice({ ok: true, text: REVIEW_MESSAGES.deleted });
      await load(page, title, sort);
    } catch (e) {
      setNotice({ ok: false, text: REVIEW_ERRORS.delete + failureText(e) });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const totalPages = data?.totalPages ?? 0;
  return (
    <main className="page review-page">
      <h1>Approved Articles</h1>
      <form className="review-filter" role="search" onSubmit={applyFilter}>
        <label htmlFor={filterId} className="visually-hidden">
          Filter by title
        </label>
        <input
          id={filterId}
          type="search"
          placeholder="Filter by title"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit">Filter</button>
      </form>
      <div className="review-sort" role="group" aria-label="Sort approved articles">
        <span>Sort by</span>
        {(
          [
            ['newest', 'Newest'],
            ['views', 'Most views'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="review-button secondary"
            aria-pressed={sort === value}
            onClick={() => {
              setPage(0);
              setSort(value);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {notice && (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : data === null ? (
        <p role="status">Loading approved articles...</p>
      ) : data.content.length === 0 ? (
        <p>{title ? `No approved articles match "${title}".` : 'No approved articles yet.'}</p>
      ) : (
        <ul className="review-list" aria-busy={loading}>
          {data.content.map((article) => (
            <ArticleSummary key={article.id} article={article} dateLabel="Published" views={article.views}>
              {article.breakingUntil && new Date(article.breakingUntil).getTime() > Date.now() && (
                <span className="breaking-label" title={`Breaking news until ${formatIndiaTime(article.breakingUntil)}`}>
                  {BREAKING_LABEL}
                </span>
              )}
              <Link
                className="review-button secondary"
                to={`/admin-dashboard/view-approved-article/${article.id}`}
                aria-label={`View: ${article.title}`}
              >
                View
              </Link>
              <Link
                className="review-button secondary"
                to={`/admin-dashboard/edit-approved-article/${article.id}`}
                aria-label={`Edit: ${article.title}`}
              >
                Edit
              </Link>
              <button
                type="button"
                className="danger"
                aria-label={`Delete: ${article.title}`}
                onClick={() => {
                  setNotice(null);
                  setToDelete(article);
                }}
              >
                Delete
              </button>
            </ArticleSummary>
          ))}
        </ul>
      )}
      {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onPage={setPage} disabled={loading} />}
      <ConfirmDeleteModal
        title={toDelete?.title ?? null}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
      <ReporterViews />
    </main>
  );
}
