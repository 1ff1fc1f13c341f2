// The admin's edit of an article with the shared ArticleForm: several categories (admins may file
// under several), the pictures added, removed and reordered. Edit & Approve (the review screen, and
// a scheduled story's edit) saves and approves in one request, or with a time in India time, saves
// and schedules it (PUT /api/admin/articles/{id}/save-and-approve?publishAt=, checked by the
// server); a published story's edit saves only (PUT /api/articles/{id}). The form submits to the
// screen's clientAction, which hands the save to reviewSave (./data.ts) by its intent
// (SAVE_INTENTS.approve with the time as `publishAt`, or SAVE_INTENTS.save). 'Preview' shows the
// story as readers will see it.
import { useId, useState } from 'react';
import { ArticleForm } from '../article-form/ArticleForm.tsx';
import { IndiaDateTime } from '../dashboard/IndiaDateTime.tsx';
import { SAVE_INTENTS } from '../article-form/save.ts';
import type { Article } from '../../../contract/articles.ts';
import type { Category } from '../../../contract/categories.ts';
import { ADMIN_NAVIGATE_DELAY_MS, isoToIndiaLocal, REVIEW_MESSAGES } from '../../../contract/review.ts';

type Props = {
  article: Article;
  categories: Category[];
  /** Edit & Approve: the save approves (or schedules) the story. */
  approve: boolean;
  /** Called 2 s after the success message (navigation); `scheduled`: the save scheduled it. */
  afterSuccess: (scheduled: boolean) => void;
  onCancel?: () => void;
  /** Read-only: someone else is editing, or took the story over. */
  locked?: boolean;
};

export function ReviewEditor({ article, categories, approve, afterSuccess, onCancel, locked }: Props) {
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
      locked={locked}
      multipleCategories
      categories={categories}
      preview
      submitLabel={submitLabel}
      submittingLabel="Saving..."
      successMessage={successMessage}
      successDelayMs={ADMIN_NAVIGATE_DELAY_MS}
      afterSuccess={() => afterSuccess(later)}
      fields={approving ? { intent: SAVE_INTENTS.approve, publishAt: later ? publishAt : undefined } : undefined}
      extraActions={
        <>
          {approving && (
            <span className="schedule-row review-publish-at">
              <label htmlFor={pickerId}>Publish at (India time, IST; empty: now)</label>
              <IndiaDateTime id={pickerId} value={publishAt} onChange={setPublishAt} />
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
