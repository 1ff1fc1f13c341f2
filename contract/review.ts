// Editorial review (docs/product.md, the admin console): request shapes, page size and the words on screen.
import { z } from 'zod';
import type { Article } from './articles.ts';
import { routeGroup } from './route-group.ts';
import { CONFLICT, TOO_LARGE } from './http.ts';
import { STALE } from './editing.ts';
import {
  ApprovedPageSchema,
  ArticleListItemListSchema,
  ArticleListSchema,
  ArticleSchema,
  ReviewResultSchema,
} from './articles.schema.ts';

/** the admin approved list shows 15 per page. */
export const APPROVED_PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 100;
export const REJECTION_REASON_MAX = 500;

/** After a save or a review action the screen moves on after 2 s (docs/product.md, admin). */
export const ADMIN_NAVIGATE_DELAY_MS = 2000;

export const REVIEW_MESSAGES = {
  approved: 'Article approved successfully.',
  rejected: 'Article rejected successfully.',
  savedAndApproved: 'Article saved and approved successfully.',
  savedAndScheduled: 'Article saved and scheduled for publication.',
  deleted: 'Article deleted successfully.',
  updated: 'Article updated successfully!',
  notFound: 'Article not found.',
  alreadyApproved: 'This article is already approved.',
  cannotRejectApproved: 'An approved article cannot be rejected. Edit or delete it instead.',
  reasonTooLong: `The reason can be at most ${REJECTION_REASON_MAX} characters.`,
  confirmDelete: 'Are you sure you want to delete this article?',
  // Scheduled publishing.
  scheduled: 'Article scheduled for publication.',
  unscheduled: 'Article unscheduled: it is pending again.',
  invalidPublishAt:
    'publishAt must be a date and time in ISO 8601 with a time zone, e.g. 2026-11-24T06:00:00+05:30 or 2026-11-24T00:30:00Z.',
  notScheduled: 'This article is not scheduled.',
  // Breaking news.
  breakingSet: 'Article marked as breaking news.',
  breakingCleared: 'Breaking news cleared.',
  breakingHours: 'Breaking news lasts from 1 to 24 hours.',
  breakingNotApproved: 'Only a published (approved) article can be breaking news.',
} as const;

export { BREAKING_LABEL } from './articles.ts';
export const BREAKING_MIN_HOURS = 1;
export const BREAKING_MAX_HOURS = 24;
/** Breaking stories shown at once (banner and the head of the ticker). */
export const BREAKING_ITEMS = 3;
/** The newsroom's clock: the review screen's picker shows and reads India time whatever the device's zone. */
export const NEWSROOM_TIME_ZONE = 'Asia/Kolkata';

// Date, time with optional seconds and fraction, and a zone (Z or ±hh:mm): no zone would be ambiguous.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** `?publishAt=` of the approve call: absent means now; anything unreadable is a 400. */
export const PublishAtSchema = z
  .string({ error: REVIEW_MESSAGES.invalidPublishAt })
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const date = new Date(value);
    const [, month, day] = /^\d{4}-(\d{2})-(\d{2})/.exec(value) ?? [];
    // new Date() rolls 2026-02-30 over to March: check the day it read is the day written.
    const sameDay = (d: Date) => {
      const utc = new Date(d.getTime() + offsetMinutes(value) * 60_000);
      return utc.getUTCMonth() + 1 === Number(month) && utc.getUTCDate() === Number(day);
    };
    if (!ISO_DATE_TIME.test(value) || Number.isNaN(date.getTime()) || !sameDay(date)) {
      ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.invalidPublishAt, path: ['publishAt'] });
      return z.NEVER;
    }
    return date;
  });

