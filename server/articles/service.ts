// Articles: the reporter workflow and the shared edit (reporter resubmission, admin edit and
// edit-then-approve). Every rule of docs/product.md about writing articles lives here.
import { approveArticleIn } from '../review/service.ts';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Lifecycle } from './lifecycle.ts';
import { checkImageCount, writeArticleImages } from './images.ts';
import { boundedCount } from '../db/count.ts';
import { countTitleMatches, titleContains } from '../search/service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { articleCategories, articles, categories } from '../db/schema.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { IncomingFile, PreparedImage } from '../media/images.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { loadArticle, loadArticles } from './model.ts';
import { answeringStale } from './versions.ts';
import { sanitizeArticleHtml } from './sanitize.ts';
import { writeArticleTags } from '../tags/service.ts';
import { searchFieldsFor, shortDescriptionFor } from './text.ts';
import type { ApprovalStatus, Article } from '../../contract/articles.ts';
import type { ReporterCounts } from '../../contract/reporter.ts';
import {
  ARTICLE_MESSAGES,
  type ApprovedListQuery,
  type ArticleCreateInput,
  type ArticleEditInput,
} from '../../contract/article-form.ts';

type Upload = IncomingFile & { truncated?: boolean };

/** The stored columns of an article's text: the body sanitised, the derived text made once here. */
function articleFields(input: ArticleCreateInput | ArticleEditInput, tagNames: readonly string[]) {
  const content = sanitizeArticleHtml(input.content);
  return {
    title: input.title,
    author: input.author,
    content,
    youtubeVideoId: input.youtubeVideoId,
    region: input.region,
    district: input.district,
    summary: input.summary,
    shortDescription: shortDescriptionFor(content, input.summary),
    ...searchFieldsFor(input.title, content, tagNames),
  };
}

/** Checks and re-encodes every upload before anything is written (prepare() writes nothing). */
export async function prepareArticleImages(deps: ServiceDeps, files: Upload[]): Promise<PreparedImage[]> {
  const prepared: PreparedImage[] = [];
  for (const file of files) prepared.push(await deps.images.prepare(file, 'article'));
  return prepared;
}

/** Runs `work`; if it fails, the files of the prepared uploads are removed again. */
export async function withPreparedImages<T>(deps: ServiceDeps, prepared: PreparedImage[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await deps.images.discard(prepared);
    throw error;
  }
}

