// The admin's edit of an article with the shared ArticleForm: several categories (admins may file
// under several), the pictures added, removed and reordered. Edit & Approve (the review screen, and
// a scheduled story's edit) saves and approves in one request, or with a time in India time, saves
// and schedules it (PUT /api/admin/articles/{id}/save-and-approve?publishAt=, checked by the
// server); a published story's edit saves only (PUT /api/articles/{id}). Multipart: the `article`
// part with its `imageOrder`, and new `images` files.
import { useId, useState } from 'react';
import { ArticleForm } from '../article-form/ArticleForm.tsx';
import { call } from '../../lib/api.ts';
import { failureText } from '../dashboard/failure.ts';
import type { Article } from '../../../contract/articles.ts';
import type { Category } from '../../../contract/categories.ts';
import {
  ADMIN_NAVIGATE_DELAY_MS,
  indiaLocalToIso,
  isoToIndiaLocal,
  REVIEW_ERRORS,
  REVIEW_MESSAGES,
  REVIEW_ROUTES,
} from '../../../contract/review.ts';
import { ARTICLE_ROUTES } from '../../../contract/reporter.ts';

type Props = {
  article: Article;
  categories: Category[];
  /** Edit & Approve: the save approves (or schedules) the story. */
  approve: boolean;
  /** Called 2 s after the success message (navigation); `scheduled`: the save scheduled it. */
  afterSuccess: (scheduled: boolean) => void;
  onCancel?: () => void;
};

export function ReviewEditor({ article, categories, approve, afterSuccess, onCancel }: Props) {
  const pickerId = useId();
  const scheduled = article.approvalStatus === 'SCHEDULED';
  // Edit & Approve, or a scheduled story's edit (it keeps its time unless changed).
  const approving = approve || scheduled;
  const [publishAt, setPublishAt] = useState(() => (scheduled ? isoToIndiaLocal(article.publicationDate) : ''));
  const later = approving && publishAt !== '';
  const submitLabel = !approving ? 'Save Changes' : later ? 'Save & Schedule' : 'Save & Approve';
  const successMessage = !approving
    ? REVIEW_MESSAGES.updated
    : later
      ? REVIEW_MESSAGES.savedAndScheduled
      : REVIEW_MESSAGES.savedAndApproved;
  return (
    <ArticleForm
      mode="edit"
      initial={article}
      multipleCategories
      categories={categories}
      submitLabel={submitLabel}
      submittingLabel="Saving..."
      successMessage={successMessage}
      successDelayMs={ADMIN_NAVIGATE_DELAY_MS}
      afterSuccess={() => afterSuccess(later)}
      onSubmit={async (formData) => {
        if (!approving) {
          await call(ARTICLE_ROUTES.update, { params: { id: article.id }, form: formData });
          return;
        }
        const iso = later ? indiaLocalToIso(publishAt) : undefined;
        if (later && !iso) throw new Error(REVIEW_ERRORS.saveAndApprove + REVIEW_MESSAGES.invalidPublishAt);
        try {
          await call(REVIEW_ROUTES.saveAndApprove, {
            params: { id: article.id },
            query: { publishAt: iso ?? undefined },
            form: formData,
          });
        } catch (e) {
          // The form shows an Error's message as it is: the review screen's docs/product.md wording.
          throw new Error(REVIEW_ERRORS.saveAndApprove + failureText(e), { cause: e });
        }
      }}
      extraActions={
        <>
          {approving && (
            <span className="schedule-row review-publish-at">
              <label htmlFor={pickerId}>Publish at (India time, IST; empty: now)</label>
              <input id={pickerId} type="datetime-local" value={publishAt} onChange={(e) => setPublishAt(e.target.value)} />
            </span>
          )}
          {onCancel && (
            <button type="button" className="secondary" onClick={onCancel}>
              Cancel
            </button>
          )}
        </>
      }
    />
  );
}
