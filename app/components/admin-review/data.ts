// What the admin's article screens load and do, in one place: their route clientLoaders and
// clientActions call these. Loads carry the screen's own failure text (docs/product.md admin
// alerts) instead of throwing; acts answer the outcome the screen shows.
import { useState } from 'react';
import { call } from '../../lib/api.ts';
import { loaded } from '../dashboard/screen.ts';
import { apiForm, conflictLine, conflictOf, SAVE_FIELDS, SAVE_INTENTS, saveOutcome } from '../article-form/save.ts';
import { failureStatus, failureText } from '../dashboard/failure.ts';
import { failed, outcome, refused, type Outcome } from '../dashboard/outcome.ts';
import { CATEGORY_ROUTES } from '../../../contract/categories.ts';
import type { Article, ArticleListItem } from '../../../contract/articles.ts';
import { indiaLocalToIso, REVIEW_ERRORS, REVIEW_MESSAGES, REVIEW_ROUTES } from '../../../contract/review.ts';
import { REVISION_ROUTES } from '../../../contract/revisions.ts';
import { ARTICLE_ROUTES } from '../../../contract/reporter.ts';

/** The answer, or the admin alert's prefix followed by the server's message. */
export const loadedOr = <T>(promise: Promise<T>, prefix: string) => loaded(promise, (e) => prefix + failureText(e));

/** One article (any status but a draft), or 'Error fetching article: ...'. */
export const loadAdminArticle = (id: string | undefined) =>
  loadedOr(call(REVIEW_ROUTES.get, { params: { id: id ?? '' } }), REVIEW_ERRORS.fetchArticle);

/** The categories an edit offers, or 'Error fetching categories: ...'. */
export const loadCategories = () => loadedOr(call(CATEGORY_ROUTES.list), REVIEW_ERRORS.fetchCategories);

/** An article with the categories its edit offers ('Error fetching categories: ...' apart). */
export async function loadArticleForEdit(id: string | undefined) {
  const [article, categories] = await Promise.all([loadAdminArticle(id), loadCategories()]);
  return { article, categories };
}

/** The revision history (newest first); an empty list when it cannot be read (the screen still works). */
export const loadRevisions = (id: number) => call(REVISION_ROUTES.list, { params: { id } }).catch(() => []);

/** Where an article is worked on: the review screen while under review, its own screen once published or scheduled. */
export const reviewAddress = (id: number) => `/admin-dashboard/view-article/${id}`;
export const publishedAddress = (id: number) => `/admin-dashboard/view-approved-article/${id}`;
export const isPublishedOrScheduled = (article: Pick<Article, 'approvalStatus'>) =>
  article.approvalStatus === 'APPROVED' || article.approvalStatus === 'SCHEDULED';

/** The next story waiting after `id` (oldest first), or null when none is left. */
export async function nextPending(id: number): Promise<ArticleListItem | null> {
  try {
    const queue = await call(REVIEW_ROUTES.pending);
    return queue.find((a) => a.id !== id) ?? null;
  } catch {
    return null;
  }
}

/** What an admin act answers beside its outcome: the failure's detail on its own line, and the story to review next. */
export type ActResult = {
  detail?: string;
  /** The story as the act left it (approve, reject, schedule). */
  article?: Article;
  /** After approving or rejecting: the next pending story (null: none left). */
  next?: { id: number; title: string } | null;
};

/**
 * The acts of the review and published-story screens, by the form's `intent`: approve, reject
 * (`reason`), schedule (`publishAt`, India time as a datetime-local value), unschedule, restore
 * (`revisionId`). Returns what the screen shows.
 */
export async function reviewAct(id: number, form: FormData): Promise<Outcome<ActResult>> {
  const intent = String(form.get('intent') ?? '');
  const params = { id };
  switch (intent) {
    case 'approve':
      try {
        // The queue is read alongside (this story is left out of it): one round trip, not two.
        const [{ article }, next] = await Promise.all([call(REVIEW_ROUTES.approve, { params }), nextPending(id)]);
        return { ok: true, text: REVIEW_MESSAGES.approved, article, next };
      } catch (e) {
        // Worded with the status; the server's reason follows on its own line.
        return failed(e, REVIEW_ERRORS.approve + failureStatus(e), { detail: failureText(e) });
      }
    case 'reject':
      try {
        const reason = String(form.get('reason') ?? '').trim();
        const [{ article }, next] = await Promise.all([
          call(REVIEW_ROUTES.reject, { params, body: { reason: reason || null } }),
          nextPending(id),
        ]);
        return { ok: true, text: REVIEW_MESSAGES.rejected, article, next };
      } catch (e) {
        return failed(e, (error) => REVIEW_ERRORS.reject + failureText(error));
      }
    case 'schedule': {
      const publishAt = indiaLocalToIso(String(form.get('publishAt') ?? ''));
      if (!publishAt) return refused(REVIEW_ERRORS.approve + REVIEW_MESSAGES.invalidPublishAt);
      return outcome(
        call(REVIEW_ROUTES.approve, { params, query: { publishAt } }),
        (result) => result.message,
        (e) => REVIEW_ERRORS.approve + failureText(e),
      );
    }
    case 'unschedule':
      return outcome(call(REVIEW_ROUTES.unschedule, { params }), (result) => result.message, failureText);
    case 'restore': {
      const revId = Number(form.get('revisionId'));
      // The version the screen shows: a newer one saved since refuses the restore (409).
      const version = Number(form.get('version')) || undefined;
      return outcome(
        call(REVISION_ROUTES.restore, { params: { id, revId }, body: { version } }),
        (result) => result.message,
        (e) => {
          const conflict = conflictOf(e);
          return `Error restoring revision: ${conflict ? conflictLine(conflict).en : failureText(e)}`;
        },
      );
    }
    default:
      return refused(`Unknown action: ${intent}`);
  }
}

/**
 * The admin's save of the article form (./ReviewEditor.tsx): Edit & Approve (SAVE_INTENTS.approve)
 * saves and approves, or with `publishAt` (India time) schedules, in one request
 * (PUT /api/admin/articles/{id}/save-and-approve?publishAt=); a published story's edit saves only
 * (PUT /api/articles/{id}). Edit & Approve's failures read 'Error saving and approving article: ...'.
 */
export async function reviewSave(id: number, form: FormData): Promise<Outcome> {
  const params = { id };
  if (form.get(SAVE_FIELDS.intent) !== SAVE_INTENTS.approve) {
    return saveOutcome(call(ARTICLE_ROUTES.update, { params, form: apiForm(form) }));
  }
  const local = String(form.get(SAVE_FIELDS.publishAt) ?? '');
  const publishAt = local ? indiaLocalToIso(local) : undefined;
  if (publishAt === null) {
    return refused(REVIEW_ERRORS.saveAndApprove + REVIEW_MESSAGES.invalidPublishAt);
  }
  return saveOutcome(
    call(REVIEW_ROUTES.saveAndApprove, { params, query: { publishAt }, form: apiForm(form) }),
    (e) => REVIEW_ERRORS.saveAndApprove + failureText(e),
  );
}

/**
 * The loader's article, replaced by what an action on the screen answered (breaking news, live
 * coverage) until the loader reads it again.
 */
export function useLatest<T>(loaded: T): [T, (next: T) => void] {
  const [changed, setChanged] = useState<{ from: T; value: T } | null>(null);
  const value = changed && changed.from === loaded ? changed.value : loaded;
  return [value, (next: T) => setChanged({ from: loaded, value: next })];
}