/** Every id must name an existing category; reporters file under exactly one. */
export async function checkCategories(tx: DbOrTx, ids: number[], role: SessionUser['role']) {
  if (role !== 'ADMIN' && ids.length > 1)
    throw badRequest(ARTICLE_MESSAGES.oneCategoryOnly, { categoryIds: ARTICLE_MESSAGES.oneCategoryOnly });
  const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  const known = new Set(found.map((c) => c.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) {
    const message = ARTICLE_MESSAGES.unknownCategory(missing);
    throw badRequest(message, { categoryIds: message });
  }
}

export function createArticlesService(deps: ServiceDeps & { lifecycle: Lifecycle }) {
  const { db, lifecycle } = deps;

  async function writeCategories(tx: DbOrTx, articleId: number, ids: number[]) {
    await tx.delete(articleCategories).where(eq(articleCategories.articleId, articleId));
    await tx.insert(articleCategories).values(ids.map((categoryId, position) => ({ articleId, categoryId, position })));
  }

  /** The reporter's own article, or 404 (another reporter's article is not visible, docs/product.md). */
  async function ownRow(user: SessionUser, id: number) {
    const [row] = await db
      .select({ id: articles.id })
      .from(articles)
      // A draft is reached through the drafts API only (./drafts.ts).
      .where(and(eq(articles.id, id), eq(articles.reporterId, user.id), ne(articles.approvalStatus, 'DRAFT')))
      .limit(1);
    if (!row) throw notFound('Article not found.');
  }

  return {
    /**
     * POST /api/articles: a new PENDING article of the signed-in reporter. Images are checked and
     * re-encoded before anything is written; a failure at any step leaves no row and no file.
     */
    async create(user: SessionUser, input: ArticleCreateInput, files: Upload[]): Promise<Article> {
      checkImageCount(files.length, { required: true });
      await checkCategories(db, input.categoryIds, user.role);
      const prepared = await prepareArticleImages(deps, files);
      const fields = articleFields(input, input.tags ?? []);
      const id = await withPreparedImages(deps, prepared, () =>
        deps.changes.write((tx, notice) =>
          lifecycle.start(tx, notice, { act: 'create', by: user }, async (approvalStatus) => {
            const [row] = await tx
              .insert(articles)
              .values({ ...fields, reporterId: user.id, approvalStatus })
              .returning({ id: articles.id });
            await writeCategories(tx, row.id, input.categoryIds);
            await writeArticleTags(tx, row.id, input.tags ?? []);
            await writeArticleImages(tx, deps.images, row.id, undefined, prepared, { required: true });
            return row.id;
          }),
        ),
      );
      return (await loadArticle(db, id, { withReason: true }))!;
    },

    /**
     * PUT /api/articles/{id}. REPORTER: own PENDING or REJECTED article, one category, back to
     * PENDING (a resubmission). ADMIN: any article, several categories, status kept; with
     * `approve` the save and the approval (or, with `publishAt` ahead, the schedule) are one
     * transaction: if either fails, the story stays as it was. The answer's status says which.
     */
    async update(
      user: SessionUser,
      id: number,
      input: ArticleEditInput,
      files: Upload[] = [],
      opts: { approve?: boolean; publishAt?: Date; ip?: string } = {},
    ): Promise<Article> {
      if (opts.approve && user.role !== 'ADMIN') throw forbidden('Only an admin can approve articles.');
      // Checked by their bytes before the transaction; written by it, removed again if it fails.
      const prepared = await prepareArticleImages(deps, files);
      const by = { ...user, ip: opts.ip };
      const write = () =>
        deps.changes.write(async (tx, notice) => {
          // A reporter's edit is a resubmission (back to PENDING); an admin's keeps the status
          // (lifecycle.ts). The approval of save-and-approve is the review domain's rule, applied
          // below in this transaction.
          await lifecycle.move(tx, notice, { act: 'edit', id, by, expectVersion: input.version }, async ({ status }) => {
            await checkCategories(tx, input.categoryIds, user.role);
            await writeCategories(tx, id, input.categoryIds);
            const tagNames = await writeArticleTags(tx, id, input.tags);
            const images = await writeArticleImages(tx, deps.images, id, input.imageOrder, prepared, { required: true });
            return {
              set: articleFields(input, tagNames),
              summary: input.title,
              details: {
                status,
                ...(user.role === 'ADMIN' ? {} : { resubmitted: true }),
                ...(images.added || images.removed ? { imagesAdded: images.added, imagesRemoved: images.removed } : {}),
              },
            };
          });
          if (opts.approve)
            await approveArticleIn(lifecycle, tx, notice, id, {
              actor: { id: user.id, username: user.username, ip: opts.ip },
              now: deps.clock.now(),
              publishAt: opts.publishAt,
            });
        });
      // A save based on an older version is refused (409 with the story as it is now).
      await withPreparedImages(deps, prepared, () => answeringStale(db, write));
      return (await loadArticle(db, id, { withReason: true }))!;
    },

    /** GET /api/reporter/articles/{id}: any status, with the rejection reason. */
    async getOwn(user: SessionUser, id: number): Promise<Article> {
      await ownRow(user, id);
      return (await loadArticle(db, id, { withReason: true }))!;
    },

    /** DELETE /api/reporter/articles/{id}: own PENDING or REJECTED; its images are released. */
    async deleteOwn(user: SessionUser, id: number, ip?: string): Promise<void> {
      await deps.changes.write((tx, notice) => lifecycle.move(tx, notice, { act: 'delete', id, by: { ...user, ip } }));
    },

    /** GET /api/reporter/articles/approved: own APPROVED, newest first, title filter. */
    async listApproved(user: SessionUser, query: ApprovedListQuery): Promise<{ articles: Article[]; totalPages: number }> {
      const where = and(
        eq(articles.reporterId, user.id),
        eq(articles.approvalStatus, 'APPROVED'),
        query.title ? titleContains(query.title) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ id: articles.id })
          .from(articles)
          .where(where)
          .orderBy(desc(articles.publicationDate), desc(articles.id))
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
        (query.title ? countTitleMatches(db, query.title, user.id) : boundedCount(db, articles, where)).then((total) => [
          { total },
        ]),
      ]);
      return {
        articles: await loadArticles(
          db,
          rows.map((r) => r.id),
          { withReason: true },
        ),
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /**
     * GET /api/reporter/articles/pending-rejected: REJECTED before PENDING, newest first within;
     * SCHEDULED ones too (accepted, not yet public), so the reporter sees when they will appear.
     */
    async listPendingRejected(user: SessionUser): Promise<Article[]> {
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.reporterId, user.id), inArray(articles.approvalStatus, ['PENDING', 'REJECTED', 'SCHEDULED'])))
        .orderBy(
          asc(sql`case when ${articles.approvalStatus} = 'REJECTED' then 0 else 1 end`),
          desc(articles.updatedAt),
          desc(articles.id),
        )
        .limit(500);
      return loadArticles(
        db,
        rows.map((r) => r.id),
        { withReason: true },
      );
    },

    /** GET /api/reporter/articles/counts: how many own stories are in each state (the desk tiles). */
    async counts(user: SessionUser): Promise<ReporterCounts> {
      const rows = await db
        .select({ status: articles.approvalStatus, n: sql<number>`count(*)::int` })
        .from(articles)
        .where(eq(articles.reporterId, user.id))
        .groupBy(articles.approvalStatus);
      const of = (status: ApprovalStatus) => Number(rows.find((r) => r.status === status)?.n ?? 0);
      return {
        drafts: of('DRAFT'),
        pending: of('PENDING'),
        rejected: of('REJECTED'),
        scheduled: of('SCHEDULED'),
        published: of('APPROVED'),
      };
    },
  };
}
export type ArticlesService = ReturnType<typeof createArticlesService>;
