// About Us: one page (content + up to 4 images). See docs/product.md.
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ServiceDeps } from '../service-deps.ts';
import { record, type AuditActor } from '../audit/service.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { aboutUs, aboutUsImages, images } from '../db/schema.ts';
import { badRequest, notFound, parseOr400 } from '../http/errors.ts';
import { sanitizeArticleHtml } from '../articles/sanitize.ts';
import { toArticleImage } from '../articles/model.ts';
import type { IncomingFile, PreparedImage } from '../media/images.ts';
import { isUniqueViolation } from '../db/sql.ts';
import { createAboutRevisions, keepAboutRevision } from './revisions.ts';
import { ABOUT_MESSAGES, MAX_ABOUT_CONTENT, MAX_ABOUT_IMAGES, type AboutUs } from '../../contract/about.ts';

const ContentSchema = z.string({ error: 'content must be text' }).max(MAX_ABOUT_CONTENT, ABOUT_MESSAGES.contentTooLong);
const KeepSchema = z.array(z.string(), { error: ABOUT_MESSAGES.badKeepList }).max(MAX_ABOUT_IMAGES, ABOUT_MESSAGES.tooManyImages);

/** Input as the routes read it from the multipart form. */
export type AboutInput = {
  content?: unknown;
  /**
   * PUT only. A JSON array of the current image URLs to keep, in the order to show them; new
   * uploads follow them. Absent means "keep every current image" so a text-only edit never
   * loses pictures; '[]' removes them all. Removed images are released (rows and files).
   */
  keepImageUrls?: unknown;
  files: IncomingFile[];
};

export function createAboutService(deps: ServiceDeps) {
  const { db, images: pipeline, changes } = deps;
  async function currentImages(tx: DbOrTx = db) {
    return tx
      .select({ position: aboutUsImages.position, image: images })
      .from(aboutUsImages)
      .innerJoin(images, eq(images.id, aboutUsImages.imageId))
      .orderBy(asc(aboutUsImages.position));
  }

  async function get(): Promise<AboutUs | null> {
    const [row] = await db.select().from(aboutUs).where(eq(aboutUs.id, 1));
    if (!row) return null;
    const list = (await currentImages()).map((r) => toArticleImage(r.image));
    return { content: row.content, imageUrls: list.map((i) => i.url), images: list };
  }

  function parseContent(value: unknown): string | undefined {
    if (value === undefined) return undefined;
    return sanitizeArticleHtml(parseOr400(ContentSchema, value));
  }

  /** Checks the count first (cheap), then every file by its bytes; nothing is written yet. */
  async function prepareAll(files: IncomingFile[], alreadyKept: number): Promise<PreparedImage[]> {
    if (alreadyKept + files.length > MAX_ABOUT_IMAGES) throw badRequest(ABOUT_MESSAGES.tooManyImages);
    const prepared: PreparedImage[] = [];
    for (const file of files) prepared.push(await pipeline.prepare(file, 'about'));
    return prepared;
  }

  /** Runs `work` in a transaction; if it fails, the new files are removed again. */
  /** One write announcing the About Us change; the prepared files go again if it fails. */
  async function withPrepared<T>(prepared: PreparedImage[], work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await changes.write((tx, notice) => {
        notice({ kind: 'about' });
        return work(tx);
      });
    } catch (error) {
      await pipeline.discard(prepared);
      throw error;
    }
  }

  return {
    /** The page, or null when none exists (GET answers 204). */
    get,

    /** Its text's history: list, one, restore (./revisions.ts). */
    revisions: createAboutRevisions(deps),

    /** POST: only when none exists (400 otherwise, docs/product.md). */
    async create(input: AboutInput, actor?: AuditActor): Promise<AboutUs> {
      const content = parseContent(input.content) ?? '';
      const [existing] = await db.select({ id: aboutUs.id }).from(aboutUs).where(eq(aboutUs.id, 1));
      if (existing) throw badRequest(ABOUT_MESSAGES.alreadyExists);
      const prepared = await prepareAll(input.files, 0);
      try {
        await withPrepared(prepared, async (tx) => {
          await tx.insert(aboutUs).values({ id: 1, content });
          await keepAboutRevision(tx, 'CREATE', content, actor);
          const stored = prepared.length ? await pipeline.store(prepared, tx) : [];
          if (stored.length)
            await tx.insert(aboutUsImages).values(stored.map((img, position) => ({ position, imageId: img.id })));
          await record(tx, {
            actor,
            action: 'about.update',
            objectType: 'about',
            summary: 'created',
            details: { images: stored.length },
          });
        });
      } catch (error) {
        // Two admins saving at once: the second one hits the single-row key.
        if (isUniqueViolation(error)) throw badRequest(ABOUT_MESSAGES.alreadyExists);
        throw error;
      }
      return (await get())!;
    },

    /** PUT: content and images of the existing page (see AboutInput.keepImageUrls). */
    async update(input: AboutInput, actor?: AuditActor): Promise<AboutUs> {
      const content = parseContent(input.content);
      let keep: string[] | undefined;
      if (input.keepImageUrls !== undefined) {
        let raw: unknown;
        try {
          raw = typeof input.keepImageUrls === 'string' ? JSON.parse(input.keepImageUrls) : input.keepImageUrls;
        } catch {
          throw badRequest(ABOUT_MESSAGES.badKeepList);
        }
        keep = parseOr400(KeepSchema, raw);
      }
      const [existing] = await db.select({ id: aboutUs.id, content: aboutUs.content }).from(aboutUs).where(eq(aboutUs.id, 1));
      if (!existing) throw notFound(ABOUT_MESSAGES.notFound);
      const before = (await currentImages()).map((r) => ({ id: r.image.id, url: toArticleImage(r.image).url }));
      const kept = keep === undefined ? before : [...new Set(keep)].flatMap((url) => before.filter((b) => b.url === url));
      const prepared = await prepareAll(input.files, kept.length);
      await withPrepared(prepared, async (tx) => {
        if (content !== undefined) await tx.update(aboutUs).set({ content, updatedAt: new Date() }).where(eq(aboutUs.id, 1));
        if (content !== undefined && content !== existing.content)
          await keepAboutRevision(tx, 'EDIT', content, actor, { before: existing.content });
        else await tx.update(aboutUs).set({ updatedAt: new Date() }).where(eq(aboutUs.id, 1));
        const stored = prepared.length ? await pipeline.store(prepared, tx) : [];
        const order = [...kept.map((k) => k.id), ...stored.map((s) => s.id)];
        await tx.delete(aboutUsImages);
        if (order.length) await tx.insert(aboutUsImages).values(order.map((imageId, position) => ({ position, imageId })));
        const keptIds = new Set(kept.map((k) => k.id));
        const removed = before.filter((b) => !keptIds.has(b.id)).map((b) => b.id);
        if (removed.length) await pipeline.release(removed, tx);
        await record(tx, {
          actor,
          action: 'about.update',
          objectType: 'about',
          summary: 'updated',
          details: { contentChanged: content !== undefined, images: order.length, added: stored.length, removed: removed.length },
        });
      });
      return (await get())!;
    },
  };
}
export type AboutService = ReturnType<typeof createAboutService>;
