// Advertisements: upload (up to 5 at a time), list, edit (duration, link, start, end), delete. Readers
// see an ad only between its start and end; the window clock announces each start and end as a
// change, so cached pages and lists drop the ad or take it in on time. See docs/product.md.
import { and, asc, eq, gt, lte, min, or } from 'drizzle-orm';
import type { ServiceDeps } from '../service-deps.ts';
import { record, type AuditActor } from '../audit/service.ts';
import { ads, images } from '../db/schema.ts';
import { badRequest, notFound, parseOr400 } from '../http/errors.ts';
import { toArticleImage } from '../articles/model.ts';
import type { IncomingFile, PreparedImage } from '../media/images.ts';
import { untilChange } from '../db/memo.ts';
import { claimPassed, createDueClock } from '../db/due-clock.ts';
import { AD_MESSAGES, AdDetailsSchema, MAX_ADS_PER_UPLOAD, inWindow, type Ad, type AdDetail } from '../../contract/ads.ts';

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

/** The columns of an ad's details. */
const columnsOf = (detail: AdDetail) => ({
  durationInSeconds: detail.durationInSeconds,
  link: detail.link,
  startsAt: detail.startsAt ? new Date(detail.startsAt) : null,
  endsAt: detail.endsAt ? new Date(detail.endsAt) : null,
});

export function createAdsService(deps: ServiceDeps) {
  const { db, images: pipeline, changes, clock } = deps;
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
      startsAt: ad.startsAt?.toISOString() ?? null,
      endsAt: ad.endsAt?.toISOString() ?? null,
      width: image.width,
      height: image.height,
    }));
  }

  // Every ad, loaded once per change (most pages show the banner); the window is applied per call,
  // so an ad starts and ends on time even before the clock's announcement reaches this instance.
  const all = untilChange(changes, list);

  return {
    /** The banner's rotation, oldest first: the ads within their start and end now. */
    async listPublic(): Promise<Ad[]> {
      const now = clock.now();
      return (await all()).filter((ad) => inWindow(ad, now));
    },
    listAdmin: list,
    /** Announces starts and ends on time, on every instance (main.ts starts it). */
    clock: createAdWindowClock(deps),

    /** Changes an ad's duration, link, start and end (the picture stays). */
    async update(id: number, detail: AdDetail, actor?: AuditActor): Promise<Ad> {
      await changes.write(async (tx, notice) => {
        const [row] = await tx.update(ads).set(columnsOf(detail)).where(eq(ads.id, id)).returning({ id: ads.id });
        if (!row) throw notFound(AD_MESSAGES.notFound);
        await record(tx, {
          actor,
          action: 'ad.update',
          objectType: 'ad',
          objectId: id,
          summary: `ad #${id}`,
          details: { ...detail },
        });
        notice({ kind: 'ads' });
      });
      return (await list()).find((a) => a.id === id)!;
    },

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
            .values(stored.map((img, i) => ({ imageId: img.id, ...columnsOf(details[i]) })))
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

const POLL_MS = 60_000;
/** The mark in clock_marks up to which starts and ends have been announced. */
const WINDOW_MARK = 'ad-windows';

/**
 * The ads' window clock: a due clock (../db/due-clock.ts) armed for the next start or end of any
 * ad. When one has passed, the instance that claims the moment announces an `ads` change (nothing
 * is written: the time has come), which drops the cached pages, the public list and the CDN's
 * copies everywhere, once. It re-arms on every change (a new or edited window arrives by the
 * change feed) and polls as a safety net, like the publishing clock.
 */
export function createAdWindowClock({ db, changes, clock, log }: ServiceDeps, { pollMs = POLL_MS } = {}) {
  // A database that never had the mark announces starts and ends from here on.
  const createdAt = clock.now();

  /** Announces a start or end that came since the last check (by any instance); true when this one did. */
  async function tick(): Promise<boolean> {
    const now = clock.now();
    return changes.write(async (tx, notice) => {
      const range = await claimPassed(tx, WINDOW_MARK, now, { firstFrom: createdAt, lookBackMs: pollMs });
      if (!range) return false;
      const passed = (column: typeof ads.startsAt | typeof ads.endsAt) => and(gt(column, range.since), lte(column, range.until));
      const [due] = await tx
        .select({ id: ads.id })
        .from(ads)
        .where(or(passed(ads.startsAt), passed(ads.endsAt)))
        .limit(1);
      if (due) notice({ kind: 'ads' });
      return Boolean(due);
    });
  }

  /** The next start or end still to come. */
  async function nextDueAt(): Promise<Date | null> {
    const now = clock.now();
    const [[start], [end]] = await Promise.all([
      db
        .select({ at: min(ads.startsAt) })
        .from(ads)
        .where(gt(ads.startsAt, now)),
      db
        .select({ at: min(ads.endsAt) })
        .from(ads)
        .where(gt(ads.endsAt, now)),
    ]);
    const times = [start?.at, end?.at].filter((t): t is Date => t instanceof Date).map((t) => t.getTime());
    return times.length ? new Date(Math.min(...times)) : null;
  }

  const timer = createDueClock({ name: 'ad window clock', clock, changes, log: log as Console, pollMs, nextDueAt, check: tick });
  return { tick, nextDueAt, start: timer.start, stop: timer.stop };
}
