// Editorial review: the admin's pending queue, approve / schedule / reject, the approved list,
// breaking news and deletion. The status rules of each act (from -> to, the audit action, the
// change announced) are rows of the lifecycle table, ../articles/lifecycle.ts; ./README.md lists
// them as the admin meets them.
import { and, asc, count, desc, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import { boundedCount } from '../db/count.ts';
import { countTitleMatches, titleContains } from '../search/service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import type { Tx } from '../db/client.ts';
import { articleViews, articles } from '../db/schema.ts';
import type { Notice } from '../db/changes.ts';
import { loadArticle, loadArticles } from '../articles/model.ts';
import {
  adminCaller,
  decide,
  type Act,
  type ActInput,
  type Lifecycle,
  type LockedArticle,
  type Step,
} from '../articles/lifecycle.ts';
import { notFound } from '../http/errors.ts';
import type { AuditActor } from '../audit/service.ts';
import { insertNote } from '../notes/service.ts';
import {
  REVIEW_MESSAGES,
  type ArticleCounts,
  type ApprovedPage,
  type ApprovedQuery,
  type ReviewResult,
} from '../../contract/review.ts';
import type { Article, ArticleListItem } from '../../contract/articles.ts';

export type ApprovalOptions = {
  actor?: AuditActor | null;
  /** The time as the rules see it (the services' clock). */
  now?: Date;
  /** A publication time; in the future it schedules the article, otherwise it publishes now. */
  publishAt?: Date;
};

/**
 * The approval rule, inside the caller's write (changes.write): the admin's save-and-approve
 * (PUT /api/articles/{id}?approve=true and Edit & Approve) calls it so saving and approving, or
 * scheduling, commit together. A publication time ahead schedules the article. Returns what happened.
 */
export async function approveArticleIn(
  lifecycle: Lifecycle,
  tx: Tx,
  notice: Notice,
  id: number,
  opts: ApprovalOptions = {},
): Promise<'approved' | 'scheduled'> {
  const now = opts.now ?? new Date();
  const publishAt = opts.publishAt && opts.publishAt.getTime() > now.getTime() ? opts.publishAt : undefined;
  await lifecycle.move(
    tx,
    notice,
    { act: publishAt ? 'schedule' : 'approve', id, by: adminCaller(opts.actor), input: { publishAt } },
    async (row) =>
      publishAt
        ? {
            details: {
              publishAt: publishAt.toISOString(),
              ...(row.status === 'SCHEDULED' ? { previousPublishAt: row.publicationDate.toISOString() } : {}),
            },
          }
        : undefined,
  );
  return publishAt ? 'scheduled' : 'approved';
}

export function createReviewService(deps: ServiceDeps & { lifecycle: Lifecycle }) {
  const { db, changes, clock, lifecycle } = deps;

  /** One of the admin's acts on one article, in its own write (lifecycle.ts has the rules). */
  const move = (act: Act, id: number, actor: AuditActor | undefined, input: ActInput = {}, work?: (row: LockedArticle) => Step) =>
    changes.write((tx, notice) =>
      lifecycle.move(tx, notice, { act, id, by: adminCaller(actor), input }, async (row) => work?.(row)),
    );

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

    /** The dashboard tiles: how many articles are in each state the admin works with. */
    async counts(): Promise<ArticleCounts> {
      const rows = await db
        .select({ status: articles.approvalStatus, n: count() })
        .from(articles)
        .where(inArray(articles.approvalStatus, ['PENDING', 'SCHEDULED', 'APPROVED', 'REJECTED']))
        .groupBy(articles.approvalStatus);
      const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
      return { pending: of('PENDING'), scheduled: of('SCHEDULED'), approved: of('APPROVED'), rejected: of('REJECTED') };
    },

    /** 404 / 409 before an edit that approves: the article exists and may still be approved or scheduled. */
    async checkApprovable(id: number): Promise<void> {
      const [row] = await db.select({ status: articles.approvalStatus }).from(articles).where(eq(articles.id, id));
      decide('approve', { role: 'ADMIN' }, row ? { status: row.status, reporterId: 0 } : { status: 'DRAFT', reporterId: 0 });
    },

    /** One article of any status, with its rejection reason. */
    async get(id: number): Promise<Article> {
      return reload(id);
    },

    /** Approve now, or with `publishAt` ahead, schedule (also reschedules a SCHEDULED article). */
    async approve(id: number, { publishAt }: { publishAt?: Date } = {}, actor?: AuditActor): Promise<ReviewResult> {
      const outcome = await changes.write((tx, notice) =>
        approveArticleIn(lifecycle, tx, notice, id, { actor, now: clock.now(), publishAt }),
      );
      return {
        message: outcome === 'scheduled' ? REVIEW_MESSAGES.scheduled : REVIEW_MESSAGES.approved,
        article: await reload(id),
      };
    },

    /** SCHEDULED -> PENDING: back in the queue, its publication date the submission time again. */
    async unschedule(id: number, actor?: AuditActor): Promise<ReviewResult> {
      await move('unschedule', id, actor, {}, (row) => ({ details: { publishAt: row.publicationDate.toISOString() } }));
      return { message: REVIEW_MESSAGES.unscheduled, article: await reload(id) };
    },

    /** The reason, when there is one, is also the story's note (the private thread, server/notes/). */
    async reject(id: number, { reason }: { reason: string | null }, actor?: AuditActor): Promise<ReviewResult> {
      await changes.write((tx, notice) =>
        lifecycle.move(tx, notice, { act: 'reject', id, by: adminCaller(actor), input: { reason } }, async (row) => {
          if (!reason || !actor?.username) return { details: { reason } };
          const author = { ...actor, username: actor.username };
          const note = { articleId: id, title: row.title, author, text: reason, now: clock.now() };
          return { details: { reason, noteId: await insertNote(tx, note, { audited: false }) } };
        }),
      );
      return { message: REVIEW_MESSAGES.rejected, article: await reload(id) };
    },

    /** Breaking news for `hours` (1-24) from now: leads the ticker and the home banner until then. */
    async markBreaking(id: number, { hours }: { hours: number }, actor?: AuditActor): Promise<ReviewResult> {
      const until = new Date(clock.now().getTime() + hours * 3_600_000);
      await move('breaking', id, actor, { breakingUntil: until }, () => ({ details: { hours, until: until.toISOString() } }));
      return { message: REVIEW_MESSAGES.breakingSet, article: await reload(id) };
    },

    async clearBreaking(id: number, actor?: AuditActor): Promise<ReviewResult> {
      await move('clear-breaking', id, actor);
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
      // Its images go in the same transaction (lifecycle.ts); if releasing them fails nothing is deleted.
      await move('delete', id, actor);
      return { message: REVIEW_MESSAGES.deleted };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
