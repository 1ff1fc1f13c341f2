// Breaking news for an approved article: 1-24 hours, or cleared; shown with its end in India time.
// Marking it pushes a notification to every subscriber, so the first mark asks first.
import { useId, useState } from 'react';
import { ConfirmDialog } from '../dashboard/ConfirmDialog.tsx';
import { call } from '../../lib/api.ts';
import { failureText } from '../dashboard/failure.ts';
import type { Notice } from '../dashboard/notice.tsx';
import { formatDateTime } from '../public/format.ts';
import type { Article } from '../../../contract/articles.ts';
import {
  BREAKING_LABEL,
  BREAKING_MAX_HOURS,
  BREAKING_MIN_HOURS,
  REVIEW_MESSAGES,
  REVIEW_ROUTES,
} from '../../../contract/review.ts';

const HOURS = Array.from({ length: BREAKING_MAX_HOURS - BREAKING_MIN_HOURS + 1 }, (_, i) => i + BREAKING_MIN_HOURS);

export function BreakingPanel({ article, onChange }: { article: Article; onChange(article: Article): void }) {
  const selectId = useId();
  const [hours, setHours] = useState(2);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [asking, setAsking] = useState(false);
  const active = article.breakingUntil && new Date(article.breakingUntil).getTime() > Date.now();

  const send = async (method: 'PUT' | 'DELETE') => {
    setAsking(false);
    setBusy(true);
    setNotice(null);
    try {
      const result =
        method === 'PUT'
          ? await call(REVIEW_ROUTES.markBreaking, { params: { id: article.id }, body: { hours } })
          : await call(REVIEW_ROUTES.clearBreaking, { params: { id: article.id } });
      onChange(result.article);
      setNotice({ ok: true, text: result.message });
    } catch (e) {
      setNotice({ ok: false, text: failureText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="schedule-panel breaking-panel" aria-labelledby={`${selectId}-h`}>
      <h2 id={`${selectId}-h`} className="schedule-heading">
        <span className="breaking-label">{BREAKING_LABEL}</span>{' '}
        {active ? `Breaking news until ${formatDateTime(article.breakingUntil!)}` : 'Breaking news'}
      </h2>
      <div className="schedule-row">
        <label htmlFor={selectId}>For</label>
        <select id={selectId} value={hours} onChange={(e) => setHours(Number(e.target.value))} disabled={busy}>
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {h} {h === 1 ? 'hour' : 'hours'}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => (active ? void send('PUT') : setAsking(true))} disabled={busy}>
          {active ? 'Extend breaking' : 'Mark as breaking'}
        </button>
        {active && (
          <button type="button" className="secondary" onClick={() => void send('DELETE')} disabled={busy}>
            Clear breaking
          </button>
        )}
      </div>
      {notice && (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title="Mark as breaking?"
        confirmLabel="Mark as breaking and notify"
        busy={busy}
        onConfirm={() => void send('PUT')}
        onCancel={() => setAsking(false)}
      >
        <p>
          “{article.title}” will lead the ticker and the home page for {hours} {hours === 1 ? 'hour' : 'hours'}, and a
          notification goes at once to every reader subscribed to breaking news. This cannot be called back.
        </p>
      </ConfirmDialog>
      {!notice && (
        <p className="review-hint">Leads the ticker and shows a banner on the home page. {REVIEW_MESSAGES.breakingHours}</p>
      )}
    </section>
  );
}
