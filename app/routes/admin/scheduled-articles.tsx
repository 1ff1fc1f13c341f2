// Scheduled articles: approved for a time still ahead, the next to appear first, each with its
// time in India time; review (reschedule) or unschedule (back to the pending queue).
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ArticleSummary } from '../../components/admin-review/ArticleSummary.tsx';
import { failureText } from '../../components/admin-review/feedback.ts';
import { api } from '../../lib/api.ts';
import type { Article } from '../../../contract/articles.ts';
import { formatIndiaTime, REVIEW_MESSAGES } from '../../../contract/review.ts';
import '../../styles/admin-review.css';
import { ArticleListSchema, ReviewResultSchema } from '../../../contract/articles.schema.ts';

export const meta = () => [{ title: 'Scheduled Articles' }, { name: 'robots', content: 'noindex' }];

export default function ScheduledArticles() {
  const [list, setList] = useState<Article[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setList(await api('/admin/articles/scheduled', ArticleListSchema));
      setError(null);
    } catch (e) {
      setError('Error fetching scheduled articles: ' + failureText(e));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const unschedule = async (article: Article) => {
    setBusyId(article.id);
    setNotice(null);
    try {
      await api(`/admin/articles/unschedule/${article.id}`, ReviewResultSchema, { method: 'PUT' });
      setNotice({ ok: true, text: REVIEW_MESSAGES.unscheduled });
      await load();
    } catch (e) {
      setNotice({ ok: false, text: failureText(e) });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <main className="page review-page">
      <h1>Scheduled Articles</h1>
      <p className="review-hint">Times are India time (IST). Each article appears on the site at its time.</p>
      {notice && (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : list === null ? (
        <p role="status">Loading scheduled articles...</p>
      ) : list.length === 0 ? (
        <p>No scheduled articles.</p>
      ) : (
        <ul className="review-list">
          {list.map((article) => (
            <ArticleSummary
              key={article.id}
              article={article}
              dateLabel="Publishes"
              dateText={formatIndiaTime(article.publicationDate)}
            >
              <Link
                className="review-button secondary"
                to={`/admin-dashboard/view-article/${article.id}`}
                aria-label={`Review / Reschedule: ${article.title}`}
              >
                Review / Reschedule
              </Link>
              <button
                type="button"
                className="secondary"
                disabled={busyId === article.id}
                aria-label={`Unschedule: ${article.title}`}
                onClick={() => void unschedule(article)}
              >
                Unschedule
              </button>
            </ArticleSummary>
          ))}
        </ul>
      )}
    </main>
  );
}
