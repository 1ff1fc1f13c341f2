// Drafts: a reporter's unfinished article (status DRAFT), seen by its author only: never public,
// never in the admin queue or any other list; other callers get 404. Saved again and again
// (autosave), each save naming the version it was based on; submitting applies the create rules
// and makes it PENDING like POST /api/articles.
//
// Images: uploaded once. A save's `images` files are added after the kept ones; the `article`
// part's `imageUrls` (optional) lists the stored images to keep, in order; absent keeps them all.
// An image left out is released (./images.ts). At most 4 in all.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import type { Tx } from '../db/client.ts';
import { articleCategories, articles } from '../db/schema.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { IncomingFile, PreparedImage } from '../media/images.ts';
import { badRequest, HttpError, notFound, parseOr400 } from '../http/errors.ts';
import { loadArticle, loadArticles } from './model.ts';
import { sanitizeArticleHtml } from './sanitize.ts';
import { searchFieldsFor, shortDescriptionFor } from './text.ts';
import { writeArticleTags } from '../tags/service.ts';
import { checkCategories, prepareArticleImages, withPreparedImages } from './service.ts';
import type { Lifecycle } from './lifecycle.ts';
import { checkImageCount, writeArticleImages } from './images.ts';
import type { Article } from '../../contract/articles.ts';
import { ArticleCreateSchema, type ImageOrderEntry } from '../../contract/article-form.ts';
import { DRAFT_MESSAGES, type Draft, type DraftSaveInput } from '../../contract/drafts.ts';

/** Thrown inside a transaction when a save is based on an older version; answered after rollback. */
class StaleDraft extends Error {}

type Upload = IncomingFile & { truncated?: boolean };

