// The revision store: every saved change of a non-draft article's text, categories, images,
// region or video kept as a revision (who, when, what), written in the caller's transaction so a
// failed save leaves none. The lifecycle writes them (./lifecycle.ts); the revisions service reads
// them (./revisions.ts).
import { asc, desc, eq } from 'drizzle-orm';
import { readAll, type DbOrTx, type Tx } from '../db/database.ts';
import { articleCategories, articleImages, articleRevisions, articles, users } from '../db/schema.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { REVISION_FIELDS, type RevisionField, type RevisionKind } from '../../contract/drafts.ts';

export type RevisionRow = typeof articleRevisions.$inferSelect;
type Snapshot = Pick<RevisionRow, 'title' | 'author' | 'content' | 'region' | 'youtubeVideoId' | 'categoryIds' | 'imageIds'>;

/** The article as it stands in `tx` (null when it does not exist). */
async function snapshotOf(tx: DbOrTx, articleId: number): Promise<(Snapshot & { reporterId: number }) | null> {
  const [row] = await tx
    .select({
      title: articles.title,
      author: articles.author,
      content: articles.content,
      region: articles.region,
      youtubeVideoId: articles.youtubeVideoId,
      reporterId: articles.reporterId,
    })
    .from(articles)
    .where(eq(articles.id, articleId));
  if (!row) return null;
  const [cats, imgs] = await readAll(tx, [
    () =>
      tx
        .select({ id: articleCategories.categoryId })
        .from(articleCategories)
        .where(eq(articleCategories.articleId, articleId))
        .orderBy(asc(articleCategories.position), asc(articleCategories.categoryId)),
    () =>
      tx
        .select({ id: articleImages.imageId })
        .from(articleImages)
        .where(eq(articleImages.articleId, articleId))
        .orderBy(asc(articleImages.position)),
  ]);
  return { ...row, categoryIds: cats.map((c) => c.id), imageIds: imgs.map((i) => i.id) };
}

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function changedFields(before: Snapshot | undefined, after: Snapshot): RevisionField[] {
  if (!before) return [];
  return REVISION_FIELDS.filter((field) => {
    if (field === 'categories') return !sameList(before.categoryIds, after.categoryIds);
    if (field === 'images') return !sameList(before.imageIds, after.imageIds);
    return before[field] !== after[field];
  });
}

async function latestRevision(tx: DbOrTx, articleId: number): Promise<RevisionRow | undefined> {
  const [row] = await tx
    .select()
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.id))
    .limit(1);
  return row;
}

/**
 * Before an article changes: an article with no history yet (written before history began, or
 * inserted by a script) gets its current state as its first revision, credited to its reporter,
 * so the change that follows has something to be compared with.
 */
export async function ensureFirstRevision(tx: Tx, articleId: number): Promise<void> {
  if (await latestRevision(tx, articleId)) return;
  const now = await snapshotOf(tx, articleId);
  if (!now) return;
  const [reporter] = await tx.select({ username: users.username }).from(users).where(eq(users.id, now.reporterId));
  const { reporterId, ...snapshot } = now;
  await tx
    .insert(articleRevisions)
    .values({ articleId, editorId: reporterId, editorName: reporter?.username ?? null, kind: 'CREATE', ...snapshot });
}

/**
 * After a save, in its transaction: keeps the article's new state as a revision. An EDIT that
 * changed nothing keeps none; CREATE, RESUBMIT (a reporter's edit of a rejected article),
 * RESTORE and the corrections' kinds are always kept, so the history shows every resubmission,
 * restore and correction.
 */
export async function recordRevision(
  tx: Tx,
  articleId: number,
  editor: Pick<SessionUser, 'id' | 'username'>,
  kind: RevisionKind,
  opts: { previousStatus?: string | null; restoredFromId?: number; correction?: string } = {},
): Promise<void> {
  const now = await snapshotOf(tx, articleId);
  if (!now) return;
  const { reporterId: _reporter, ...snapshot } = now;
  if (kind === 'EDIT') {
    const last = await latestRevision(tx, articleId);
    if (last && changedFields(last, snapshot).length === 0) return;
  }
  await tx.insert(articleRevisions).values({
    articleId,
    editorId: editor.id,
    editorName: editor.username,
    kind,
    previousStatus: opts.previousStatus ?? null,
    restoredFromId: opts.restoredFromId ?? null,
    correction: opts.correction ?? null,
    ...snapshot,
  });
}

/** Image ids an article and its history hold: all are released when the article is deleted. */
export async function imageIdsHeldBy(tx: DbOrTx, articleId: number): Promise<number[]> {
  const [current, past] = await readAll(tx, [
    () => tx.select({ id: articleImages.imageId }).from(articleImages).where(eq(articleImages.articleId, articleId)),
    () => tx.select({ ids: articleRevisions.imageIds }).from(articleRevisions).where(eq(articleRevisions.articleId, articleId)),
  ]);
  return [...new Set([...current.map((r) => r.id), ...past.flatMap((r) => r.ids)])];
}
