// Live coverage: an admin makes an approved story live and ends it (lifecycle acts 'go-live' and
// 'end-live'); admins and the story's reporter post updates, and an update's author or an admin
// edits or deletes it (the editor becomes its author: the list names who wrote the text). Every act is
// audited in its transaction and announced as a change of the article (changes.write), so its
// cached page and the public list below are dropped. Readers poll the list: it is kept in memory
// per article until a change names the article, and answered with an ETag, so a waiting reader
// costs a 304, never a render. Every answer is one bounded page (contract/live.ts's bounds).
import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import type { Tx } from '../db/client.ts';
import type { Notice } from '../db/changes.ts';
import { createTaggedCache } from '../http/page-cache/tagged-cache.ts';
import { tag } from '../../contract/cache-tags.ts';
import { articles, liveUpdates } from '../db/schema.ts';
import { record, type AuditActor } from '../audit/service.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { adminCaller, type Lifecycle } from '../articles/lifecycle.ts';
import { loadArticle } from '../articles/model.ts';
import { sanitizeArticleHtml } from '../articles/sanitize.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { REVIEW_MESSAGES } from '../../contract/review.ts';
import {
  LIVE_MESSAGES,
  LIVE_PAGE_CHARS,
  LIVE_PAGE_SIZE,
  LIVE_UPDATES_PER_STORY,
  type LiveUpdate,
  type LiveUpdateList,
} from '../../contract/live.ts';
import type { Article } from '../../contract/articles.ts';

