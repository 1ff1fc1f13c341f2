// Test and benchmark fixtures: categories, reporters and articles written straight to the database,
// with the derived columns a real write would store (short description, search text, cover image),
// and request bodies as a browser sends them. The test app itself is ./app.ts.
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { articleCategories, articleImages, articles, categories, images, users } from '../db/schema.ts';
import { searchFieldsFor, shortDescriptionFor } from '../articles/text.ts';
import type { ApprovalStatus } from '../../contract/articles.ts';
import { ensureFirstRevision } from '../articles/revision-store.ts';

export type ArticleFixture = {
  title: string;
  content?: string;
  author?: string;
  region?: string | null;
  reporterId: number;
  categoryIds?: number[];
  status?: ApprovalStatus;
  youtubeVideoId?: string | null;
  publicationDate?: Date;
  createdAt?: Date;
  withImage?: boolean;
};

export async function addCategory(db: DbOrTx, name: string) {
  const [row] = await db.insert(categories).values({ name }).returning();
  return row;
}

/** Several categories at once; their ids in the order named. */
export async function addCategories(db: DbOrTx, names: string[]): Promise<number[]> {
  const rows = await db
    .insert(categories)
    .values(names.map((name) => ({ name })))
    .returning({ id: categories.id });
  return rows.map((r) => r.id);
}

/** A reporter account; with `displayName`, a byline of that name links to their author page. */
export async function addReporter(db: DbOrTx, username: string, displayName?: string) {
  const [row] = await db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: 'x', role: 'REPORTER', displayName })
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
        author: a.author ?? 'రచయిత',
        content: a.content ?? '',
        reporterId: a.reporterId,
        approvalStatus: a.status ?? 'APPROVED',
        youtubeVideoId: a.youtubeVideoId ?? null,
        region: a.region ?? null,
        publicationDate: a.publicationDate ?? new Date(),
        ...(a.createdAt ? { createdAt: a.createdAt } : {}),
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

/** One article, returned as its row (for tests that read its columns back). */
export async function addArticleRow(db: DbOrTx, a: ArticleFixture) {
  const id = await addArticle(db, a);
  const [row] = await db.select().from(articles).where(eq(articles.id, id));
  return row;
}

/** An article as a reporter's submission leaves it (pending unless told), returned as its row. */
export function addSubmission(db: DbOrTx, a: ArticleFixture) {
  return addArticleRow(db, {
    content: `<p>${a.title} వివరాలు</p>`,
    author: 'రవి',
    region: 'హైదరాబాద్',
    ...a,
    status: a.status ?? 'PENDING',
  });
}

/**
 * A story in `status` as its reporter left it (addSubmission, a scheduled one's time a day ahead),
 * with one picture of its own and, past a draft, its first revision; returned as its row.
 */
export async function addStoryWithPicture(db: Db, a: ArticleFixture & { status: ApprovalStatus }) {
  const row = await addSubmission(db, {
    ...a,
    publicationDate: a.status === 'SCHEDULED' ? new Date(Date.now() + 86_400_000) : a.publicationDate,
  });
  const [img] = await db
    .insert(images)
    .values({ key: `story${row.id}`, width: 800, height: 600, variantWidths: [400, 800] })
    .returning();
  await db.insert(articleImages).values({ articleId: row.id, imageId: img.id, position: 0 });
  if (a.status !== 'DRAFT') await db.transaction((tx) => ensureFirstRevision(tx, row.id));
  return row;
}

export async function setStatus(db: DbOrTx, id: number, status: ApprovalStatus) {
  await db.execute(sql`update ${articles} set approval_status = ${status} where id = ${id}`);
}

export type FormPart = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };

/** A multipart/form-data body as a browser sends it, for `app.inject`. */
export function multipart(parts: FormPart[]) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
