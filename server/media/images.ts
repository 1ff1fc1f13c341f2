// The image pipeline, shared by articles, About Us and ads.
// Contract (do not change the signatures without updating every caller):
//   prepare(): checks the file by its bytes (never its name or declared type), refuses bombs,
//     re-encodes (metadata stripped), makes WebP variants in memory (./encode.ts, in a child
//     process of its own that exits when uploads stop: libvips' memory goes with it). Throws
//     HttpError 400/413 with the exact message of docs/product.md for `kind`. Writes nothing.
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
import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { images, type ImageRow } from '../db/schema.ts';
import { badRequest, HttpError, tooLarge } from '../http/errors.ts';
import type { MediaStorage } from './storage.ts';
import { ChildFailedError, childScript, createIdleChild } from '../idle-child.ts';
import { VARIANT_WIDTHS, type EncodeAnswer, type Encoded, type EncodeRequest, type Encoding, type Format } from './encode.ts';

export type ImageKind = 'article' | 'about' | 'ad';
/** `truncated`: the multipart size limit cut the upload short, so it was too large. */
export type IncomingFile = { filename: string; data: Buffer; truncated?: boolean };
/** An upload checked and re-encoded (./encode.ts), its bytes as Buffers: what store() writes. */
export type PreparedImage = Encoded<Buffer>;

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Standard widths of earlier versions: a key's files may include them (see sweep()). */
const FORMER_VARIANT_WIDTHS = [640] as const;

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

export const variantName = (key: string, width: number) => `${key}-${width}.webp`;
export const shareName = (key: string) => `${key}-share.jpg`;
/**
 * Whether a name is one variantName or shareName gives (a key is 32 hex digits of the picture's
 * hash). /media/ streams only these from a bucket, which may hold other objects (backups, exports).
 */
export const isIssuedMediaName = (name: string) => /^[0-9a-f]{32}-(?:\d{1,5}\.webp|share\.jpg)$/.test(name);

// Namespace of our advisory locks (the migration lock in server/db/migrate.ts uses 727274).
const LOCK_SPACE = 727275;
const lockId = (key: string) => parseInt(key.slice(0, 8), 16) | 0;

async function lockKeys(tx: DbOrTx, keys: Iterable<string>) {
  // Sorted, so two transactions locking overlapping sets cannot deadlock each other.
  const ids = [...new Set([...keys].map(lockId))].sort((a, b) => a - b);
  for (const id of ids) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${id}::int)`);
}

/** When the image child ends before answering (a crash on the picture, or no memory for it). */
export const imageFailedMessage = (file: string) => `The picture could not be processed: ${file}. Try again or use another file.`;

// One child per server: uploads are rare and one at a time, and libvips' memory leaves with it.
const encoder = createIdleChild<EncodeRequest, EncodeAnswer>({
  script: childScript(import.meta.url, 'image-worker'),
  failure: 'The image process stopped before answering.',
});

/** The image child: its process id while it runs, and stop() to end it now (tests). */
export const imageChild = {
  get pid() {
    return encoder.pid;
  },
  stop: () => encoder.stop(),
};

/** Bytes that crossed from the child as a Uint8Array, as a Buffer without a copy. */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function createImagePipeline(deps: { db: Db; storage: MediaStorage; log?: Pick<Console, 'error'>; encoding?: Encoding }) {
  const { db, storage } = deps;
  const encoding = deps.encoding ?? 'smallest';
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

      // The pixels are the image child's work (./encode.ts); a refusal comes back as data.
      const answer = await encoder
        .ask({
          data: file.data,
          format,
          mayAnimate: kind === 'ad' && (format === 'gif' || format === 'webp'),
          share: kind !== 'ad',
          encoding,
        })
        .catch((error: unknown) => {
          if (error instanceof ChildFailedError) {
            (deps.log ?? console).error(`media: the image process ended while processing ${file.filename}`);
            throw new HttpError(422, imageFailedMessage(file.filename));
          }
          throw error;
        });
      if (!answer.ok) {
        throw badRequest(answer.refused === 'pixels' ? tooManyPixelsMessage(file.filename) : messages.unsupported(file.filename));
      }
      const { share, ...image } = answer.image;
      return {
        ...image,
        variants: image.variants.map(({ width, data }) => ({ width, data: asBuffer(data) })),
        ...(share ? { share: asBuffer(share) } : {}),
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
