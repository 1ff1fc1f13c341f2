// Public reading of approved articles (one, by category, related, latest-news).
// Only APPROVED articles exist here: anything else is "not found".
import { and, desc, eq, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { boundedCount } from '../db/count.ts';
import type { DbOrTx } from '../db/client.ts';
import { articleCategories, articles, categories } from '../db/schema.ts';
import { articleFromRow, loadArticles, selectArticleWhere } from './model.ts';
import { notFound } from '../http/errors.ts';
import type { Article } from '../../contract/articles.ts';

export const RELATED_LIMIT = 6;
export const LATEST_NEWS_LIMIT = 6;
export { PUBLIC_PAGE_SIZE as CATEGORY_PAGE_SIZE, PUBLIC_MAX_PAGE_SIZE as MAX_PAGE_SIZE } from '../../contract/articles.schema.ts';
import { PUBLIC_PAGE_SIZE as CATEGORY_PAGE_SIZE } from '../../contract/articles.schema.ts';

export const isApproved = eq(articles.approvalStatus, 'APPROVED');
/** Newest first; the id breaks ties so paging is stable. */
export const newestFirst = [desc(articles.publicationDate), desc(articles.id)] as const;

/** Lists leave out the body HTML (the heaviest field); pages that show the body load one article. */
export function withoutBody(list: Article[]): Article[] {
  return list.map((a) => ({ ...a, content: '' }));
}

/** Approved articles matching `where`, newest first, loaded in their wire shape without the body. */
export async function listApproved(db: DbOrTx, where: SQL | undefined, limit: number, offset = 0): Promise<Article[]> {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(where ? and(isApproved, where) : isApproved)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return withoutBody(
    await loadArticles(
      db,
      rows.map((r) => r.id),
    ),
  );
}

/**
 * A category's approved articles (filed under it in any position, not only the primary one),
 * newest first, without the body. The category link carries its article's status and date
 * (migration 0010), so any page of any category is one range of an index: no walk through the
 * whole archive testing each article for the category.
 */
export async function listInCategory(
  db: DbOrTx,
  categoryId: number,
  limit: number,
  opts: { offset?: number; exclude?: number } = {},
): Promise<Article[]> {
  const rows = await db
    .select({ id: articleCategories.articleId })
    .from(articleCategories)
    .where(and(approvedIn(categoryId), opts.exclude !== undefined ? ne(articleCategories.articleId, opts.exclude) : undefined))
    .orderBy(desc(articleCategories.publicationDate), desc(articleCategories.articleId))
    .limit(limit)
    .offset(opts.offset ?? 0);
  return withoutBody(
    await loadArticles(
      db,
      rows.map((r) => r.id),
    ),
  );
}

const approvedIn = (categoryId: number) =>
  and(eq(articleCategories.categoryId, categoryId), eq(articleCategories.approvalStatus, 'APPROVED'));

/** Service-level guard for callers other than the HTTP routes (which answer 400 instead): never a negative offset or an unbounded list. */
export function safePaging(page: number, size: number) {
  return {
    page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, 100_000) : 0,
    size: Number.isSafeInteger(size) && size > 0 ? Math.min(size, 500) : CATEGORY_PAGE_SIZE,
  };
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

export function createPublicArticlesService({ db, database }: ServiceDeps) {
  // Every article page view reads one article by id: parsed and planned once (Database.prepared).
  const approvedById = database.prepared(
    selectArticleWhere(db, and(eq(articles.id, sql.placeholder('id')), isApproved)).prepare('public_article_by_id'),
  );
  return {
    /** One approved article, or null (pending, rejected and missing look the same). */
    async get(id: number): Promise<Article | null> {
      if (!validId(id)) return null;
      const [row] = await approvedById.execute({ id });
      return row ? articleFromRow(row) : null;
    },

    /** A page of a category's approved articles (zero-based pages) and their total; unknown category: 404. */
    async byCategory(categoryId: number, requestedPage: number, requestedSize: number) {
      const { page, size } = safePaging(requestedPage, requestedSize);
      const [category] = validId(categoryId)
        ? await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.id, categoryId))
        : [];
      if (!category) throw notFound('Category not found');
      const [total, list] = await Promise.all([
        boundedCount(db, articleCategories, approvedIn(categoryId)),
        listInCategory(db, categoryId, size, { offset: page * size }),
      ]);
      return { category, articles: list, total };
    },

    /** Newest approved articles in the category, without the one being read. */
    async related(categoryId: number, excludeArticleId: number): Promise<Article[]> {
      if (!validId(categoryId)) return [];
      return listInCategory(db, categoryId, RELATED_LIMIT, validId(excludeArticleId) ? { exclude: excludeArticleId } : {});
    },

    /** Newest approved articles outside the category. */
    async latestNews(excludeCategoryId: number): Promise<Article[]> {
      if (!validId(excludeCategoryId)) return listApproved(db, undefined, LATEST_NEWS_LIMIT);
      const outside = notExists(
        db
          .select({ one: sql`1` })
          .from(articleCategories)
          .where(and(eq(articleCategories.articleId, articles.id), eq(articleCategories.categoryId, excludeCategoryId))),
      );
      return listApproved(db, outside, LATEST_NEWS_LIMIT);
    },
  };
}
export type PublicArticlesService = ReturnType<typeof createPublicArticlesService>;

/** Paging of the public lists (contract/articles.schema.ts). */
export { PublicPageQuery } from '../../contract/articles.schema.ts';
