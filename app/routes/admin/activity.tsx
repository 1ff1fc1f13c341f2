// Activity: the audit trail, newest first: who did what to which object, when (India time) and
// from which address. Filters: actor, action, from/to dates (India days); paged. Read-only.
// The filters and the page live in the address, so Back returns to the same view.
import { useId, useRef, type FormEvent } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { Route } from './+types/activity';
import { Pagination } from '../../components/Pagination.tsx';
import { failureText } from '../../components/dashboard/failure.ts';
import { adminMeta, loaded, pageOf, useListPlace } from '../../components/dashboard/screen.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import { call } from '../../lib/api.ts';
import { requireRole } from '../../lib/guard.ts';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZE,
  AUDIT_ROUTES,
  type AuditEntry,
} from '../../../contract/audit.ts';
import { formatDateTime } from '../../components/public/format.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { ColumnHeads } from '../../components/dashboard/ColumnHeads.tsx';
import { IndiaDateTime } from '../../components/dashboard/IndiaDateTime.tsx';
import '../../styles/admin-site.css';
import '../../styles/admin-review.css';

export const meta = () => adminMeta('Activity');
export const handle: ScreenHandle = { loadingText: 'Loading activity...' };

const FILTERS = ['actor', 'action', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ['ADMIN']);
  const url = new URL(request.url);
  const filters = Object.fromEntries(FILTERS.map((key) => [key, url.searchParams.get(key)?.trim() ?? ''])) as Filters;
  const page = pageOf(url);
  const list = await loaded(
    call(AUDIT_ROUTES.list, { query: { page, size: AUDIT_PAGE_SIZE, ...filters } }),
    (e) => AUDIT_MESSAGES.fetchError + failureText(e),
  );
  return { filters, page, ...list };
}

const actionLabel = (action: string) => AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] ?? action;

/** Where the object can be looked at, when it still can. */
function objectLink(entry: AuditEntry) {
  if (entry.objectType === 'article' && entry.objectId && entry.action !== 'article.delete')
    return `/admin-dashboard/view-approved-article/${entry.objectId}`;
  return null;
}

export default function Activity() {
  const id = useId();
  const { filters, page, data, error } = useLoaderData<typeof clientLoader>();
  const { loading, next, show } = useListPlace();
  // Rows of the old filters would read as answers to the new ones: hidden until those arrive.
  const refiltering = next !== null && FILTERS.some((key) => (next.get(key)?.trim() ?? '') !== filters[key]);
  const listTop = useRef<HTMLDivElement>(null);

  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    show(Object.fromEntries(FILTERS.map((key) => [key, String(form.get(key) ?? '')])));
  };

  return (
    <main className="page review-page activity-page">
      <h1>Activity</h1>
      {/* Keyed by the filters in the address: Back and Clear show them in the fields. */}
      <form key={JSON.stringify(filters)} className="activity-filters" onSubmit={apply} aria-label="Filter activity">
        <label htmlFor={`${id}-actor`}>
          Who
          <input id={`${id}-actor`} name="actor" type="search" placeholder="Username" defaultValue={filters.actor} />
        </label>
        <label htmlFor={`${id}-action`}>
          Action
          <select id={`${id}-action`} name="action" defaultValue={filters.action}>
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
          <IndiaDateTime id={`${id}-from`} name="from" dateOnly defaultValue={filters.from} />
        </label>
        <label htmlFor={`${id}-to`}>
          To
          <IndiaDateTime id={`${id}-to`} name="to" dateOnly defaultValue={filters.to} />
        </label>
        <div className="activity-buttons">
          <button type="submit">Apply</button>
          <button type="button" className="secondary" onClick={() => show({})}>
            Clear
          </button>
        </div>
      </form>
      <FormError>{error}</FormError>
      {refiltering && <p role="status">Loading activity...</p>}
      {data && !refiltering && data.content.length === 0 && <p>No activity matches.</p>}
      {data && !refiltering && data.content.length > 0 && (
        <div className="activity-scroll list-wrap" ref={listTop}>
          {loading && (
            <p role="status" className="list-loading">
              Loading activity...
            </p>
          )}
          <table className="admin-table activity-table" aria-busy={loading}>
            <ColumnHeads names={['When (IST)', 'Who', 'Action', 'What', 'Address']} />
            <tbody>
              {data.content.map((entry) => (
                <ActivityRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.totalPages > 1 && (
        <Pagination
          page={page}
          totalPages={data.totalPages}
          onPage={(to) => show(filters, to)}
          disabled={loading}
          label="Pages of activity"
          listTop={listTop}
        />
      )}
    </main>
  );
}

function ActivityRow({ entry }: { entry: AuditEntry }) {
  const link = objectLink(entry);
  const what = `${entry.objectType}${entry.objectId ? ` #${entry.objectId}` : ''}`;
  const { reason, publishAt } = entry.details ?? {};
  return (
    <tr>
      <td className="activity-when">{formatDateTime(entry.at)}</td>
      <td>{entry.actorName}</td>
      <td>{actionLabel(entry.action)}</td>
      <td className="activity-what">
        {link ? <Link to={link}>{what}</Link> : what}
        {entry.summary && <span className="activity-summary">{entry.summary}</span>}
        {typeof reason === 'string' && <span className="activity-summary">Reason: {reason}</span>}
        {typeof publishAt === 'string' && <span className="activity-summary">At: {formatDateTime(publishAt)}</span>}
      </td>
      <td>{entry.ip ?? '—'}</td>
    </tr>
  );
}
