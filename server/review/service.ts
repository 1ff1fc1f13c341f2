// Editorial review: the admin's pending queue, approve / schedule / reject, the approved list,
// breaking news and deletion. Status rules (documented in ./README.md):
//   approve: PENDING, REJECTED or SCHEDULED -> APPROVED, publicationDate = now; already APPROVED -> 409.
//            With a publishAt in the future -> SCHEDULED, publicationDate = publishAt (the publishing
//            clock, ./publishing-clock.ts, makes it APPROVED at that time). A time already past publishes now.
//   unschedule: SCHEDULED -> PENDING.
//   reject:  PENDING, REJECTED or SCHEDULED -> REJECTED with an optional reason; APPROVED -> 409 (an
//            approved article is unpublished by deleting or editing it, never silently sent back).
//   delete:  any status; the article's images are released in the same transaction.
// Every act is recorded in the audit trail inside its own transaction.
import { and, asc, count, desc, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import { boundedCount } from '../db/count.ts';
import { countTitleMatches, titleContains } from '../search/service.ts';
import type { ServiceDeps } from '../services.ts';
import type { Tx } from '../db/client.ts';
import { articleViews, articles } from '../db/schema.ts';
import { categoryIdsOf, loadArticle, loadArticles } from '../articles/model.ts';
import { imageIdsHeldBy } from '../articles/revisions.ts';
import { conflict, notFound } from '../http/errors.ts';
import { record, type AuditActor } from '../audit/service.ts';
import { REVIEW_MESSAGES, type ApprovedPage, type ApprovedQuery, type ReviewResult } from '../../contract/review.ts';
import type { Article, ArticleListItem } from '../../contract/articles.ts';

/** Locks the row so two admins acting at once cannot both win (approve vs delete, etc.). */
async function lockArticle(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: articles.id,
      status: articles.approvalStatus,
      title: articles.title,
      publicationDate: articles.publicationDate,
    })
    .from(articles)
    .where(eq(articles.id, id))
    .for('update');
  // A draft is its author's alone: to an admin it does not exist.
  if (!row || row.status === 'DRAFT') throw notFound(REVIEW_MESSAGES.notFound);
  return row;
}

export type ApprovalOptions = {
  actor?: AuditActor | null;
  /** The time as the rules see it (the services' clock). */
  now?: Date;
  /** A publication time; in the future it schedules the article, otherwise it publishes now. */
  publishAt?: Date;
};

/**
 * The approval rule, inside the caller's transaction: the admin's save-and-approve
 * (PUT /api/articles/{id}?approve=true) calls it so saving and approving commit together.
 * The caller calls changes.contentChanged after commit. Returns what happened.
 */
export async function approveArticleIn(tx: Tx, id: number, opts: ApprovalOptions = {}): Promise<'approved' | 'scheduled'> {
  const row = await lockArticle(tx, id);
  if (row.status === 'APPROVED') throw conflict(REVIEW_MESSAGES.alreadyApproved);
  const now = opts.now ?? new Date();
  if (opts.publishAt && opts.publishAt.getTime() > now.getTime()) {
    await tx
      .update(articles)
      .set({ approvalStatus: 'SCHEDULED', publicationDate: opts.publishAt, rejectionReason: null, updatedAt: now })
      .where(eq(articles.id, id));
    await record(tx, {
      actor: opts.actor,
      action: 'article.schedule',
      objectType: 'article',
      objectId: id,
      summary: row.title,
      details: {
        publishAt: opts.publishAt.toISOString(),
        ...(row.status === 'SCHEDULED' ? { previousPublishAt: row.publicationDate.toISOString() } : {}),
      },
    });
    return 'scheduled';
  }
  await tx
    .update(articles)
    .set({ approvalStatus: 'APPROVED', publicationDate: now, rejectionReason: null, updatedAt: now })
    .where(eq(articles.id, id));
  await record(tx, { actor: opts.actor, action: 'article.approve', objectType: 'article', objectId: id, summary: row.title });
  return 'approved';
}

