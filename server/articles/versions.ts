// A write based on an older version of a story (issue 37): the lifecycle refuses it under the row
// lock (StaleVersion, ./lifecycle.ts), the transaction rolls back, and this answers 409 with the
// story as it is now, who saved that version and when.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { articles, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { loadArticle } from './model.ts';
import { StaleVersion } from './lifecycle.ts';
import { VERSION_MESSAGES, type VersionConflict } from '../../contract/editing.ts';

/** The 409 body of a stale write on article `id`. */
export async function versionConflict(db: DbOrTx, id: number): Promise<VersionConflict> {
  const [[row], article] = await Promise.all([
    db
      .select({ changedAt: articles.changedAt, username: users.username, displayName: users.displayName })
      .from(articles)
      .leftJoin(users, eq(users.id, articles.changedById))
      .where(eq(articles.id, id)),
    loadArticle(db, id, { withReason: true }),
  ]);
  return {
    message: VERSION_MESSAGES.stale,
    version: article?.version,
    article: article ?? undefined,
    changedBy: row?.username ? { username: row.username, displayName: row.displayName || row.username } : null,
    changedAt: row?.changedAt?.toISOString() ?? null,
  };
}

/** Runs a version-checked write; a StaleVersion becomes the 409 (read after the rollback). */
export async function answeringStale<T>(db: DbOrTx, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof StaleVersion)) throw error;
    const { message, ...extra } = await versionConflict(db, error.articleId);
    throw new HttpError(409, message, undefined, extra);
  }
}
