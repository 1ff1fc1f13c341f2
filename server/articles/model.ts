// Reading articles into their wire shape: one place, used by public, reporter and admin routes.
import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { readAll, type DbOrTx } from '../db/client.ts';
import {
  articleCategories,
  articleImages,
  articles,
  categories,
  images,
  tags,
  articleTags,
  articleCorrections,
  articleNotes,
  users,
  type ArticleRow,
  type ImageRow,
} from '../db/schema.ts';
import type { Article, ArticleImage } from '../../contract/articles.ts';
import { shareName, variantName } from '../media/images.ts';
import { tagRef, type TagRef } from '../../contract/tags.ts';
import { mediaLink } from '../media/urls.ts';

/** The columns an article's wire shape is made of (not the search columns, as long as the body). */
const wireColumns = {
  id: articles.id,
  title: articles.title,
  author: articles.author,
  content: articles.content,
  youtubeVideoId: articles.youtubeVideoId,
  region: articles.region,
  shortDescription: articles.shortDescription,
  publicationDate: articles.publicationDate,
  approvalStatus: articles.approvalStatus,
  breakingUntil: articles.breakingUntil,
  rejectionReason: articles.rejectionReason,
  summary: articles.summary,
  district: articles.district,
  liveSince: articles.liveSince,
  liveEndedAt: articles.liveEndedAt,
  version: articles.version,
};
type WireRow = Pick<ArticleRow, keyof typeof wireColumns>;

export const mediaUrl = (key: string, width: number) => mediaLink(variantName(key, width));

export function toArticleImage(
  image: Pick<ImageRow, 'key' | 'width' | 'height' | 'variantWidths'> & { id?: number },
): ArticleImage {
  const widths = [...image.variantWidths].sort((a, b) => a - b);
  const largest = widths[widths.length - 1] ?? image.width;
  return {
    ...(image.id !== undefined ? { id: image.id } : {}),
    url: mediaUrl(image.key, largest),
    width: image.width,
    height: image.height,
    srcset: widths.map((w) => `${mediaUrl(image.key, w)} ${w}w`).join(', '),
    shareUrl: mediaLink(shareName(image.key)),
  };
}

/**
 * Loads full articles for the given ids, in the order of `ids`, with categories (first = primary),
 * images (first = cover) and reporter name. Three queries whatever the number of articles.
 * `withReason`: the staff's view, with the rejection reason and the reporter's own summary.
 */
export async function loadArticles(db: DbOrTx, ids: number[], opts: { withReason?: boolean } = {}): Promise<Article[]> {
  if (ids.length === 0) return [];
  const [rows, cats, imgs, tagLists, noteCounts] = await readAll(db, [
    () =>
      db
        .select({ article: wireColumns, reporterName: users.username })
        .from(articles)
        .innerJoin(users, eq(users.id, articles.reporterId))
        .where(inArray(articles.id, ids)),
    () =>
      db
        .select({ articleId: articleCategories.articleId, id: categories.id, name: categories.name })
        .from(articleCategories)
        .innerJoin(categories, eq(categories.id, articleCategories.categoryId))
        .where(inArray(articleCategories.articleId, ids))
        .orderBy(asc(articleCategories.position), asc(categories.id)),
    () =>
      db
        .select({ articleId: articleImages.articleId, image: images })
        .from(articleImages)
        .innerJoin(images, eq(images.id, articleImages.imageId))
        .where(inArray(articleImages.articleId, ids))
        .orderBy(asc(articleImages.position)),
    () => tagsOfArticles(db, ids),
    () =>
      opts.withReason
        ? db
            .select({ articleId: articleNotes.articleId, n: count() })
            .from(articleNotes)
            .where(inArray(articleNotes.articleId, ids))
            .groupBy(articleNotes.articleId)
        : Promise.resolve([]),
  ]);
  const byId = new Map(rows.map((r) => [r.article.id, r]));
  const notesOf = new Map(noteCounts.map((r) => [r.articleId, r.n]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const articleImagesList = imgs.filter((i) => i.articleId === id).map((i) => toArticleImage(i.image));
    const article = toArticle(
      row.article,
      row.reporterName,
      cats.filter((c) => c.articleId === id).map(({ id: cid, name }) => ({ id: cid, name })),
      articleImagesList,
      opts.withReason ?? false,
      tagLists.get(id) ?? [],
    );
    // The private thread's size, for the staff's lists: never on a reader's answer.
    return [opts.withReason ? { ...article, noteCount: notesOf.get(id) ?? 0 } : article];
  });
}

export async function loadArticle(db: DbOrTx, id: number, opts: { withReason?: boolean } = {}): Promise<Article | null> {
  return (await loadArticles(db, [id], opts))[0] ?? null;
}