export function createReviewService(deps: ServiceDeps) {
  const { db, changes, clock } = deps;

  async function reload(id: number): Promise<Article> {
    const article = await loadArticle(db, id, { withReason: true });
    if (!article || article.approvalStatus === 'DRAFT') throw notFound(REVIEW_MESSAGES.notFound);
    return article;
  }

  /**
   * Most read first, newest first among equals: the articles with views (one sum per article in
   * article_views) ranked by them, then those never read, newest first, walking the date index
   * past the read ones. Neither part sorts the whole archive.
   */
  async function mostReadPage(where: SQL | undefined, offset: number, limit: number): Promise<number[]> {
    const read = db
      .select({ id: articleViews.articleId, views: sql<number>`sum(${articleViews.views})`.as('views') })
      .from(articleViews)
      .groupBy(articleViews.articleId)
      .as('read');
    const [ranked, [{ n }]] = await Promise.all([
      db
        .select({ id: articles.id })
        .from(read)
        .innerJoin(articles, eq(articles.id, read.id))
        .where(where)
        .orderBy(desc(read.views), desc(articles.publicationDate), desc(articles.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(read).innerJoin(articles, eq(articles.id, read.id)).where(where),
    ]);
    if (ranked.length === limit) return ranked.map((r) => r.id);
    const unread = await db
      .select({ id: articles.id })
      .from(articles)
      .where(
        and(
          where,
          notExists(
            db
              .select({ one: sql`1` })
              .from(articleViews)
              .where(eq(articleViews.articleId, articles.id)),
          ),
        ),
      )
      .orderBy(desc(articles.publicationDate), desc(articles.id))
      .limit(limit - ranked.length)
      .offset(Math.max(0, offset - n));
    return [...ranked, ...unread].map((r) => r.id);
  }

  return {
    /** Every PENDING article, oldest submission first: the queue is worked in arrival order. */
    /** The queue without bodies: the review screen loads one article by id (12 pending used to be 3 MB). */
    async listPending(): Promise<ArticleListItem[]> {
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.approvalStatus, 'PENDING'))
        .orderBy(asc(articles.createdAt), asc(articles.id));
      const list = await loadArticles(
        db,
        rows.map((r) => r.id),
        { withReason: true },
      );
      return list.map(({ content: _content, ...item }) => item);
    },

    /** Every SCHEDULED article, the next to appear first; publicationDate is its time. */
    async listScheduled(): Promise<Article[]> {
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.approvalStatus, 'SCHEDULED'))
        .orderBy(asc(articles.publicationDate), asc(articles.id))
        .limit(500);
      return loadArticles(
        db,
        rows.map((r) => r.id),
        { withReason: true },
      );
    },

    /** One article of any status, with its rejection reason. */
    async get(id: number): Promise<Article> {
      return reload(id);
    },

    /** Approve now, or with `publishAt` ahead, schedule (also reschedules a SCHEDULED article). */
    async approve(id: number, { publishAt }: { publishAt?: Date } = {}, actor?: AuditActor): Promise<ReviewResult> {
      const outcome = await db.transaction((tx) => approveArticleIn(tx, id, { actor, now: clock.now(), publishAt }));
      // A schedule shows nothing yet, but other instances' publishing clocks re-arm on the change.
      await changes.contentChanged({ articles: [id], categories: await categoryIdsOf(db, id) });
      return {
        message: outcome === 'scheduled' ? REVIEW_MESSAGES.scheduled : REVIEW_MESSAGES.approved,
        article: await reload(id),
      };
    },

    /** SCHEDULED -> PENDING: back in the queue, its publication date the submission time again. */
    async unschedule(id: number, actor?: AuditActor): Promise<ReviewResult> {
      await db.transaction(async (tx) => {
        const row = await lockArticle(tx, id);
        if (row.status !== 'SCHEDULED') throw conflict(REVIEW_MESSAGES.notScheduled);
        await tx
          .update(articles)
          .set({ approvalStatus: 'PENDING', publicationDate: sql`${articles.createdAt}`, updatedAt: clock.now() })
          .where(eq(articles.id, id));
        await record(tx, {
          actor,
          action: 'article.unschedule',
          objectType: 'article',
          objectId: id,
          summary: row.title,
          details: { publishAt: row.publicationDate.toISOString() },
        });
      });
      await changes.contentChanged(`article:${id}:unscheduled`);
      return { message: REVIEW_MESSAGES.unscheduled, article: await reload(id) };
    },

    async reject(id: number, { reason }: { reason: string | null }, actor?: AuditActor): Promise<ReviewResult> {
      await db.transaction(async (tx) => {
        const row = await lockArticle(tx, id);
        if (row.status === 'APPROVED') throw conflict(REVIEW_MESSAGES.cannotRejectApproved);
        await tx
          .update(articles)
          .set({
            approvalStatus: 'REJECTED',
            rejectionReason: reason,
            updatedAt: clock.now(),
            // A scheduled story sent back no longer carries its future publication time.
            ...(row.status === 'SCHEDULED' ? { publicationDate: sql`${articles.createdAt}` } : {}),
          })
          .where(eq(articles.id, id));
        await record(tx, {
          actor,
          action: 'article.reject',
          objectType: 'article',
          objectId: id,
          summary: row.title,
          details: { reason },
        });
      });
      // Not public yet, but the reporter's lists and any admin caches key on the same version.
      await changes.contentChanged({ articles: [id], categories: await categoryIdsOf(db, id) });
      return { message: REVIEW_MESSAGES.rejected, article: await reload(id) };
    },

    /** Breaking news for `hours` (1-24) from now: leads the ticker and the home banner until then. */
    async markBreaking(id: number, { hours }: { hours: number }, actor?: AuditActor): Promise<ReviewResult> {
      const until = new Date(clock.now().getTime() + hours * 3_600_000);
      await db.transaction(async (tx) => {
        const row = await lockArticle(tx, id);
        if (row.status !== 'APPROVED') throw conflict(REVIEW_MESSAGES.breakingNotApproved);
        await tx.update(articles).set({ breakingUntil: until }).where(eq(articles.id, id));
        await record(tx, {
          actor,
          action: 'article.breaking',
          objectType: 'article',
          objectId: id,
          summary: row.title,
          details: { hours, until: until.toISOString() },
        });
      });
      await changes.contentChanged(`article:${id}:breaking`);
      return { message: REVIEW_MESSAGES.breakingSet, article: await reload(id) };
    },

    async clearBreaking(id: number, actor?: AuditActor): Promise<ReviewResult> {
      await db.transaction(async (tx) => {
        const row = await lockArticle(tx, id);
        await tx.update(articles).set({ breakingUntil: null }).where(eq(articles.id, id));
        await record(tx, { actor, action: 'article.breaking_clear', objectType: 'article', objectId: id, summary: row.title });
      });
      await changes.contentChanged(`article:${id}:breaking`);
      return { message: REVIEW_MESSAGES.breakingCleared, article: await reload(id) };
    },

    /**
     * Approved articles, newest publication first (or most read first), optionally filtered by a
     * title substring. The views are summed for the page's articles only: a sum per article in the
     * select list ran for every row an OFFSET skips (page 5,000 summed 50,000 articles' views).
     */
    async listApproved({ page, pageSize, title, sort }: ApprovedQuery): Promise<ApprovedPage> {
      const where = and(eq(articles.approvalStatus, 'APPROVED'), title ? titleContains(title) : undefined);
      const [total, ids] = await Promise.all([
        title ? countTitleMatches(db, title) : boundedCount(db, articles, where),
        sort === 'views'
          ? mostReadPage(where, page * pageSize, pageSize)
          : db
              .select({ id: articles.id })
              .from(articles)
              .where(where)
              .orderBy(desc(articles.publicationDate), desc(articles.id))
              .limit(pageSize)
              .offset(page * pageSize)
              .then((rows) => rows.map((r) => r.id)),
      ]);
      const [loaded, views] = await Promise.all([
        loadArticles(db, ids, { withReason: true }),
        ids.length
          ? db
              .select({ id: articleViews.articleId, views: sql<number>`sum(${articleViews.views})`.mapWith(Number) })
              .from(articleViews)
              .where(inArray(articleViews.articleId, ids))
              .groupBy(articleViews.articleId)
          : [],
      ]);
      const viewsOf = new Map(views.map((r) => [r.id, r.views]));
      const content = loaded.map((a) => ({ ...a, views: viewsOf.get(a.id) ?? 0 }));
      return { content, totalPages: Math.ceil(total / pageSize), totalElements: total };
    },

    /** Deletes an article of any status and releases its images in the same transaction. */
    async remove(id: number, actor?: AuditActor): Promise<{ message: string }> {
      const categories = await db.transaction(async (tx) => {
        const row = await lockArticle(tx, id);
        const categories = await categoryIdsOf(tx, id);
        // Its images, including those only its revision history still shows.
        const imageIds = await imageIdsHeldBy(tx, id);
        // Categories, image links and revisions go with the article (ON DELETE CASCADE); then the images.
        await tx.delete(articles).where(eq(articles.id, id));
        if (imageIds.length) await deps.images.release(imageIds, tx);
        // The audit entry outlives the article: it has no foreign key to it.
        await record(tx, {
          actor,
          action: 'article.delete',
          objectType: 'article',
          objectId: id,
          summary: row.title,
          details: { status: row.status },
        });
        return categories;
      });
      await changes.contentChanged({ articles: [id], categories });
      return { message: REVIEW_MESSAGES.deleted };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