export function createDraftsService(deps: ServiceDeps & { lifecycle: Lifecycle }) {
  const { db, lifecycle } = deps;

  async function toDrafts(ids: number[]): Promise<Draft[]> {
    const [list, rows] = await Promise.all([
      loadArticles(db, ids, { withReason: true }),
      ids.length
        ? db
            .select({ id: articles.id, version: articles.version, updatedAt: articles.updatedAt })
            .from(articles)
            .where(inArray(articles.id, ids))
        : [],
    ]);
    const meta = new Map(rows.map((r) => [r.id, r]));
    return list.map((a) => ({ ...a, version: meta.get(a.id)!.version, updatedAt: meta.get(a.id)!.updatedAt.toISOString() }));
  }
  const draftOf = async (id: number) => (await toDrafts([id]))[0];

  function fields(input: DraftSaveInput, tagNames: readonly string[]) {
    const content = sanitizeArticleHtml(input.content);
    return {
      title: input.title.trim(),
      author: input.author.trim(),
      content,
      region: input.region.trim() || null,
      district: input.district,
      youtubeVideoId: input.youtubeVideoId,
      summary: input.summary,
      shortDescription: shortDescriptionFor(content, input.summary),
      ...searchFieldsFor(input.title, content, tagNames),
    };
  }

  async function prepareAll(files: Upload[]) {
    checkImageCount(files.length, { required: false });
    return prepareArticleImages(deps, files);
  }

  /** The draft's images become `order` (absent: the stored ones stay), then the uploads it does not place. */
  const writeImages = (tx: Tx, id: number, order: ImageOrderEntry[] | undefined, prepared: PreparedImage[]) =>
    writeArticleImages(tx, deps.images, id, order, prepared, { required: false });

  async function writeCategories(tx: Tx, id: number, ids: number[]) {
    await tx.delete(articleCategories).where(eq(articleCategories.articleId, id));
    if (ids.length)
      await tx.insert(articleCategories).values(ids.map((categoryId, position) => ({ articleId: id, categoryId, position })));
  }

  /** Refuses a save based on an older version (409 offering the newer draft, once rolled back). */
  function checkVersion(version: number | undefined, stored: number) {
    if (version === undefined) throw badRequest(DRAFT_MESSAGES.versionRequired, { version: DRAFT_MESSAGES.versionRequired });
    if (version !== stored) throw new StaleDraft();
  }

  async function answerStale<T>(id: number, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StaleDraft)) throw error;
      const draft = await draftOf(id);
      throw new HttpError(409, DRAFT_MESSAGES.stale, undefined, { version: draft.version, draft });
    }
  }

  async function save(user: SessionUser, id: number, input: DraftSaveInput, files: Upload[]): Promise<Draft> {
    const prepared = await prepareAll(files);
    await answerStale(id, () =>
      withPreparedImages(deps, prepared, () =>
        deps.changes.write((tx, notice) =>
          lifecycle.move(tx, notice, { act: 'save-draft', id, by: user }, async (draft) => {
            checkVersion(input.version, draft.version);
            await checkCategories(tx, input.categoryIds, user.role);
            await writeCategories(tx, id, input.categoryIds);
            await writeImages(tx, id, input.imageOrder ?? input.imageUrls, prepared);
            const tagNames = await writeArticleTags(tx, id, input.tags);
            return { set: fields(input, tagNames) };
          }),
        ),
      ),
    );
    return draftOf(id);
  }

  return {
    /** POST /api/articles/drafts: a new draft; nothing is required yet, images optional. */
    async create(user: SessionUser, input: DraftSaveInput, files: Upload[]): Promise<Draft> {
      const prepared = await prepareAll(files);
      const id = await withPreparedImages(deps, prepared, () =>
        deps.changes.write((tx, notice) =>
          lifecycle.start(tx, notice, { act: 'draft', by: user }, async (approvalStatus) => {
            await checkCategories(tx, input.categoryIds, user.role);
            const [row] = await tx
              .insert(articles)
              .values({ ...fields(input, input.tags ?? []), reporterId: user.id, approvalStatus, version: 1 })
              .returning({ id: articles.id });
            await writeCategories(tx, row.id, input.categoryIds);
            await writeArticleTags(tx, row.id, input.tags ?? []);
            await writeImages(tx, row.id, [], prepared);
            return row.id;
          }),
        ),
      );
      return draftOf(id);
    },

    /** PUT /api/articles/drafts/{id}: needs the version it was based on; a stale one is 409. */
    save,

    /** GET /api/reporter/articles/drafts: the caller's drafts, last saved first. */
    async listOwn(user: SessionUser): Promise<Draft[]> {
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.reporterId, user.id), eq(articles.approvalStatus, 'DRAFT')))
        .orderBy(desc(articles.updatedAt), desc(articles.id))
        .limit(200);
      return toDrafts(rows.map((r) => r.id));
    },

    /** GET /api/reporter/articles/drafts/{id}: reopening the form. */
    async getOwn(user: SessionUser, id: number): Promise<Draft> {
      const [row] = await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.id, id), eq(articles.reporterId, user.id), eq(articles.approvalStatus, 'DRAFT')));
      if (!row) throw notFound(DRAFT_MESSAGES.notFound);
      return draftOf(id);
    },

    /** DELETE /api/reporter/articles/drafts/{id}: the draft and its images. */
    async remove(user: SessionUser, id: number): Promise<void> {
      await deps.changes.write((tx, notice) => lifecycle.move(tx, notice, { act: 'delete-draft', id, by: user }));
    },

    /**
     * POST /api/articles/drafts/{id}/submit: an optional last save (same body as PUT), then the
     * create rules (title, author, category, region, 1-4 images, video id) on the stored draft;
     * it becomes a PENDING article, submitted now, with its first revision.
     */
    async submit(user: SessionUser, id: number, input: DraftSaveInput | undefined, files: Upload[]): Promise<Article> {
      if (input !== undefined) await save(user, id, input, files);
      await deps.changes.write((tx, notice) =>
        lifecycle.move(tx, notice, { act: 'submit', id, by: user }, async () => {
          const [stored] = await loadArticles(tx, [id], { withReason: true });
          // The create rules, on the draft as stored.
          const input = parseOr400(ArticleCreateSchema, {
            title: stored.title,
            author: stored.author,
            content: stored.content,
            youtubeVideoId: stored.youtubeVideoId,
            categoryIds: stored.categories.map((c) => c.id),
            region: stored.region ?? '',
            district: stored.district,
            summary: stored.summary,
            tags: stored.tags?.map((t) => t.name),
          });
          checkImageCount(stored.imageUrls.length, { required: true });
          await checkCategories(tx, input.categoryIds, user.role);
        }),
      );
      return (await loadArticle(db, id, { withReason: true }))!;
    },
  };
}
export type DraftsService = ReturnType<typeof createDraftsService>;