/**
 * The article matching `where` in its wire shape with one query: its categories and images come as
 * JSON beside the row. Run it prepared (Database.prepared) when it is read on every page view.
 */
export function selectArticleWhere(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      article: wireColumns,
      reporterName: users.username,
      updatedAt: articles.updatedAt,
      cats: sql<
        { id: number; name: string }[]
      >`(select coalesce(json_agg(json_build_object('id', ${categories.id}, 'name', ${categories.name}) order by ${articleCategories.position}, ${categories.id}), '[]')
        from ${articleCategories} join ${categories} on ${categories.id} = ${articleCategories.categoryId}
        where ${articleCategories.articleId} = ${articles.id})`,
      imgs: sql<
        Pick<ImageRow, 'key' | 'width' | 'height' | 'variantWidths'>[]
      >`(select coalesce(json_agg(json_build_object('key', ${images.key}, 'width', ${images.width}, 'height', ${images.height}, 'variantWidths', ${images.variantWidths}) order by ${articleImages.position}), '[]')
        from ${articleImages} join ${images} on ${images.id} = ${articleImages.imageId}
        where ${articleImages.articleId} = ${articles.id})`,
      tagList: sql<
        { name: string; slug: string }[]
      >`(select coalesce(json_agg(json_build_object('name', ${tags.name}, 'slug', ${tags.slug}) order by ${articleTags.position}), '[]')
        from ${articleTags} join ${tags} on ${tags.id} = ${articleTags.tagId}
        where ${articleTags.articleId} = ${articles.id})`,
      corrections: sql<
        { text: string; createdAt: string }[]
      >`(select coalesce(json_agg(json_build_object('text', ${articleCorrections.text}, 'createdAt', ${articleCorrections.createdAt}) order by ${articleCorrections.id}), '[]')
        from ${articleCorrections} where ${articleCorrections.articleId} = ${articles.id})`,
    })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.reporterId))
    .where(where)
    .limit(1);
}

/** A row of selectArticleWhere as an article, with when it was last changed and its corrections (the article page shows both). */
export function articleFromRow(row: Awaited<ReturnType<typeof selectArticleWhere>>[number]): Article {
  return {
    ...toArticle(
      row.article,
      row.reporterName,
      row.cats,
      row.imgs.map(toArticleImage),
      false,
      row.tagList.map((t) => tagRef(t.name, t.slug)),
    ),
    updatedAt: row.updatedAt.toISOString(),
    corrections: row.corrections.map((c) => ({ text: c.text, createdAt: new Date(c.createdAt).toISOString() })),
  };
}

function toArticle(
  a: WireRow,
  reporterName: string,
  cats: { id: number; name: string }[],
  imgs: ArticleImage[],
  withReason: boolean,
  tagList: TagRef[],
): Article {
  return {
    id: a.id,
    title: a.title,
    author: a.author,
    content: a.content,
    youtubeVideoId: a.youtubeVideoId,
    region: a.region,
    categories: cats,
    imageUrls: imgs.map((i) => i.url),
    images: imgs,
    shortDescription: a.shortDescription,
    ...(withReason ? { summary: a.summary } : {}),
    publicationDate: a.publicationDate.toISOString(),
    reporterName,
    approvalStatus: a.approvalStatus,
    breakingUntil: a.breakingUntil?.toISOString() ?? null,
    district: a.district,
    liveSince: a.liveSince?.toISOString() ?? null,
    liveEndedAt: a.liveEndedAt?.toISOString() ?? null,
    ...(withReason ? { rejectionReason: a.rejectionReason, version: a.version } : {}),
    tags: tagList,
  };
}

/** The categories an article is in (any status): page caches drop those listings when it changes. */
export async function categoryIdsOf(db: DbOrTx, articleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: articleCategories.categoryId })
    .from(articleCategories)
    .where(eq(articleCategories.articleId, articleId));
  return rows.map((r) => r.id);
}

/** The tags of each article, for the wire shape (one query whatever the number of articles). */
export async function tagsOfArticles(db: DbOrTx, ids: number[]): Promise<Map<number, TagRef[]>> {
  const byArticle = new Map<number, TagRef[]>();
  if (ids.length === 0) return byArticle;
  const rows = await db
    .select({ articleId: articleTags.articleId, name: tags.name, slug: tags.slug })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(inArray(articleTags.articleId, ids))
    .orderBy(asc(articleTags.position));
  for (const r of rows) {
    const list = byArticle.get(r.articleId) ?? [];
    list.push(tagRef(r.name, r.slug));
    byArticle.set(r.articleId, list);
  }
  return byArticle;
}
