// The image pipeline, shared by articles, About Us and ads.
// Contract (do not change the signatures without updating every caller):
//   prepare(): checks the file by its bytes (never its name or declared type), refuses bombs,
//     re-encodes (metadata stripped), makes WebP variants in memory. Throws HttpError 400/413
//     with the exact message of docs/product.md for `kind`. Writes nothing.
//   store(): writes the variants (content-derived names) and inserts `images` rows in `tx`.
//     If the surrounding transaction fails, call discard() with the same prepared images AFTER
//     the transaction has ended (not inside it), so no file is left behind.
//   release(): deletes image rows (delete the rows that reference them first: article_images,
//     about_us_images, ads) and the files no other row uses (article/about/ad removal). The files
//     are removed once `tx` has ended, so a rolled-back release deletes nothing.
//
// Sharing and concurrency: the same picture uploaded twice gets the same key, so several `images`
// rows may point at one set of files. Every step that writes, checks or deletes the files of a key
// holds a transaction-scoped advisory lock on that key: store() keeps it until its transaction
// commits, so a concurrent release() or discard() cannot see "no row uses this key" while a new
// row for it is still uncommitted, and never deletes files out from under it.
import { createHash } from 'node:crypto';
import type Sharp from 'sharp';
import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { images, type ImageRow } from '../db/schema.ts';
import { badRequest, tooLarge } from '../http/errors.ts';
import type { MediaStorage } from './storage.ts';
import { SHARE_IMAGE_WIDTH } from '../../contract/articles.ts';

let loading: Promise<typeof Sharp> | undefined;
/**
 * sharp, loaded on the first picture: libvips adds ~25 MB to the resident memory of a server that
 * may only ever serve readers (docs/performance.md). Every user of sharp gets it from here.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps up to 50 MB of decoded operations and runs one thread per core for each image:
    // on a small host that is resident memory for nothing (uploads are rare and one at a time).
    sharp.cache({ memory: 8, files: 0, items: 20 });
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

export type ImageKind = 'article' | 'about' | 'ad';
/** `truncated`: the multipart size limit cut the upload short, so it was too large. */
export type IncomingFile = { filename: string; data: Buffer; truncated?: boolean };
export type PreparedImage = {
  key: string;
  /** Size of the largest variant (the one pages link as the image URL). */
  width: number;
  height: number;
  variants: { width: number; data: Buffer }[];
  /** JPEG for link previews (article and About Us pictures): messaging apps do not show WebP. */
  share?: Buffer;
  /** Animated WebP (ads made from animated GIF or WebP). */
  animated?: boolean;
};

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Larger images are refused before decoding: a 40-megapixel RGBA frame is already 160 MB. */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * What a phone asks for: a full-width picture on a 360–412 px phone at 1.75–2× is 630–780 px wide
 * (720), a half-width card 330–380 px (480), a list thumbnail 170–290 px (320); 960 and 1280 for
 * denser screens and desktops. With 640 in place of 480 and 720, phones took the 960 variant for the
 * home page's first picture: 2.3× the bytes of 720 (docs/performance.md).
 */
export const VARIANT_WIDTHS = [320, 480, 720, 960, 1280] as const;
/** Standard widths of earlier versions: a key's files may include them (see sweep()). */
const FORMER_VARIANT_WIDTHS = [640] as const;

type Format = 'jpeg' | 'png' | 'gif' | 'webp';
const ALLOWED: Record<ImageKind, readonly Format[]> = {
  article: ['jpeg', 'png', 'webp'],
  about: ['jpeg', 'png', 'webp'],
  ad: ['jpeg', 'png', 'gif', 'webp'],
};

/** each upload kind has its own wording. */
export const imageMessages: Record<ImageKind, { unsupported(file: string): string; tooLarge(file: string): string }> = {
  article: {
    unsupported: (file) => `Unsupported file type: ${file}`,
    tooLarge: (file) => `File too large: ${file}`,
  },
  about: {
    unsupported: (file) => `Unsupported file type: ${file}. Only JPG, PNG, WEBP allowed.`,
    tooLarge: (file) => `File too large: ${file}. Max 2MB.`,
  },
  ad: {
    unsupported: (file) => `File "${file}" is not an allowed image type (JPEG, PNG, GIF, WEBP).`,
    tooLarge: (file) => `File "${file}" exceeds the maximum size of 2MB.`,
  },
};
export const tooManyPixelsMessage = (file: string) => `Image dimensions too large: ${file}. Max 40 megapixels.`;

/** The format by magic number; sharp must then agree, so a disguised file is refused. */
export function sniffFormat(data: Buffer): Format | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

