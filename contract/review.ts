// Editorial review (SPEC.md §2 Admin, §7 Admin, §8): request shapes, page size and the words on screen.
import { z } from 'zod';
import type { Article } from './articles.ts';

/** SPEC.md §9: the admin approved list shows 15 per page. */
export const APPROVED_PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 100;
export const REJECTION_REASON_MAX = 500;

/** After a save or a review action the screen moves on after 2 s (SPEC.md §4, admin). */
export const ADMIN_NAVIGATE_DELAY_MS = 2000;

export const REVIEW_MESSAGES = {
  approved: 'Article approved successfully.',
  rejected: 'Article rejected successfully.',
  savedAndApproved: 'Article saved and approved successfully.',
  deleted: 'Article deleted successfully.',
  updated: 'Article updated successfully!',
  notFound: 'Article not found.',
  alreadyApproved: 'This article is already approved.',
  cannotRejectApproved: 'An approved article cannot be rejected. Edit or delete it instead.',
  reasonTooLong: `The reason can be at most ${REJECTION_REASON_MAX} characters.`,
  invalidId: 'Invalid article id.',
  confirmDelete: 'Are you sure you want to delete this article?',
} as const;

/** SPEC.md §8 admin article alerts; each is followed by the status or the server's message. */
export const REVIEW_ERRORS = {
  fetchPending: 'Error fetching pending articles: ',
  fetchArticle: 'Error fetching article: ',
  fetchCategories: 'Error fetching categories: ',
  approve: 'Error approving article: ',
  saveAndApprove: 'Error saving and approving article: ',
  reject: 'Error rejecting article: ',
  fetchApproved: 'Error fetching approved articles: ',
  delete: 'Error deleting article: ',
} as const;

/** PUT /admin/articles/reject/{id}: an optional reason the reporter will see. Blank means none. */
export const RejectSchema = z
  .object({
    reason: z
      .string({ error: 'The reason must be text.' })
      .trim()
      .max(REJECTION_REASON_MAX, REVIEW_MESSAGES.reasonTooLong)
      .nullish()
      .transform((r) => (r ? r : null)),
  })
  .nullish()
  .transform((body) => ({ reason: body?.reason ?? null }));
export type RejectInput = z.input<typeof RejectSchema>;

const pageNumber = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'Must not be negative')
    .max(max, `Must be at most ${max}`)
    .catch(fallback);

/** GET /admin/articles/approved?page=0&pageSize=15&title= */
export const ApprovedQuerySchema = z.object({
  page: pageNumber(0, 1_000_000),
  pageSize: pageNumber(APPROVED_PAGE_SIZE, MAX_PAGE_SIZE).transform((n) => n || APPROVED_PAGE_SIZE),
  title: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((t) => t || undefined),
  /** `views`: most read first (all-time views); otherwise newest publication first. */
  sort: z
    .enum(['newest', 'views'])
    .optional()
    .catch(undefined)
    .transform((s) => s ?? 'newest'),
});
export type ApprovedQuery = z.infer<typeof ApprovedQuerySchema>;

/** Each approved article carries its views (all time), counted by server/readership. */
export type ApprovedArticle = Article & { views: number };
export type ApprovedPage = { content: ApprovedArticle[]; totalPages: number; totalElements: number };
export type ReviewResult = { message: string; article: Article };
