// Advertisements: upload (up to 5 at a time), list, delete. See docs/product.md.
import { asc, eq } from 'drizzle-orm';
import type { ServiceDeps } from '../services.ts';
import { record, type AuditActor } from '../audit/service.ts';
import { ads, images } from '../db/schema.ts';
import { badRequest, notFound, parseOr400 } from '../http/errors.ts';
import { toArticleImage } from '../articles/model.ts';
import type { IncomingFile, PreparedImage } from '../media/images.ts';
import { untilChange } from '../db/memo.ts';
import { AD_MESSAGES, AdDetailsSchema, MAX_ADS_PER_UPLOAD, type Ad, type AdDetail } from '../../contract/ads.ts';

function parseDetails(raw: unknown, count: number): AdDetail[] {
  let value: unknown = raw ?? [];
  if (typeof value === 'string') {
    try {
      value = value.trim() ? JSON.parse(value) : [];
    } catch {
      throw badRequest(AD_MESSAGES.badDetails);
    }
  }
  if (!Array.isArray(value)) throw badRequest(AD_MESSAGES.badDetails);
  // Matched to the images by index; a missing entry means the defaults (5 s, no link).
  const padded = Array.from({ length: count }, (_, i) => value[i] ?? {});
  return parseOr400(AdDetailsSchema, padded);
}

export function createAdsService({ db, images: pipeline, changes }: ServiceDeps) {
  async function list(): Promise<Ad[]> {
    const rows = await db
      .select({ ad: ads, image: images })
      .from(ads)
      .innerJoin(images, eq(images.id, ads.imageId))
      .orderBy(asc(ads.createdAt), asc(ads.id));
    return rows.map(({ ad, image }) => ({
      id: ad.id,
      imageUrl: toArticleImage(image).url,
      link: ad.link,
      durationInSeconds: ad.durationInSeconds,
      width: image.width,
      height: image.height,
    }));
  }

  return {
    /** The banner's rotation, oldest first (most pages show it: loaded once per change). */
    listPublic: untilChange(changes, list),
    listAdmin: list,

    /**
     * All or nothing: every kept file is checked (by its bytes) before anything is written, and a
     * failed transaction removes the files again. Files beyond the fifth are dropped and counted.
     */
    async upload(
      files: IncomingFile[],
      adDetails: unknown,
      droppedBefore = 0,
      actor?: AuditActor,
    ): Promise<{ ads: Ad[]; dropped: number }> {
      const kept = files.slice(0, MAX_ADS_PER_UPLOAD);
      const dropped = droppedBefore + files.length - kept.length;
      if (kept.length === 0) throw badRequest(AD_MESSAGES.noneSelected);
      const details = parseDetails(adDetails, kept.length);
      const prepared: PreparedImage[] = [];
      for (const file of kept) prepared.push(await pipeline.prepare(file, 'ad'));
      let ids: number[];
      try {
        ids = await changes.write(async (tx, notice) => {
          const stored = await pipeline.store(prepared, tx);
          const rows = await tx
            .insert(ads)
            .values(
              stored.map((img, i) => ({
                imageId: img.id,
                durationInSeconds: details[i].durationInSeconds,
                link: details[i].link,
              })),
            )
            .returning({ id: ads.id });
          await record(tx, {
            actor,
            action: 'ad.upload',
            objectType: 'ad',
            objectId: rows.map((r) => r.id).join(','),
            summary: `${rows.length} ad${rows.length === 1 ? '' : 's'}`,
            details: { ids: rows.map((r) => r.id), dropped },
          });
          notice({ kind: 'ads' });
          return rows.map((r) => r.id);
        });
      } catch (error) {
        await pipeline.discard(prepared);
        throw error;
      }
      const created = new Set(ids);
      return { ads: (await list()).filter((a) => created.has(a.id)), dropped };
    },

    /** Removes the ad and releases its image (row and files). */
    async remove(id: number, actor?: AuditActor): Promise<void> {
      await changes.write(async (tx, notice) => {
        const [row] = await tx.delete(ads).where(eq(ads.id, id)).returning({ imageId: ads.imageId });
        if (!row) throw notFound(AD_MESSAGES.notFound);
        await pipeline.release([row.imageId], tx);
        await record(tx, { actor, action: 'ad.delete', objectType: 'ad', objectId: id, summary: `ad #${id}` });
        notice({ kind: 'ads' });
      });
    },
  };
}
export type AdsService = ReturnType<typeof createAdsService>;