export const variantName = (key: string, width: number) => `${key}-${width}.webp`;
export const shareName = (key: string) => `${key}-share.jpg`;

/**
 * The widths to make for a source of this width: the standard widths below it, plus the source's
 * own width (capped at the largest standard one), so a 600 px image is not served at 320 px.
 * Never upscaled.
 */
export function variantWidthsFor(sourceWidth: number): number[] {
  const largest = Math.min(sourceWidth, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]);
  // A standard width within 15% of the largest would add bytes on disk and no sharpness.
  return [...VARIANT_WIDTHS.filter((w) => w <= largest * 0.85), largest];
}

// Namespace of our advisory locks (the migration lock in client.ts uses 727274).
const LOCK_SPACE = 727275;
const lockId = (key: string) => parseInt(key.slice(0, 8), 16) | 0;

async function lockKeys(tx: DbOrTx, keys: Iterable<string>) {
  // Sorted, so two transactions locking overlapping sets cannot deadlock each other.
  const ids = [...new Set([...keys].map(lockId))].sort((a, b) => a - b);
  for (const id of ids) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${id}::int)`);
}

/**
 * How hard the encoders work. Readers get `smallest` (WebP effort 4, mozjpeg): CPU spent once for
 * bytes sent on every view. The tests encode thousands of pictures whose size nothing reads, so
 * NODE_ENV=test uses `fastest` (server/services.ts); server/media/images.test.ts runs `smallest` too.
 */
export type Encoding = 'smallest' | 'fastest';
const ENCODERS = {
  smallest: { webp: { quality: 80, effort: 4 }, jpeg: { quality: 78, mozjpeg: true } },
  fastest: { webp: { quality: 80, effort: 0 }, jpeg: { quality: 78 } },
} as const;

export function createImagePipeline(deps: { db: Db; storage: MediaStorage; log?: Pick<Console, 'error'>; encoding?: Encoding }) {
  const { db, storage } = deps;
  const encoder = ENCODERS[deps.encoding ?? 'smallest'];
  const pending = new Set<Promise<void>>();

  /** Deletes the files of every given key that no committed `images` row uses. */
  async function sweep(files: Map<string, number[]>) {
    if (files.size === 0) return;
    await db.transaction(async (tx) => {
      // Waits for the transaction that released (or is storing) these keys to end. A bounded wait:
      // a caller that misuses discard() inside its own transaction gets an orphan, not a hang.
      await tx.execute(sql`set local lock_timeout = '30s'`);
      await lockKeys(tx, files.keys());
      const used = await tx
        .selectDistinct({ key: images.key })
        .from(images)
        .where(inArray(images.key, [...files.keys()]));
      const usedKeys = new Set(used.map((r) => r.key));
      for (const [key, widths] of files) {
        if (usedKeys.has(key)) continue;
        // A key uploaded again after the standard widths changed has files of both sets, and its
        // rows name only their own: every standard width goes with the last row (a missing file is
        // no error).
        const all = new Set([...widths, ...VARIANT_WIDTHS, ...FORMER_VARIANT_WIDTHS]);
        await Promise.all([...[...all].map((w) => storage.remove(variantName(key, w))), storage.remove(shareName(key))]);
      }
    });
  }

  function sweepLater(files: Map<string, number[]>) {
    const job = sweep(files)
      .catch((error: unknown) => (deps.log ?? console).error('media: could not remove unused image files', error))
      .finally(() => pending.delete(job));
    pending.add(job);
  }

  return {
    async prepare(file: IncomingFile, kind: ImageKind): Promise<PreparedImage> {
      const messages = imageMessages[kind];
      if (file.truncated || file.data.length > MAX_UPLOAD_BYTES) throw tooLarge(messages.tooLarge(file.filename));
      const format = sniffFormat(file.data);
      if (!format || !ALLOWED[kind].includes(format)) throw badRequest(messages.unsupported(file.filename));

      const animatedInput = kind === 'ad' && (format === 'gif' || format === 'webp');
      const sharp = await loadSharp();
      const meta = await sharp(file.data, { animated: animatedInput, limitInputPixels: MAX_INPUT_PIXELS })
        .metadata()
        .catch((error: unknown) => {
          throw badRequest(isPixelLimit(error) ? tooManyPixelsMessage(file.filename) : messages.unsupported(file.filename));
        });
      if (meta.format !== format || !meta.width || !meta.height) throw badRequest(messages.unsupported(file.filename));
      const frameHeight = meta.pageHeight ?? meta.height;
      // Checked from the header, before any pixel is decoded.
      if (meta.width * frameHeight > MAX_INPUT_PIXELS) throw badRequest(tooManyPixelsMessage(file.filename));
      // Animated ads stay animated unless all their frames together are too big to decode: then
      // the first frame is the ad.
      const animated = animatedInput && (meta.pages ?? 1) > 1 && meta.width * meta.height <= MAX_INPUT_PIXELS;
      const sourceWidth = meta.autoOrient?.width ?? meta.width;

      const variants: { width: number; height: number; data: Buffer }[] = [];
      let share: Buffer | undefined;
      try {
        for (const width of variantWidthsFor(sourceWidth)) {
          // A fresh decode per width: sharp shrinks JPEG on load, and nothing from the input's
          // metadata (EXIF, GPS, XMP, ICC) is copied to the output unless asked for.
          const { data, info } = await sharp(file.data, { animated, limitInputPixels: MAX_INPUT_PIXELS })
            .autoOrient() // EXIF orientation applied to the pixels, since the tag itself is dropped
            .resize({ width, withoutEnlargement: true })
            .toColourspace('srgb')
            .webp(encoder.webp)
            .toBuffer({ resolveWithObject: true });
          variants.push({ width, height: info.pageHeight ?? info.height, data });
        }
        // WhatsApp, the app most readers share through, shows no preview for a WebP og:image.
        if (kind !== 'ad') {
          share = await sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS })
            .autoOrient()
            .resize({ width: SHARE_IMAGE_WIDTH, withoutEnlargement: true })
            .flatten({ background: '#ffffff' }) // a transparent PNG would turn black
            .toColourspace('srgb')
            .jpeg(encoder.jpeg)
            .toBuffer();
        }
      } catch (error) {
        if (isPixelLimit(error)) throw badRequest(tooManyPixelsMessage(file.filename));
        throw badRequest(messages.unsupported(file.filename));
      }
      const largest = variants[variants.length - 1];
      const key = createHash('sha256').update(largest.data).digest('hex').slice(0, 32);
      return {
        key,
        width: largest.width,
        height: largest.height,
        variants: variants.map(({ width, data }) => ({ width, data })),
        ...(share ? { share } : {}),
        ...(animated ? { animated: true } : {}),
      };
    },

    async store(prepared: PreparedImage[], tx: DbOrTx): Promise<ImageRow[]> {
      if (prepared.length === 0) return [];
      const keys = new Set(prepared.map((p) => p.key));
      await lockKeys(tx, keys);
      // Always written (atomically, by rename): a key some row already uses is rewritten with the
      // same bytes, which also heals a media directory restored without some of its files.
      const written = new Set<string>();
      for (const image of prepared) {
        if (written.has(image.key)) continue;
        written.add(image.key);
        // Every write settles before a failure is thrown: the caller's discard() then removes what
        // landed, and no write still in flight lands after it (a stray object in a bucket).
        const results = await Promise.allSettled([
          ...image.variants.map((v) => storage.put(variantName(image.key, v.width), v.data)),
          ...(image.share ? [storage.put(shareName(image.key), image.share)] : []),
        ]);
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
      }
      const rows = await tx
        .insert(images)
        .values(
          prepared.map((p) => ({ key: p.key, width: p.width, height: p.height, variantWidths: p.variants.map((v) => v.width) })),
        )
        .returning();
      // One multi-row INSERT returns its rows in VALUES order; sort by id to be explicit about it.
      return rows.sort((a, b) => a.id - b.id);
    },

    /** Never throws: the caller is already failing, and its own error is the one to report. */
    async discard(prepared: PreparedImage[]): Promise<void> {
      const files = new Map<string, number[]>();
      for (const p of prepared)
        files.set(
          p.key,
          p.variants.map((v) => v.width),
        );
      await sweep(files).catch((error: unknown) =>
        (deps.log ?? console).error('media: could not remove the files of a failed upload', error),
      );
    },

    async release(imageIds: number[], tx: DbOrTx): Promise<void> {
      if (imageIds.length === 0) return;
      const rows = await tx
        .select({ key: images.key, variantWidths: images.variantWidths })
        .from(images)
        .where(inArray(images.id, imageIds));
      if (rows.length === 0) return;
      const files = new Map<string, number[]>();
      for (const r of rows) files.set(r.key, r.variantWidths);
      await lockKeys(tx, files.keys());
      await tx.delete(images).where(inArray(images.id, imageIds));
      // The files go once `tx` has ended: the sweep's lock waits for it, and a rollback keeps them.
      sweepLater(files);
    },

    /** Resolves when every file removal started by release() has finished (tests, shutdown). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
export type ImagePipeline = ReturnType<typeof createImagePipeline>;
