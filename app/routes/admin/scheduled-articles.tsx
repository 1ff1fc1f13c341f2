// Scheduled articles: approved for a time still ahead, the next to appear first, each with its
// time in India time; review (reschedule) or unschedule (back to the pending queue).
import { Link, useFetcher } from 'react-router';
import type { Route } from './+types/scheduled-articles';
import { ArticleSummary } from '../../components/admin-review/ArticleSummary.tsx';
import { failureText } from '../../components/dashboard/failure.ts';
import { outcome, type Outcome } from '../../components/dashboard/outcome.ts';
import { formatDateTime } from '../../components/public/format.ts';
import { loadedOr, publishedAddress } from '../../components/admin-review/data.ts';
import { loadingScreen, DeskPage } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { FormError, FormStatus } from '../../components/dashboard/Field.tsx';
import { call } from '../../lib/api.ts';
import { REVIEW_MESSAGES, REVIEW_ROUTES } from '../../../contract/review.ts';
import '../../styles/admin-review.css';

export const meta = () => [{ title: 'Scheduled Articles' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = () => loadedOr(call(REVIEW_ROUTES.scheduled), 'Error fetching scheduled articles: ');

/** Unscheduling one (the list is read again after it). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<Outcome> {
  const id = Number((await request.formData()).get('id'));
  return outcome(call(REVIEW_ROUTES.unschedule, { params: { id } }), REVIEW_MESSAGES.unscheduled, failureText);
}

export const handle: ScreenHandle = {
  Loading: loadingScreen({ kind: 'review-page', title: 'Scheduled Articles' }, 'Loading scheduled articles...'),
};

export default function ScheduledArticles({ loaderData }: Route.ComponentProps) {
  const { data: list, error } = loaderData;
  const fetcher = useFetcher<typeof clientAction>();
  const busyId = fetcher.state !== 'idle' ? Number(fetcher.formData?.get('id')) : null;
  return (
    <DeskPage kind="review-page" title="Scheduled Articles">
      <p className="review-hint">Times are India time (IST). Each article appears on the site at its time.</p>
      <FormStatus status={fetcher.state === 'idle' ? (fetcher.data ?? null) : null} />
      {!list ? (
        <FormError>{error}</FormError>
      ) : list.length === 0 ? (
        <p>No scheduled articles.</p>
      ) : (
        <ul className="review-list">
          {list.map((article) => (
            <ArticleSummary
              key={article.id}
              article={article}
              dateLabel="Publishes"
              dateText={formatDateTime(article.publicationDate)}
            >
              <Link
                className="review-button secondary"
                to={publishedAddress(article.id)}
                aria-label={`Review / Reschedule: ${article.title}`}
              >
                Review / Reschedule
              </Link>
              <button
                type="button"
                className="secondary"
                disabled={busyId === article.id}
                aria-label={`Unschedule: ${article.title}`}
                onClick={() => void fetcher.submit({ id: article.id }, { method: 'post' })}
              >
                Unschedule
              </button>
            </ArticleSummary>
          ))}
        </ul>
      )}
    </DeskPage>
  );
}
