// Pending / Rejected Articles: REJECTED before PENDING, each with its status and, beside a rejected
// article, the admin's reason. Edit and delete are allowed for both statuses; a scheduled one (accepted,
// not yet public) is listed with its time.
import { useState } from 'react';
import { Link, useFetcher, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/pending-rejected';
import { ConfirmModal } from '../../components/form/ConfirmModal.tsx';
import { ArticleRow } from '../../components/article-form/ArticleRow.tsx';
import { StatusBadge, formatDate } from '../../components/article-form/ArticleView.tsx';
import { FormError, FormStatus } from '../../components/form/Field.tsx';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import type { Article } from '../../../contract/articles.ts';
import { api, ApiRequestError } from '../../lib/api.ts';
import { formatIndiaTime } from '../../../contract/review.ts';
import '../../styles/reporter.css';
import { ArticleListSchema } from '../../../contract/articles.schema.ts';

export const meta = () => [{ title: 'Pending / Rejected Articles' }, { name: 'robots', content: 'noindex' }];

export async function clientLoader() {
  try {
    return { articles: await api('/reporter/articles/pending-rejected', ArticleListSchema), error: null };
  } catch (e) {
    return { articles: null, error: e instanceof ApiRequestError ? e.message : 'Failed to load articles.' };
  }
}

/** Deleting one (the list is read again after it). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const id = Number((await request.formData()).get('id'));
  try {
    await api(`/reporter/articles/${id}`, { method: 'DELETE' });
    return { ok: true as const, id };
  } catch {
    return { ok: false as const, id };
  }
}

/** A refused delete changes nothing: the list stays as it is, the question stays open. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as { ok?: boolean } | undefined)?.ok === false ? false : defaultShouldRevalidate;
}

export function HydrateFallback() {
  return <ListPage>{<p>Loading articles...</p>}</ListPage>;
}

function ListPage({ children }: { children: React.ReactNode }) {
  return (
    <main className="page reporter-page">
      <p className="breadcrumb">
        <Link to="/reporter-dashboard">Reporter Dashboard</Link>
      </p>
      <h1>Pending / Rejected Articles</h1>
      {children}
    </main>
  );
}

export default function PendingRejectedScreen({ loaderData }: Route.ComponentProps) {
  const { articles, error } = loaderData;
  const fetcher = useFetcher<typeof clientAction>();
  const [toDelete, setToDelete] = useState<Article | null>(null);
  // The outcome already shown when another delete was asked for: it is not announced again.
  const [seen, setSeen] = useState<typeof fetcher.data>(undefined);
  const deleting = fetcher.state !== 'idle';
  const outcome = !deleting && fetcher.data !== seen ? fetcher.data : undefined;
  const open = toDelete !== null && !(outcome?.ok && outcome.id === toDelete.id);

  return (
    <ListPage>
      <FormStatus status={outcome?.ok ? { ok: true, text: 'Article deleted successfully.' } : null} />
      <FormError>{error}</FormError>
      {articles && articles.length === 0 && <p>No pending or rejected articles.</p>}
      {articles && articles.length > 0 && (
        <ul className="article-list">
          {articles.map((a) => (
            <ArticleRow
              key={a.id}
              article={a}
              meta={
                <>
                  <StatusBadge status={a.approvalStatus} />{' '}
                  {a.approvalStatus === 'SCHEDULED'
                    ? `Publishes ${formatIndiaTime(a.publicationDate)}`
                    : formatDate(a.publicationDate)}
                </>
              }
            >
              <Link to={`/reporter/view-article/${a.id}`} aria-label={`View ${a.title}`}>
                View
              </Link>
              {a.approvalStatus !== 'SCHEDULED' && (
                <>
                  <Link to={`/reporter-dashboard/article-edit/${a.id}`} aria-label={`Edit ${a.title}`}>
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="danger"
                    aria-label={`Delete ${a.title}`}
                    onClick={() => {
                      setSeen(fetcher.data);
                      setToDelete(a);
                    }}
                  >
                    Delete
                  </button>
                </>
              )}
            </ArticleRow>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={open}
        title="Delete article"
        confirmLabel="Confirm"
        busyLabel="Deleting..."
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && void fetcher.submit({ id: toDelete.id }, { method: 'post' })}
      >
        <p>Are you sure you want to delete this article?</p>
        {toDelete && <p className="modal-article-title">{toDelete.title}</p>}
        <FormError>{outcome && !outcome.ok && outcome.id === toDelete?.id ? ARTICLE_MESSAGES.deleteFailed : null}</FormError>
      </ConfirmModal>
    </ListPage>
  );
}
