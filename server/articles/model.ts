// Reading articles into their wire shape: one place, used by public, reporter and admin routes.
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  articleCategories,
  articleImages,
  articles,
  categories,
  images,
  users,
  type ArticleRow,
  type ImageRow,
} from '../db/schema.ts';
import type { Article, ArticleImage } from '../../contract/articles.ts';
import { shareName, variantName } from '../media/images.ts';

export const mediaUrl = (key: string, width: number) => `/media/${variantName(key, width)}`;

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
    shareUrl: `/media/${shareName(image.key)}`,
  };
}

/**
 * Loads full articles for the given ids, in the order of `ids`, with categories (first = primary),
 * images (first = cover) and reporter name. Three queries whatever the number of articles.
 * `withReason`: the staff's view, with the rejection reason and the reporter's own summary.
 */
export async function loadArticles(db: DbOrTx, ids: number[], opts: { withReason?: boolean } = {}): Promise<Article[]> {
  if (ids.length === 0) return [];
  const [rows, cats, imgs] = await Promise.all([
    db
      .select({ article: articles, reporterName: users.username })
      .from(articles)
      .innerJoin(users, eq(users.id, articles.reporterId))
      .where(inArray(articles.id, ids)),
    db
      .select({ articleId: articleCategories.articleId, id: categories.id, name: categories.name })
      .from(articleCategories)
      .innerJoin(categories, eq(categories.id, articleCategories.categoryId))
      .where(inArray(articleCategories.articleId, ids))
      .orderBy(asc(articleCategories.position), asc(categories.id)),
    db
      .select({ articleId: articleImages.articleId, image: images })
      .from(articleImages)
      .innerJoin(images, eq(images.id, articleImages.imageId))
      .where(inArray(articleImages.articleId, ids))
      .orderBy(asc(articleImages.position)),
  ]);
  const byId = new Map(rows.map((r) => [r.article.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const articleImagesList = imgs.filter((i) => i.articleId === id).map((i) => toArticleImage(i.image));
    return [
      toArticle(
        row.article,
        row.reporterName,
        cats.filter((c) => c.articleId === id).map(({ id: cid, name }) => ({ id: cid, name })),
        articleImagesList,
        opts.withReason ?? false,
      ),
    ];
  });
}

export async function loadArticle(db: DbOrTx, id: number, opts: { withReason?: boolean } = {}): Promise<Article | null> {
  return (await loadArticles(db, [id], opts))[0] ?? null;
}

function toArticle(
  a: ArticleRow,
  reporterName: string,
  cats: { id: number; name: string }[],
  imgs: ArticleImage[],
  withReason: boolean,
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
    ...(withReason ? { rejectionReason: a.rejectionReason } : {}),
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
