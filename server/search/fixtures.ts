// Test and benchmark fixtures: categories and articles written straight to the database, with
// the derived columns a real write would store (short description, search text, cover image).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { articleCategories, articleImages, articles, categories, images, users } from '../db/schema.ts';
import { searchFieldsFor, shortDescriptionFor } from '../articles/text.ts';
import type { ApprovalStatus } from '../../contract/articles.ts';

export type ArticleFixture = {
  title: string;
  content?: string;
  reporterId: number;
  categoryIds?: number[];
  status?: ApprovalStatus;
  youtubeVideoId?: string | null;
  region?: string | null;
  publicationDate?: Date;
  withImage?: boolean;
};

export async function addCategory(db: DbOrTx, name: string) {
  const [row] = await db.insert(categories).values({ name }).returning();
  return row;
}

export async function addReporter(db: DbOrTx, username: string) {
  const [row] = await db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: 'x', role: 'REPORTER' })
    .returning();
  return row;
}

/** Inserts many articles in a few statements; returns their ids in input order. */
export async function addArticles(db: DbOrTx, list: ArticleFixture[]): Promise<number[]> {
  if (list.length === 0) return [];
  let imageId: number | undefined;
  if (list.some((a) => a.withImage)) {
    const [img] = await db
      .insert(images)
      .values({ key: 'fixture0cover', width: 1200, height: 675, variantWidths: [400, 800, 1200] })
      .returning();
    imageId = img.id;
  }
  const inserted = await db
    .insert(articles)
    .values(
      list.map((a) => ({
        title: a.title,
        author: 'రచయిత',
        content: a.content ?? '',
        reporterId: a.reporterId,
        approvalStatus: a.status ?? 'APPROVED',
        youtubeVideoId: a.youtubeVideoId ?? null,
        region: a.region ?? null,
        publicationDate: a.publicationDate ?? new Date(),
        shortDescription: shortDescriptionFor(a.content ?? ''),
        ...searchFieldsFor(a.title, a.content ?? ''),
      })),
    )
    .returning({ id: articles.id });
  const ids = inserted.map((r) => r.id);
  const links = list.flatMap((a, i) =>
    (a.categoryIds ?? []).map((categoryId, position) => ({ articleId: ids[i], categoryId, position })),
  );
  if (links.length) await db.insert(articleCategories).values(links);
  const covers = list.flatMap((a, i) => (a.withImage && imageId ? [{ articleId: ids[i], imageId, position: 0 }] : []));
  if (covers.length) await db.insert(articleImages).values(covers);
  return ids;
}

export async function addArticle(db: DbOrTx, a: ArticleFixture) {
  return (await addArticles(db, [a]))[0];
}

export async function setStatus(db: DbOrTx, id: number, status: ApprovalStatus) {
  await db.execute(sql`update ${articles} set approval_status = ${status} where id = ${id}`);
}
