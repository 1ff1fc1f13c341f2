// An article's pictures on a save: the order the caller asks for (kept images and new uploads),
// checked against what the article has, written in the save's transaction. Used by the edit
// (PUT /api/articles/{id}) and by draft saves. The first picture is the cover.
//
// Files: new uploads are prepared (checked by their bytes, re-encoded) before the transaction and
// written by it; if it fails the caller discards them. A picture the save leaves out is released:
// its row goes in the transaction and its files (every variant and the share JPEG) once the
// transaction has ended, unless another row still uses them (server/media/images.ts).
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { articleImages, images } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import type { ImagePipeline, PreparedImage } from '../media/images.ts';
import { toArticleImage } from './model.ts';
import { MAX_ARTICLE_IMAGES } from '../../contract/articles.ts';
import { ARTICLE_MESSAGES, type ImageOrderEntry } from '../../contract/article-form.ts';

/** A place in the new order: an image the article keeps, or the n-th upload of the request. */
type Slot = { imageId: number } | { upload: number };

const imagesError = (message: string) => badRequest(message, { images: message });

/** The article's images now, in order, with the URL the article JSON lists for each. */
async function currentImages(tx: Tx, articleId: number) {
  const rows = await tx
    .select({ image: images })
    .from(articleImages)
    .innerJoin(images, eq(images.id, articleImages.imageId))
    .where(eq(articleImages.articleId, articleId))
    .orderBy(asc(articleImages.position));
  return rows.map((r) => ({ id: r.image.id, url: toArticleImage(r.image).url }));
}

/**
 * The order a save asks for, checked: every kept entry names an image the article has (by id or
 * URL), none twice; every upload index names a file of the request, none twice. Uploads the order
 * leaves out follow it, in the order they came. Without an order the images stay as they are and
 * the uploads follow them.
 */
export function resolveImageOrder(
  current: { id: number; url: string }[],
  order: readonly ImageOrderEntry[] | undefined,
  uploads: number,
): Slot[] {
  const slots: Slot[] = [];
  const kept = new Set<number>();
  const placed = new Set<number>();
  for (const entry of order ?? current.map((c) => c.id)) {
    if (typeof entry === 'object') {
      if (entry.upload >= uploads) throw imagesError(ARTICLE_MESSAGES.unknownUpload(entry.upload));
      if (placed.has(entry.upload)) throw imagesError(ARTICLE_MESSAGES.repeatedImage);
      placed.add(entry.upload);
      slots.push(entry);
      continue;
    }
    // The same picture uploaded twice has one URL: a URL names the first of its images not yet placed.
    const match = current.find((c) => (typeof entry === 'number' ? c.id === entry : c.url === entry) && !kept.has(c.id));
    if (!match) {
      const named = current.some((c) => (typeof entry === 'number' ? c.id === entry : c.url === entry));
      throw imagesError(named ? ARTICLE_MESSAGES.repeatedImage : ARTICLE_MESSAGES.unknownImage);
    }
    kept.add(match.id);
    slots.push({ imageId: match.id });
  }
  for (let upload = 0; upload < uploads; upload++) if (!placed.has(upload)) slots.push({ upload });
  return slots;
}

/** The count rule of an article (1 to 4) or of a draft (0 to 4). */
export function checkImageCount(count: number, { required }: { required: boolean }) {
  if (required && count === 0) throw imagesError(ARTICLE_MESSAGES.imagesRequired);
  if (count > MAX_ARTICLE_IMAGES) throw imagesError(ARTICLE_MESSAGES.tooManyImages);
}

/**
 * Makes the article's images the given order in `tx`: stores the prepared uploads, rewrites the
 * positions and releases the images left out. Returns how many were added and removed. Nothing is
 * written, and the count rule not applied, when the order is the one the article already has and
 * nothing is uploaded.
 */
export async function writeArticleImages(
  tx: Tx,
  pipeline: ImagePipeline,
  articleId: number,
  order: readonly ImageOrderEntry[] | undefined,
  prepared: PreparedImage[],
  rule: { required: boolean },
): Promise<{ added: number; removed: number }> {
  const current = await currentImages(tx, articleId);
  const slots = resolveImageOrder(current, order, prepared.length);
  const keptIds = slots.flatMap((s) => ('imageId' in s ? [s.imageId] : []));
  const unchanged = prepared.length === 0 && keptIds.length === current.length && keptIds.every((id, i) => id === current[i].id);
  // An article stored without pictures (an old import) may still be saved with its pictures untouched.
  if (unchanged) return { added: 0, removed: 0 };
  checkImageCount(slots.length, rule);
  const stored = await pipeline.store(prepared, tx);
  const ids = slots.map((s) => ('imageId' in s ? s.imageId : stored[s.upload].id));
  await tx.delete(articleImages).where(eq(articleImages.articleId, articleId));
  if (ids.length) await tx.insert(articleImages).values(ids.map((imageId, position) => ({ articleId, imageId, position })));
  const dropped = current.map((c) => c.id).filter((id) => !keptIds.includes(id));
  await releaseUnused(tx, pipeline, articleId, dropped);
  return { added: prepared.length, removed: dropped.length };
}

/** Releases the images no other article shows (an image row is normally one article's alone). */
async function releaseUnused(tx: Tx, pipeline: ImagePipeline, articleId: number, ids: number[]) {
  if (ids.length === 0) return;
  const elsewhere = await tx
    .select({ id: articleImages.imageId })
    .from(articleImages)
    .where(and(inArray(articleImages.imageId, ids), ne(articleImages.articleId, articleId)));
  const used = new Set(elsewhere.map((r) => r.id));
  await pipeline.release(
    ids.filter((id) => !used.has(id)),
    tx,
  );
}