/** The written offset of an ISO 8601 time in minutes (Z is 0). */
function offsetMinutes(value: string): number {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(value);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** PUT /admin/articles/breaking/{id} body `{ hours }`: 1 to 24 whole hours. */
export const BreakingSchema = z.object({
  hours: z.coerce
    .number({ error: REVIEW_MESSAGES.breakingHours })
    .int(REVIEW_MESSAGES.breakingHours)
    .min(BREAKING_MIN_HOURS, REVIEW_MESSAGES.breakingHours)
    .max(BREAKING_MAX_HOURS, REVIEW_MESSAGES.breakingHours),
});

/** docs/product.md admin article alerts; each is followed by the status or the server's message. */
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

// India time for the newsroom's screens, whatever the device's zone. Asia/Kolkata has kept
// +05:30 with no daylight saving since 1945, so a wall time converts with that fixed offset.
const INDIA_OFFSET = '+05:30';

function indiaParts(date: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: NEWSROOM_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** A `datetime-local` value read as India time ('2026-11-24T06:00') → ISO 8601 with +05:30. */
export function indiaLocalToIso(local: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00${INDIA_OFFSET}` : null;
}

/** An instant → the `datetime-local` value showing it in India time. */
export function isoToIndiaLocal(iso: string | Date): string {
  const p = indiaParts(new Date(iso));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** An instant as the newsroom reads it: 24/11/2026 06:00 IST. */
export function formatIndiaTime(iso: string | Date): string {
  const p = indiaParts(new Date(iso));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} IST`;
}

// --- The review API (contract/route.ts): the admin's queue, approve / schedule / reject, the
// approved list, breaking news, deletion and the dashboard's counts. Served by server/review/routes.ts.

/** The admin dashboard's tiles: how many articles wait in each state. */
export const ArticleCountsSchema = z
  .object({ pending: z.number(), scheduled: z.number(), approved: z.number(), rejected: z.number() })
  .meta({ id: 'ArticleCounts' });
export type ArticleCounts = z.infer<typeof ArticleCountsSchema>;

/** `?publishAt=` of an approval (absent: now). */
export const PublishAtQuery = z.object({ publishAt: PublishAtSchema });

const admin = routeGroup({ tags: ['review'], access: ['ADMIN'] });

export const REVIEW_ROUTES = {
  pending: admin.get('/admin/articles/pending', {
    summary: 'The review queue, oldest first (no bodies)',
    response: ArticleListItemListSchema,
  }),
  counts: admin.get('/admin/articles/counts', {
    summary: 'How many articles are pending, scheduled, approved and rejected (the dashboard tiles)',
    response: ArticleCountsSchema,
  }),
  approved: admin.get('/admin/articles/approved', {
    summary: 'Approved articles with their views (title filter, newest or most read first)',
    query: ApprovedQuerySchema,
    response: ApprovedPageSchema,
  }),
  scheduled: admin.get('/admin/articles/scheduled', {
    summary: 'Articles approved for a time still ahead',
    response: ArticleListSchema,
  }),
  get: admin.get('/admin/articles/:id', {
    summary: 'One article of any status, with its rejection reason',
    response: ArticleSchema,
  }),
  approve: admin.put('/admin/articles/approve/:id', {
    summary: 'Approve now, or schedule with publishAt (ISO 8601 with a zone)',
    query: PublishAtQuery,
    response: ReviewResultSchema,
    errors: CONFLICT,
  }),
  saveAndApprove: admin.put('/admin/articles/:id/save-and-approve', {
    summary: 'Save an edit and approve it, or with publishAt ahead, schedule it (Edit & Approve)',
    description:
      'The same multipart request as PUT /articles/{id} (the `article` part and new `images`). The status is checked ' +
      'first: a published article answers 409 and nothing is saved. A publishAt already past approves at once. The edit ' +
      "and the approval or schedule are one write: if either is refused, nothing is saved. The `article` part's " +
      '`version` (the one the writer started from) is checked: an older one answers 409 with the story as it is now.',
    query: PublishAtQuery,
    multipart: { fields: z.object({ article: z.string() }), files: ['images'] },
    response: ReviewResultSchema,
    errors: { ...STALE, ...TOO_LARGE },
  }),
  unschedule: admin.put('/admin/articles/unschedule/:id', {
    summary: 'Take a scheduled article back to pending',
    response: ReviewResultSchema,
    errors: CONFLICT,
  }),
  reject: admin.put('/admin/articles/reject/:id', {
    summary: 'Reject, with an optional reason the reporter sees',
    body: RejectSchema,
    response: ReviewResultSchema,
    errors: CONFLICT,
  }),
  markBreaking: admin.put('/admin/articles/breaking/:id', {
    summary: 'Mark an approved article breaking news for 1 to 24 hours',
    // A missing body is a missing `hours`, answered with the rule's own message.
    body: z.preprocess((body) => body ?? {}, BreakingSchema),
    response: ReviewResultSchema,
    errors: CONFLICT,
  }),
  clearBreaking: admin.delete('/admin/articles/breaking/:id', {
    summary: 'End breaking news now',
    response: ReviewResultSchema,
    errors: CONFLICT,
  }),
  remove: admin.delete('/admin/articles/:id', {
    summary: 'Delete an article (any status)',
    response: z.object({ message: z.string() }),
  }),
};
