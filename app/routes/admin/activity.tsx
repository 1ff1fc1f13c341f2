// Activity: the audit trail, newest first: who did what to which object, when (India time) and
// from which address. Filters: actor, action, from/to dates (India days); paged. Read-only.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../components/Pagination.tsx';
import { failureText } from '../../components/admin-review/feedback.ts';
import { api } from '../../lib/api.ts';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
} from '../../../contract/audit.ts';
import { formatIndiaTime } from '../../../contract/review.ts';
import '../../styles/admin-site.css';
import '../../styles/admin-review.css';
import { AuditPageSchema } from '../../../contract/audit.ts';

export const meta = () => [{ title: 'Activity' }, { name: 'robots', content: 'noindex' }];

type Filters = { actor: string; action: string; from: string; to: string };
const NO_FILTERS: Filters = { actor: '', action: '', from: '', to: '' };

const actionLabel = (action: string) => AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] ?? action;

/** Where the object can be looked at, when it still can. */
function objectLink(entry: AuditEntry) {
  if (entry.objectType === 'article' && entry.objectId && entry.action !== 'article.delete')
    return `/admin-dashboard/view-approved-article/${entry.objectId}`;
  return null;
}

export default function Activity() {
  const id = useId();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [data, setData] = useState<AuditPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (pageNumber: number, f: Filters) => {
    setLoading(true);
    const params = new URLSearchParams({ page: String(pageNumber), size: String(AUDIT_PAGE_SIZE) });
    for (const [key, value] of Object.entries(f)) if (value.trim()) params.set(key, value.trim());
    try {
      setData(await api(`/admin/audit?${params}`, AuditPageSchema));
      setError(null);
    } catch (e) {
      setError(AUDIT_MESSAGES.fetchError + failureText(e));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(page, filters);
  }, [load, page, filters]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setPage(0);
    setFilters(draft);
  };
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  return (
    <main className="page review-page activity-page">
      <h1>Activity</h1>
      <form className="activity-filters" onSubmit={apply} aria-label="Filter activity">
        <label htmlFor={`${id}-actor`}>
          Who
          <input id={`${id}-actor`} type="search" placeholder="Username" value={draft.actor} onChange={set('actor')} />
        </label>
        <label htmlFor={`${id}-action`}>
          Action
          <select id={`${id}-action`} value={draft.action} onChange={set('action')}>
            <option value="">All actions</option>
            {AUDIT_ACTION_NAMES.map((name) => (
              <option key={name} value={name}>
                {AUDIT_ACTIONS[name]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-from`}>
          From
          <input id={`${id}-from`} type="date" value={draft.from} onChange={set('from')} />
        </label>
        <label htmlFor={`${id}-to`}>
          To
          <input id={`${id}-to`} type="date" value={draft.to} onChange={set('to')} />
        </label>
        <div className="activity-buttons">
          <button type="submit">Apply</button>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setDraft(NO_FILTERS);
              setPage(0);
              setFilters(NO_FILTERS);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : data === null ? (
        <p role="status">Loading activity...</p>
      ) : data.content.length === 0 ? (
        <p>No activity matches.</p>
      ) : (
        <div className="activity-scroll">
          <table className="admin-table activity-table" aria-busy={loading}>
            <thead>
              <tr>
                <th scope="col">When (IST)</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">What</th>
                <th scope="col">Address</th>
              </tr>
            </thead>
            <tbody>
              {data.content.map((entry) => {
                const link = objectLink(entry);
                const what = `${entry.objectType}${entry.objectId ? ` #${entry.objectId}` : ''}`;
                return (
                  <tr key={entry.id}>
                    <td className="activity-when">{formatIndiaTime(entry.at)}</td>
                    <td>{entry.actorName}</td>
                    <td>{actionLabel(entry.action)}</td>
                    <td className="activity-what">
                      {link ? <Link to={link}>{what}</Link> : what}
                      {entry.summary && <span className="activity-summary">{entry.summary}</span>}
                      {typeof entry.details?.reason === 'string' && (
                        <span className="activity-summary">Reason: {entry.details.reason}</span>
                      )}
                      {typeof entry.details?.publishAt === 'string' && (
                        <span className="activity-summary">At: {formatIndiaTime(entry.details.publishAt)}</span>
                      )}
                    </td>
                    <td>{entry.ip ?? '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {data && data.totalPages > 1 && (
        <Pagination page={page} totalPages={data.totalPages} onPage={setPage} disabled={loading} label="Pages of activity" />
      )}
    </main>
  );
}
