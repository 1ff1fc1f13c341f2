// Saved stories: a signed-in reader keeps a story to read later. Only a public (APPROVED) story can
// be saved; one that stops being public drops out of the list (its row stays, so it comes back if
// the story is published again). Nothing here changes what other readers see: no change notice.
import { and, count, desc, eq } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { articles, savedArticles } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { isApproved, withoutBody } from '../articles/public-service.ts';
import { loadArticles } from '../articles/model.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { SAVED_MESSAGES, type SavedPage } from '../../contract/saved.ts';

export function createSavedService({ db }: ServiceDeps) {
  const mine = (user: SessionUser) => and(eq(savedArticles.userId, user.id), isApproved);

  async function stateOf(user: SessionUser, articleId: number) {
    const [row] = await db
      .select({ savedAt: savedArticles.savedAt })
      .from(savedArticles)
      .innerJoin(articles, eq(articles.id, savedArticles.articleId))
      .where(and(mine(user), eq(savedArticles.articleId, articleId)));
    return { saved: Boolean(row), savedAt: row?.savedAt.toISOString() ?? null };
  }

  return {
    /** POST /api/me/saved/{articleId}: saved once; saving again keeps the first time. Not public: 404. */
    async save(user: SessionUser, articleId: number) {
      const [article] = articleId
        ? await db
            .select({ id: articles.id })
            .from(articles)
            .where(and(eq(articles.id, articleId), isApproved))
        : [];
      if (!article) throw notFound(SAVED_MESSAGES.notPublic);
      const inserted = await db
        .insert(savedArticles)
        .values({ userId: user.id, articleId })
        .onConflictDoNothing()
        .returning({ articleId: savedArticles.articleId });
      return { created: inserted.length > 0, state: await stateOf(user, articleId) };
    },

    /** DELETE /api/me/saved/{articleId}: gone from the list (not saved: nothing to do). */
    async unsave(user: SessionUser, articleId: number) {
      await db.delete(savedArticles).where(and(eq(savedArticles.userId, user.id), eq(savedArticles.articleId, articleId)));
    },

    /** GET /api/me/saved/{articleId}: whether this story is on the reader's list. */
    state: stateOf,

    /** GET /api/me/saved: public stories only, newest saved first. */
    async list(user: SessionUser, page: number, size: number): Promise<SavedPage> {
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ id: savedArticles.articleId, savedAt: savedArticles.savedAt })
          .from(savedArticles)
          .innerJoin(articles, eq(articles.id, savedArticles.articleId))
          .where(mine(user))
          .orderBy(desc(savedArticles.savedAt), desc(savedArticles.articleId))
          .limit(size)
          .offset(page * size),
        db
          .select({ total: count() })
          .from(savedArticles)
          .innerJoin(articles, eq(articles.id, savedArticles.articleId))
          .where(mine(user)),
      ]);
      const savedAt = new Map(rows.map((r) => [r.id, r.savedAt.toISOString()]));
      const list = withoutBody(
        await loadArticles(
          db,
          rows.map((r) => r.id),
        ),
      );
      return {
        content: list.map(({ content: _content, ...a }) => ({ ...a, savedAt: savedAt.get(a.id)! })),
        totalElements: total,
        totalPages: Math.ceil(total / size),
      };
    },
  };
}
export type SavedService = ReturnType<typeof createSavedService>;
