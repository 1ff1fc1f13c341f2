// Approve for a later time: a picker in India time (Asia/Kolkata) whatever the device's zone.
// A SCHEDULED article shows its time with Reschedule and Unschedule.
import { useId, useState } from 'react';
import { api } from '../../lib/api.ts';
import type { Article } from '../../../contract/articles.ts';
import {
  formatIndiaTime,
  indiaLocalToIso,
  isoToIndiaLocal,
  REVIEW_MESSAGES,
  type ReviewResult,
} from '../../../contract/review.ts';
import { failureText } from './feedback.ts';
import { ReviewResultSchema } from '../../../contract/articles.schema.ts';

type Props = {
  article: Article;
  disabled?: boolean;
  onDone(result: ReviewResult, text: string): void;
  onError(text: string): void;
};

const inOneHour = () => isoToIndiaLocal(new Date(Date.now() + 3_600_000));

export function SchedulePanel({ article, disabled, onDone, onError }: Props) {
  const pickerId = useId();
  const scheduled = article.approvalStatus === 'SCHEDULED';
  const [local, setLocal] = useState(() => (scheduled ? isoToIndiaLocal(article.publicationDate) : inOneHour()));
  const [busy, setBusy] = useState(false);

  const run = async (path: string, text: string) => {
    setBusy(true);
    try {
      const result = await api(path, ReviewResultSchema, { method: 'PUT' });
      onDone(result, text);
    } catch (e) {
      onError(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  const schedule = () => {
    const iso = indiaLocalToIso(local);
    if (!iso) return onError(REVIEW_MESSAGES.invalidPublishAt);
    void run(`/admin/articles/approve/${article.id}?publishAt=${encodeURIComponent(iso)}`, REVIEW_MESSAGES.scheduled);
  };

  return (
    <section className="schedule-panel" aria-labelledby={`${pickerId}-h`}>
      <h2 id={`${pickerId}-h`} className="schedule-heading">
        {scheduled ? `Scheduled for ${formatIndiaTime(article.publicationDate)}` : 'Publish later'}
      </h2>
      <div className="schedule-row">
        <label htmlFor={pickerId}>Publish at (India time, IST)</label>
        <input
          id={pickerId}
          type="datetime-local"
          value={local}
          onChange={(e) => setLocal(e.target.value)}
          disabled={disabled || busy}
        />
        <button type="button" onClick={schedule} disabled={disabled || busy || !local}>
          {scheduled ? 'Reschedule' : 'Schedule'}
        </button>
        {scheduled && (
          <button
            type="button"
            className="secondary"
            disabled={disabled || busy}
            onClick={() => void run(`/admin/articles/unschedule/${article.id}`, REVIEW_MESSAGES.unscheduled)}
          >
            Unschedule
          </button>
        )}
      </div>
      <p className="review-hint">A time already past publishes at once.</p>
    </section>
  );
}
