// Who is editing a story (issue 37): each edit or review screen beats every HEARTBEAT_MS; a person
// is editing from their first beat until EDITING_EXPIRES_MS after their last. Held in the
// database (article_editors), so every instance answers the same list. A takeover marks the others'
// rows: their next beat learns who took over, and their screen turns read-only. Time is the
// service's Clock, so tests reach an expiry without sleeping.
import { and, asc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { articleEditors, articles, users } from '../db/schema.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { notFound } from '../http/errors.ts';
import { NO_EDITING_NOTICES, type EditingNotices } from './notices.ts';
import { EDITING_EXPIRES_MS, type Editor, type Heartbeat, type Person } from '../../contract/editing.ts';
import { REVIEW_MESSAGES } from '../../contract/review.ts';

const personOf = (u: { username: string; displayName: string | null }): Person => ({
  username: u.username,
  displayName: u.displayName || u.username,
});

export function createEditingService(deps: Pick<ServiceDeps, 'db' | 'clock'> & { notices?: EditingNotices }) {
  const { db, clock } = deps;
  const notices = deps.notices ?? NO_EDITING_NOTICES;
  const cutoff = (now: Date) => new Date(now.getTime() - EDITING_EXPIRES_MS);

  /**
   * The story if the caller may edit it: an admin any story past the draft line; a reporter their
   * own pending or rejected one. Anything else is 404 (a reporter never learns of another's).
   */
  async function editable(user: SessionUser, id: number) {
    const [row] = await db
      .select({ status: articles.approvalStatus, reporterId: articles.reporterId, version: articles.version })
      .from(articles)
      .where(eq(articles.id, id));
    const may =
      row &&
      row.status !== 'DRAFT' &&
      (user.role === 'ADMIN' ||
        (user.role === 'REPORTER' && row.reporterId === user.id && (row.status === 'PENDING' || row.status === 'REJECTED')));
    if (!may) throw notFound(REVIEW_MESSAGES.notFound);
    return row;
  }

  /** Who is editing `id` now (taken-over and expired rows left out), first arrival first. */
  async function editorsOf(tx: DbOrTx, id: number, now: Date, except?: number): Promise<Editor[]> {
    const rows = await tx
      .select({ username: users.username, displayName: users.displayName, since: articleEditors.since })
      .from(articleEditors)
      .innerJoin(users, eq(users.id, articleEditors.userId))
      .where(
        and(
          eq(articleEditors.articleId, id),
          gt(articleEditors.seenAt, cutoff(now)),
          isNull(articleEditors.takenOverById),
          except === undefined ? undefined : ne(articleEditors.userId, except),
        ),
      )
      .orderBy(asc(articleEditors.since), asc(users.username));
    return rows.map((r) => ({ ...personOf(r), since: r.since.toISOString() }));
  }

  /**
   * One beat in one statement: a new or expired row starts afresh (since now); a live row is seen
   * now; a taken-over row stays as it is, so the beat answers who took over.
   */
  async function upsertBeat(tx: DbOrTx, id: number, userId: number, now: Date, fresh = false) {
    const expired = fresh ? sql`true` : sql`${articleEditors.seenAt} <= ${cutoff(now)}`;
    const keep = sql`(${articleEditors.takenOverById} is not null and not ${expired})`;
    const [row] = await tx
      .insert(articleEditors)
      .values({ articleId: id, userId, since: now, seenAt: now })
      .onConflictDoUpdate({
        target: [articleEditors.articleId, articleEditors.userId],
        set: {
          since: sql`case when ${expired} then excluded.since else ${articleEditors.since} end`,
          takenOverById: sql`case when ${expired} then null else ${articleEditors.takenOverById} end`,
          takenOverAt: sql`case when ${expired} then null else ${articleEditors.takenOverAt} end`,
          seenAt: sql`case when ${keep} then ${articleEditors.seenAt} else excluded.seen_at end`,
        },
      })
      .returning({ since: articleEditors.since, takenOverById: articleEditors.takenOverById, at: articleEditors.takenOverAt });
    return row;
  }

  async function answer(tx: DbOrTx, id: number, userId: number, now: Date, version: number): Promise<Heartbeat> {
    const row = await upsertBeat(tx, id, userId, now);
    const [taker] = row.takenOverById
      ? await tx
          .select({ username: users.username, displayName: users.displayName })
          .from(users)
          .where(eq(users.id, row.takenOverById))
      : [];
    return {
      editors: await editorsOf(tx, id, now, userId),
      since: row.since.toISOString(),
      takenOverBy: taker ? { ...personOf(taker), at: (row.at ?? now).toISOString() } : null,
      version,
    };
  }

  return {
    /** GET /api/articles/{id}/editing. */
    async list(user: SessionUser, id: number): Promise<{ editors: Editor[] }> {
      await editable(user, id);
      return { editors: await editorsOf(db, id, clock.now()) };
    },

    /** POST /api/articles/{id}/editing: the caller's screen is open; `version`, the one it started from. */
    async beat(user: SessionUser, id: number, version?: number): Promise<Heartbeat> {
      const article = await editable(user, id);
      const now = clock.now();
      // Expired rows of this story go as it is beaten: the table holds only the screens open now.
      await db.delete(articleEditors).where(and(eq(articleEditors.articleId, id), lt(articleEditors.seenAt, cutoff(now))));
      const beat = await answer(db, id, user.id, now, article.version);
      if (version !== undefined && version < article.version)
        await notices.newerVersionSaved({ articleId: id, userId: user.id, version: article.version });
      return beat;
    },

    /** POST /api/articles/{id}/editing/takeover: the others' rows are marked; the caller edits from now. */
    async takeover(user: SessionUser, id: number): Promise<Heartbeat> {
      const article = await editable(user, id);
      const now = clock.now();
      const { beat, from } = await db.transaction(async (tx) => {
        const taken = await tx
          .update(articleEditors)
          .set({ takenOverById: user.id, takenOverAt: now })
          .where(
            and(
              eq(articleEditors.articleId, id),
              ne(articleEditors.userId, user.id),
              gt(articleEditors.seenAt, cutoff(now)),
              isNull(articleEditors.takenOverById),
            ),
          )
          .returning({ userId: articleEditors.userId });
        await upsertBeat(tx, id, user.id, now, true);
        return { beat: await answer(tx, id, user.id, now, article.version), from: taken.map((t) => t.userId) };
      });
      if (from.length) await notices.takenOver({ articleId: id, byUserId: user.id, userIds: from });
      return beat;
    },

    /** DELETE /api/articles/{id}/editing: the caller left the screen. */
    async leave(user: SessionUser, id: number): Promise<void> {
      await db.delete(articleEditors).where(and(eq(articleEditors.articleId, id), eq(articleEditors.userId, user.id)));
    },

    /** GET /api/articles/editing?ids=: which of these someone is editing (those the caller may see). */
    async marks(user: SessionUser, ids: number[]): Promise<{ articles: number[] }> {
      if (ids.length === 0) return { articles: [] };
      const rows = await db
        .selectDistinct({ id: articleEditors.articleId })
        .from(articleEditors)
        .innerJoin(articles, eq(articles.id, articleEditors.articleId))
        .where(
          and(
            inArray(articleEditors.articleId, ids),
            gt(articleEditors.seenAt, cutoff(clock.now())),
            isNull(articleEditors.takenOverById),
            ne(articleEditors.userId, user.id),
            user.role === 'ADMIN' ? ne(articles.approvalStatus, 'DRAFT') : eq(articles.reporterId, user.id),
          ),
        );
      return { articles: rows.map((r) => r.id).sort((a, b) => a - b) };
    },
  };
}
export type EditingService = ReturnType<typeof createEditingService>;
