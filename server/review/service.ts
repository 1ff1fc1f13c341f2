// Editorial review: the admin's pending queue, approve / reject, the approved list and deletion.
// Status rules (DESIGN.md §2, documented in ./README.md):
//   approve: PENDING or REJECTED -> APPROVED, publicationDate = now; already APPROVED -> 409.
//   reject:  PENDING or REJECTED -> REJECTED with an optional reason; APPROVED -> 409 (an approved
//            article is unpublished by deleting or editing it, never silently sent back).
//   delete:  any status; the article's images are released in the same transaction.
import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { ServiceDeps } from '../services.ts';
import type { Tx } from '../db/client.ts';
import { articleImages, articles } from '../db/schema.ts';
import { categoryIdsOf, loadArticle, loadArticles } from '../articles/model.ts';
import { badRequest, conflict, notFound, parseOr400 } from '../http/errors.ts';
import {
  ApprovedQuerySchema,
  RejectSchema,
  REVIEW_MESSAGES,
  type ApprovedPage,
  type ReviewResult,
} from '../../contract/review.ts';
import type { Article } from '../../contract/articles.ts';

/** Route parameters arrive as strings; anything but a positive integer is a 400. */
export function articleIdFrom(value: unknown): number {
  const id = typeof value === 'number' ? value : /^\d{1,9}$/.test(String(value)) ? Number(value) : NaN;
  if (!Number.isInteger(id) || id <= 0) throw badRequest(REVIEW_MESSAGES.invalidId);
  return id;
}

/** LIKE pattern for a substring match: the admin's % and _ are literal characters. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Locks the row so two admins acting at once cannot both win (approve vs delete, etc.). */
async function lockArticle(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: articles.id, status: articles.approvalStatus })
    .from(articles)
    .where(eq(articles.id, id))
    .for('update');
  if (!row) throw notFound(REVIEW_MESSAGES.notFound);
  return row;
}

/**
 * The approval rule, inside the caller's transaction: the admin's save-and-approve
 * (PUT /api/articles/{id}?approve=true) calls it so saving and approving commit together.
 * The caller calls changes.contentChanged after commit.
 */
export async function approveArticleIn(tx: Tx, id: number): Promise<void> {
  const row = await lockArticle(tx, id);
  if (row.status === 'APPROVED') throw conflict(REVIEW_MESSAGES.alreadyApproved);
  const now = new Date();
  await tx
    .update(articles)
    .set({ approvalStatus: 'APPROVED', publicationDate: now, rejectionReason: null, updatedAt: now })
    .where(eq(articles.id, id));
}

export function createReviewService(deps: ServiceDeps) {
  const { db, changes } = deps;

  async function reload(id: number): Promise<Article> {
    const article = await loadArticle(db, id, { withReason: true });
    if (!article) throw notFound(REVIEW_MESSAGES.notFound);
    return article;
  }

  return {
    /** Every PENDING article, oldest submission first: the queue is worked in arrival order. */
    async listPending(): Promise<Article[]> {
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.approvalStatus, 'PENDING'))
        .orderBy(asc(articles.createdAt), asc(articles.id));
      return loadArticles(
        db,
        rows.map((r) => r.id),
        { withReason: true },
      );
    },

    /** One article of any status, with its rejection reason. */
    async get(idParam: unknown): Promise<Article> {
      return reload(articleIdFrom(idParam));
    },

    async approve(idParam: unknown): Promise<ReviewResult> {
      const id = articleIdFrom(idParam);
      await db.transaction((tx) => approveArticleIn(tx, id));
      await changes.contentChanged({ articles: [id], categories: await categoryIdsOf(db, id) });
      return { message: REVIEW_MESSAGES.approved, article: await reload(id) };
    },

    async reject(idParam: unknown, body: unknown): Promise<ReviewResult> {
      const id = articleIdFrom(idParam);
      const { reason } = parseOr400(RejectSchema, body);
      await db.transaction(async (tx) => {
        const row = await lockArticle(tx, id);
        if (row.status === 'APPROVED') throw conflict(REVIEW_MESSAGES.cannotRejectApproved);
        await tx
          .update(articles)
          .set({ approvalStatus: 'REJECTED', rejectionReason: reason, updatedAt: new Date() })
          .where(eq(articles.id, id));
      });
      // Not public yet, but the reporter's lists and any admin caches key on the same version.
      await changes.contentChanged({ articles: [id], categories: await categoryIdsOf(db, id) });
      return { message: REVIEW_MESSAGES.rejected, article: await reload(id) };
    },

    /** Approved articles, newest publication first, optionally filtered by a title substring. */
    async listApproved(query: unknown): Promise<ApprovedPage> {
      const { page, pageSize, title } = parseOr400(ApprovedQuerySchema, query ?? {});
      const where = and(
        eq(articles.approvalStatus, 'APPROVED'),
        title ? ilike(articles.title, containsPattern(title)) : undefined,
      );
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(articles).where(where),
        db
          .select({ id: articles.id })
          .from(articles)
          .where(where)
          .orderBy(desc(articles.publicationDate), desc(articles.id))
          .limit(pageSize)
          .offset(page * pageSize),
      ]);
      const content = await loadArticles(
        db,
        rows.map((r) => r.id),
        { withReason: true },
      );
      return { content, totalPages: Math.ceil(total / pageSize), totalElements: total };
    },

    /** Deletes an article of any status and releases its images in the same transaction. */
    async remove(idParam: unknown): Promise<{ message: string }> {
      const id = articleIdFrom(idParam);
      const categories = await db.transaction(async (tx) => {
        await lockArticle(tx, id);
        const categories = await categoryIdsOf(tx, id);
        const imageRows = await tx
          .select({ imageId: articleImages.imageId })
          .from(articleImages)
          .where(eq(articleImages.articleId, id));
        // Categories and image links go with the article (ON DELETE CASCADE); then the images themselves.
        await tx.delete(articles).where(eq(articles.id, id));
        if (imageRows.length)
          await deps.images.release(
            imageRows.map((r) => r.imageId),
            tx,
          );
        return categories;
      });
      await changes.contentChanged({ articles: [id], categories });
      return { message: REVIEW_MESSAGES.deleted };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
