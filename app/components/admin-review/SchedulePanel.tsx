// Approve for a later time: a picker in India time (Asia/Kolkata) whatever the device's zone.
// A SCHEDULED article shows its time with Reschedule and Unschedule. Both are the screen's
// clientAction (intents 'schedule' and 'unschedule', ./data.ts), submitted by a fetcher.
import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Article } from '../../../contract/articles.ts';
import { isoToIndiaLocal } from '../../../contract/review.ts';
import { formatDateTime } from '../public/format.ts';
import { IndiaDateTime } from '../dashboard/IndiaDateTime.tsx';
import type { ActResult } from './data.ts';
import type { Outcome } from '../dashboard/outcome.ts';

type Props = {
  article: Article;
  disabled?: boolean;
  /** Called once with each successful answer (the review screen then leads to the story's own screen). */
  onDone?(outcome: Outcome<ActResult>): void;
};

const inOneHour = () => isoToIndiaLocal(new Date(Date.now() + 3_600_000));

export function SchedulePanel({ article, disabled, onDone }: Props) {
  const pickerId = useId();
  const scheduled = article.approvalStatus === 'SCHEDULED';
  const [local, setLocal] = useState(() => (scheduled ? isoToIndiaLocal(article.publicationDate) : inOneHour()));
  const fetcher = useFetcher<Outcome<ActResult>>();
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok) onDone?.(answer);
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  return (
    <section className="schedule-panel" aria-labelledby={`${pickerId}-h`}>
      <h2 id={`${pickerId}-h`} className="schedule-heading">
        {scheduled ? `Scheduled for ${formatDateTime(article.publicationDate)}` : 'Publish later'}
      </h2>
      <fetcher.Form method="post" className="schedule-row">
        <label htmlFor={pickerId}>Publish at (India time, IST)</label>
        <IndiaDateTime id={pickerId} name="publishAt" value={local} onChange={setLocal} disabled={disabled || busy} />
        <button type="submit" name="intent" value="schedule" disabled={disabled || busy || !local}>
          {scheduled ? 'Reschedule' : 'Schedule'}
        </button>
        {scheduled && (
          <button type="submit" name="intent" value="unschedule" className="secondary" disabled={disabled || busy}>
            Unschedule
          </button>
        )}
      </fetcher.Form>
      <p className="review-hint">A time already past publishes at once.</p>
      {answer && (
        <div className={answer.ok ? 'form-success' : 'form-error'} role={answer.ok ? 'status' : 'alert'}>
          <p>{answer.text}</p>
        </div>
      )}
    </section>
  );
}