type Row = typeof liveUpdates.$inferSelect;
const toUpdate = (r: Row): LiveUpdate => ({
  id: r.id,
  articleId: r.articleId,
  content: r.content,
  authorName: r.authorName,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export function createLiveService(deps: Pick<ServiceDeps, 'db' | 'changes' | 'clock'> & { lifecycle: Lifecycle }) {
  const { db, changes, lifecycle } = deps;
  const lists = createTaggedCache<LiveUpdateList>({
    version: () => changes.version,
    maxBytes: 4 * 1024 * 1024,
    sizeOf: (l) => 512 + l.updates.reduce((n, u) => n + 2 * u.content.length + 256, 0),
  });
  changes.onChange((change) => lists.invalidate(change));

  /**
   * The story locked for an update's act: missing, a draft, or another reporter's is 404; not
   * approved (not public) or, for a new update, not live is 409.
   */
  async function lockStory(tx: Tx, user: SessionUser, id: number, { mustBeLive }: { mustBeLive: boolean }) {
    const [story] = await tx
      .select({
        id: articles.id,
        title: articles.title,
        status: articles.approvalStatus,
        reporterId: articles.reporterId,
        liveSince: articles.liveSince,
        liveEndedAt: articles.liveEndedAt,
      })
      .from(articles)
      .where(eq(articles.id, id))
      .for('update');
    if (!story || story.status === 'DRAFT' || (user.role !== 'ADMIN' && story.reporterId !== user.id))
      throw notFound(REVIEW_MESSAGES.notFound);
    if (story.status !== 'APPROVED') throw conflict(LIVE_MESSAGES.notPublic);
    if (mustBeLive && (!story.liveSince || story.liveEndedAt)) throw conflict(LIVE_MESSAGES.notLive);
    return story;
  }

  const announce = (notice: Notice, articleId: number) => notice({ kind: 'articles', articles: [articleId], categories: [] });
  const actor = (user: SessionUser, ip?: string): AuditActor => ({ id: user.id, username: user.username, ip });

  /** The update to change: 404 when the story has none of that id, 403 unless it is the caller's or the caller is an admin. */
  async function updateOf(tx: Tx, user: SessionUser, articleId: number, updateId: number) {
    const [row] = await tx
      .select()
      .from(liveUpdates)
      .where(and(eq(liveUpdates.id, updateId), eq(liveUpdates.articleId, articleId)));
    if (!row) throw notFound(LIVE_MESSAGES.updateNotFound);
    if (user.role !== 'ADMIN' && row.authorId !== user.id) throw forbidden(LIVE_MESSAGES.notYours);
    return row;
  }

  /**
   * A page of the story's updates, newest first: the newest, or those before `before`. The id is
   * the order: a story's posts are serialised by the lock on its row, so ids follow posting.
   */
  async function page(articleId: number, before?: number) {
    const rows = await db
      .select()
      .from(liveUpdates)
      .where(
        before ? and(eq(liveUpdates.articleId, articleId), lt(liveUpdates.id, before)) : eq(liveUpdates.articleId, articleId),
      )
      .orderBy(desc(liveUpdates.id))
      .limit(LIVE_PAGE_SIZE + 1);
    let taken = 0;
    for (let chars = 0; taken < Math.min(rows.length, LIVE_PAGE_SIZE); taken++) {
      chars += rows[taken].content.length;
      if (taken > 0 && chars > LIVE_PAGE_CHARS) break;
    }
    return { updates: rows.slice(0, taken).map(toUpdate), more: rows.length > taken };
  }

  return {
    /** PUT /api/admin/articles/{id}/live: an approved story goes live (again, if it had ended). */
    async start(id: number, by?: AuditActor): Promise<Article> {
      await changes.write((tx, notice) => lifecycle.move(tx, notice, { act: 'go-live', id, by: adminCaller(by) }));
      return (await loadArticle(db, id, { withReason: true }))!;
    },

    /** DELETE /api/admin/articles/{id}/live: live coverage ends; its updates stay on the page. */
    async end(id: number, by?: AuditActor): Promise<Article> {
      await changes.write((tx, notice) =>
        lifecycle.move(tx, notice, { act: 'end-live', id, by: adminCaller(by) }, async () => {
          const [row] = await tx
            .select({ liveSince: articles.liveSince, liveEndedAt: articles.liveEndedAt })
            .from(articles)
            .where(eq(articles.id, id));
          if (!row?.liveSince || row.liveEndedAt) throw conflict(LIVE_MESSAGES.notLive);
        }),
      );
      return (await loadArticle(db, id, { withReason: true }))!;
    },

    async post(user: SessionUser, articleId: number, { content }: { content: string }, ip?: string): Promise<LiveUpdate> {
      const html = sanitizeArticleHtml(content);
      return changes.write(async (tx, notice) => {
        const story = await lockStory(tx, user, articleId, { mustBeLive: true });
        // Counted under the story's lock: two posts cannot both take the last place.
        const [held] = await tx.select({ n: count() }).from(liveUpdates).where(eq(liveUpdates.articleId, articleId));
        if (held.n >= LIVE_UPDATES_PER_STORY) throw conflict(LIVE_MESSAGES.tooMany);
        const now = deps.clock.now();
        const [row] = await tx
          .insert(liveUpdates)
          .values({ articleId, content: html, authorId: user.id, authorName: user.username, createdAt: now, updatedAt: now })
          .returning();
        await record(tx, {
          actor: actor(user, ip),
          action: 'article.live_update_post',
          objectType: 'article',
          objectId: articleId,
          summary: story.title,
          details: { updateId: row.id },
        });
        announce(notice, articleId);
        return toUpdate(row);
      });
    },

    async edit(user: SessionUser, articleId: number, updateId: number, { content }: { content: string }, ip?: string) {
      const html = sanitizeArticleHtml(content);
      return changes.write(async (tx, notice) => {
        const story = await lockStory(tx, user, articleId, { mustBeLive: false });
        await updateOf(tx, user, articleId, updateId);
        const [row] = await tx
          .update(liveUpdates)
          .set({ content: html, authorId: user.id, authorName: user.username, updatedAt: deps.clock.now() })
          .where(eq(liveUpdates.id, updateId))
          .returning();
        await record(tx, {
          actor: actor(user, ip),
          action: 'article.live_update_edit',
          objectType: 'article',
          objectId: articleId,
          summary: story.title,
          details: { updateId },
        });
        announce(notice, articleId);
        return toUpdate(row);
      });
    },

    async remove(user: SessionUser, articleId: number, updateId: number, ip?: string): Promise<void> {
      await changes.write(async (tx, notice) => {
        const story = await lockStory(tx, user, articleId, { mustBeLive: false });
        await updateOf(tx, user, articleId, updateId);
        await tx.delete(liveUpdates).where(eq(liveUpdates.id, updateId));
        await record(tx, {
          actor: actor(user, ip),
          action: 'article.live_update_delete',
          objectType: 'article',
          objectId: articleId,
          summary: story.title,
          details: { updateId },
        });
        announce(notice, articleId);
      });
    },

    /**
     * GET /api/public/articles/{id}/live-updates: a page of a public story's updates, newest first
     * (the newest, or those before `before`), and whether it is live; null when the story is not
     * public. Kept until a change names the story.
     */
    async publicList(articleId: number, before?: number): Promise<LiveUpdateList | null> {
      if (!Number.isSafeInteger(articleId) || articleId <= 0) return null;
      const key = before ? `${articleId}<${before}` : String(articleId);
      const kept = lists.get(key);
      if (kept) return kept;
      const version = changes.version;
      const [story] = await db
        .select({ liveSince: articles.liveSince, liveEndedAt: articles.liveEndedAt })
        .from(articles)
        .where(and(eq(articles.id, articleId), eq(articles.approvalStatus, 'APPROVED')));
      if (!story) return null;
      const result: LiveUpdateList = {
        live: Boolean(story.liveSince && !story.liveEndedAt),
        liveSince: story.liveSince?.toISOString() ?? null,
        liveEndedAt: story.liveEndedAt?.toISOString() ?? null,
        ...(story.liveSince ? await page(articleId, before) : { updates: [], more: false }),
      };
      lists.set(key, result, version, [tag.article(articleId)]);
      return result;
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
