// Revision history of articles for the author and admins: the list, one revision, the changes
// since a rejection, and restore (an admin's lifecycle act). The revisions themselves are written by
// the lifecycle's transactions (./revision-store.ts).
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { articleCategories, articleImages, articleRevisions, articles, categories, images } from '../db/schema.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { notFound } from '../http/errors.ts';
import type { Lifecycle } from './lifecycle.ts';
import { changedFields, type RevisionRow } from './revision-store.ts';
import { answeringStale } from './versions.ts';
import { loadArticle, toArticleImage } from './model.ts';
import { searchFieldsFor, shortDescriptionFor } from './text.ts';
import { tagNamesOf } from '../tags/service.ts';
import type { Article } from '../../contract/articles.ts';
import { DRAFT_MESSAGES, type ChangesSinceRejection, type Revision, type RevisionSummary } from '../../contract/drafts.ts';

export function createRevisionsService(deps: ServiceDeps & { lifecycle: Lifecycle }) {
  const { db, lifecycle } = deps;

  /** The article if this caller may see its history: its reporter or an admin; drafts have none. */
  async function visibleArticle(user: SessionUser, articleId: number) {
    const [row] = await db
      .select({ reporterId: articles.reporterId, status: articles.approvalStatus })
      .from(articles)
      .where(eq(articles.id, articleId));
    if (!row || row.status === 'DRAFT' || (user.role !== 'ADMIN' && row.reporterId !== user.id))
      throw notFound('Article not found.');
    return row;
  }

  async function toRevisions(rows: RevisionRow[], withBody: boolean): Promise<Revision[]> {
    if (rows.length === 0) return [];
    // The revision before each one (by id), to say what it changed.
    const articleIds = [...new Set(rows.map((r) => r.articleId))];
    const all = await db
      .select()
      .from(articleRevisions)
      .where(inArray(articleRevisions.articleId, articleIds))
      .orderBy(asc(articleRevisions.id));
    const previous = new Map<number, RevisionRow | undefined>();
    const lastOf = new Map<number, RevisionRow>();
    for (const r of all) {
      previous.set(r.id, lastOf.get(r.articleId));
      lastOf.set(r.articleId, r);
    }
    const categoryIds = [...new Set(rows.flatMap((r) => r.categoryIds))];
    const imageIds = [...new Set(rows.flatMap((r) => r.imageIds))];
    const [cats, imgs] = await Promise.all([
      withBody && categoryIds.length
        ? db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, categoryIds))
        : [],
      withBody && imageIds.length ? db.select().from(images).where(inArray(images.id, imageIds)) : [],
    ]);
    const catName = new Map(cats.map((c) => [c.id, c.name]));
    const imageUrl = new Map(imgs.map((i) => [i.id, toArticleImage(i).url]));
    return rows.map((r) => {
      const summary: RevisionSummary = {
        id: r.id,
        articleId: r.articleId,
        kind: r.kind,
        createdAt: r.createdAt.toISOString(),
        editor: { id: r.editorId, name: r.editorName },
        restoredFromId: r.restoredFromId,
        changed: changedFields(previous.get(r.id), r),
        ...(r.correction !== null ? { correction: r.correction } : {}),
      };
      if (!withBody) return summary as Revision;
      return {
        ...summary,
        title: r.title,
        author: r.author,
        content: r.content,
        region: r.region,
        youtubeVideoId: r.youtubeVideoId,
        // A category deleted since is no longer named: it is left out.
        categories: r.categoryIds.flatMap((id) => (catName.has(id) ? [{ id, name: catName.get(id)! }] : [])),
        imageUrls: r.imageIds.flatMap((id) => (imageUrl.has(id) ? [imageUrl.get(id)!] : [])),
        // A picture removed from the article is deleted with its files: counted, so it can be listed as removed.
        imagesNoLongerStored: r.imageIds.filter((id) => !imageUrl.has(id)).length,
      };
    });
  }

  async function revisionRow(articleId: number, revisionId: number): Promise<RevisionRow> {
    const [row] = await db
      .select()
      .from(articleRevisions)
      .where(and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.id, revisionId)));
    if (!row) throw notFound(DRAFT_MESSAGES.revisionNotFound);
    return row;
  }

  return {
    /** GET /api/articles/{id}/revisions: newest first, what each changed, without the bodies. */
    async list(user: SessionUser, articleId: number): Promise<RevisionSummary[]> {
      await visibleArticle(user, articleId);
      const rows = await db
        .select()
        .from(articleRevisions)
        .where(eq(articleRevisions.articleId, articleId))
        .orderBy(desc(articleRevisions.id));
      return toRevisions(rows, false);
    },

    /** GET /api/articles/{id}/revisions/{revId}: one revision in full. */
    async get(user: SessionUser, articleId: number, revisionId: number): Promise<Revision> {
      await visibleArticle(user, articleId);
      return (await toRevisions([await revisionRow(articleId, revisionId)], true))[0];
    },

    /**
     * GET /api/admin/articles/{id}/changes-since-rejection: for an article its reporter resubmitted
     * after a rejection, the revision the admin rejected (the one before the latest resubmission)
     * and the latest revision. Null when the article was never resubmitted.
     */
    async sinceRejection(user: SessionUser, articleId: number): Promise<ChangesSinceRejection> {
      await visibleArticle(user, articleId);
      const [resubmission] = await db
        .select({ id: articleRevisions.id })
        .from(articleRevisions)
        .where(and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.kind, 'RESUBMIT')))
        .orderBy(desc(articleRevisions.id))
        .limit(1);
      if (!resubmission) return null;
      const [[before], [after]] = await Promise.all([
        db
          .select()
          .from(articleRevisions)
          .where(and(eq(articleRevisions.articleId, articleId), lt(articleRevisions.id, resubmission.id)))
          .orderBy(desc(articleRevisions.id))
          .limit(1),
        db
          .select()
          .from(articleRevisions)
          .where(eq(articleRevisions.articleId, articleId))
          .orderBy(desc(articleRevisions.id))
          .limit(1),
      ]);
      if (!before) return null;
      const [b, a] = await toRevisions([before, after], true);
      return { before: b, after: a };
    },

    /**
     * POST /api/admin/articles/{id}/revisions/{revId}/restore: the article takes the revision's
     * text, categories, images, region and video again (status kept); the restore is itself a new
     * revision. Categories deleted since are left out (none left: the current ones stay); so are
     * images no longer stored.
     */
    async restore(
      user: SessionUser,
      articleId: number,
      revisionId: number,
      ip?: string,
      version?: number,
    ): Promise<{ message: string; article: Article }> {
      const by = { ...user, ip };
      const write = () =>
        deps.changes.write((tx, notice) =>
          lifecycle.move(tx, notice, { act: 'restore', id: articleId, by, expectVersion: version }, async ({ status }) => {
            const [rev] = await tx
              .select()
              .from(articleRevisions)
              .where(and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.id, revisionId)));
            if (!rev) throw notFound(DRAFT_MESSAGES.revisionNotFound);
            // One connection: the reads go one after another.
            const [{ summary }] = await tx.select({ summary: articles.summary }).from(articles).where(eq(articles.id, articleId));
            const liveCats = rev.categoryIds.length
              ? await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, rev.categoryIds))
              : [];
            const liveImages = rev.imageIds.length
              ? await tx.select({ id: images.id }).from(images).where(inArray(images.id, rev.imageIds))
              : [];
            const catIds = rev.categoryIds.filter((id) => liveCats.some((c) => c.id === id));
            const imageIds = rev.imageIds.filter((id) => liveImages.some((i) => i.id === id));
            if (catIds.length) {
              await tx.delete(articleCategories).where(eq(articleCategories.articleId, articleId));
              await tx
                .insert(articleCategories)
                .values(catIds.map((categoryId, position) => ({ articleId, categoryId, position })));
            }
            // Images dropped from the article stay stored: the history still shows them.
            if (imageIds.length) {
              await tx.delete(articleImages).where(eq(articleImages.articleId, articleId));
              await tx.insert(articleImages).values(imageIds.map((imageId, position) => ({ articleId, imageId, position })));
            }
            return {
              set: {
                title: rev.title,
                author: rev.author,
                content: rev.content,
                region: rev.region,
                youtubeVideoId: rev.youtubeVideoId,
                // The reporter's own summary is not part of the history: it stays.
                shortDescription: shortDescriptionFor(rev.content, summary),
                // Tags are not part of the history either: they stay, and stay searchable.
                ...searchFieldsFor(rev.title, rev.content, await tagNamesOf(tx, articleId)),
              },
              summary: rev.title,
              details: { revisionId: rev.id, status },
              restoredFromId: rev.id,
            };
          }),
        );
      // A restore based on an older version is refused (409 with the story as it is now).
      await answeringStale(db, write);
      return { message: DRAFT_MESSAGES.restored, article: (await loadArticle(db, articleId, { withReason: true }))! };
    },
  };
}
export type RevisionsService = ReturnType<typeof createRevisionsService>;
