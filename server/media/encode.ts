// The pixel work of an upload: decode, re-encode (metadata stripped) and make the WebP variants and
// the share JPEG. It runs in the image child process (./image-worker.ts, started by ./images.ts),
// so libvips' memory leaves with the child when uploads stop. Answers are data, not HttpErrors:
// ./images.ts words the refusals for the kind of upload.
import { createHash } from 'node:crypto';
import type Sharp from 'sharp';
import type { Metadata } from 'sharp';
import { SHARE_IMAGE_WIDTH } from '../../contract/articles.ts';

let loading: Promise<typeof Sharp> | undefined;
/** sharp, loaded on first use: libvips adds tens of MB to a process's resident memory. */
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

/** Larger images are refused before decoding: a 40-megapixel RGBA frame is already 160 MB. */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * What a phone asks for: a full-width picture on a common phone at its pixel density is about
 * 720 px wide (720), a half-width card about half that (480), a list thumbnail less (320); 960
 * and 1280 for denser screens and desktops. With 640 in place of 480 and 720, phones took the 960
 * variant for the home page's first picture, far more bytes than 720 (docs/performance.md).
 */
export const VARIANT_WIDTHS = [320, 480, 720, 960, 1280] as const;

/**
 * The widths to make for a source of this width: the standard widths below it, plus the source's
 * own width (capped at the largest standard one), so a 600 px image is not served at 320 px.
 * Never upscaled.
 */
export function variantWidthsFor(sourceWidth: number): number[] {
  const largest = Math.min(sourceWidth, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]);
  // A standard width close to the largest (above 0.85 of it) would add bytes on disk and no sharpness.
  return [...VARIANT_WIDTHS.filter((w) => w <= largest * 0.85), largest];
}

export type Format = 'jpeg' | 'png' | 'gif' | 'webp';

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

export type EncodeRequest = {
  data: Uint8Array;
  /** What the bytes say they are (sniffed by the caller); libvips must agree. */
  format: Format;
  /** Animated GIF and WebP stay animated (ads). */
  mayAnimate: boolean;
  /** The JPEG for link previews (not for ads). */
  share: boolean;
  encoding: Encoding;
};

/** A re-encoded upload; `Bytes` is Uint8Array as it crosses from the child, Buffer once prepared. */
export type Encoded<Bytes extends Uint8Array = Uint8Array> = {
  /** From the largest variant's bytes: the same picture uploaded twice shares its files. */
  key: string;
  /** Size of the largest variant (the one pages link as the image URL). */
  width: number;
  height: number;
  variants: { width: number; data: Bytes }[];
  /** JPEG for link previews (article and About Us pictures): messaging apps do not show WebP. */
  share?: Bytes;
  /** Animated WebP (ads made from animated GIF or WebP). */
  animated?: boolean;
};

/** Refused: not the image it says it is (or not decodable), or more pixels than MAX_INPUT_PIXELS. */
export type EncodeAnswer = { ok: true; image: Encoded } | { ok: false; refused: 'unsupported' | 'pixels' };

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);
const refused = (error: unknown): EncodeAnswer => ({ ok: false, refused: isPixelLimit(error) ? 'pixels' : 'unsupported' });

export async function encodeImage({
  data,
  format,
  mayAnimate,
  share: withShare,
  encoding,
}: EncodeRequest): Promise<EncodeAnswer> {
  const encoder = ENCODERS[encoding];
  const sharp = await loadSharp();
  const input = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let meta: Metadata;
  try {
    meta = await sharp(input, { animated: mayAnimate, limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    return refused(error);
  }
  if (meta.format !== format || !meta.width || !meta.height) return { ok: false, refused: 'unsupported' };
  const frameHeight = meta.pageHeight ?? meta.height;
  // Checked from the header, before any pixel is decoded.
  if (meta.width * frameHeight > MAX_INPUT_PIXELS) return { ok: false, refused: 'pixels' };
  // Animated ads stay animated unless all their frames together are too big to decode: then the
  // first frame is the ad.
  const animated = mayAnimate && (meta.pages ?? 1) > 1 && meta.width * meta.height <= MAX_INPUT_PIXELS;
  const sourceWidth = meta.autoOrient?.width ?? meta.width;

  const variants: { width: number; height: number; data: Buffer }[] = [];
  let share: Buffer | undefined;
  try {
    for (const width of variantWidthsFor(sourceWidth)) {
      // A fresh decode per width: sharp shrinks JPEG on load, and nothing from the input's metadata
      // (EXIF, GPS, XMP, ICC) is copied to the output unless asked for.
      const { data: variant, info } = await sharp(input, { animated, limitInputPixels: MAX_INPUT_PIXELS })
        .autoOrient() // EXIF orientation applied to the pixels, since the tag itself is dropped
        .resize({ width, withoutEnlargement: true })
        .toColourspace('srgb')
        .webp(encoder.webp)
        .toBuffer({ resolveWithObject: true });
      variants.push({ width, height: info.pageHeight ?? info.height, data: variant });
    }
    // WhatsApp, the app most readers share through, shows no preview for a WebP og:image.
    if (withShare) {
      share = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .autoOrient()
        .resize({ width: SHARE_IMAGE_WIDTH, withoutEnlargement: true })
        .flatten({ background: '#ffffff' }) // a transparent PNG would turn black
        .toColourspace('srgb')
        .jpeg(encoder.jpeg)
        .toBuffer();
    }
  } catch (error) {
    return refused(error);
  }
  const largest = variants[variants.length - 1];
  return {
    ok: true,
    image: {
      key: createHash('sha256').update(largest.data).digest('hex').slice(0, 32),
      width: largest.width,
      height: largest.height,
      variants: variants.map(({ width, data: bytes }) => ({ width, data: bytes })),
      ...(share ? { share } : {}),
      ...(animated ? { animated: true } : {}),
    },
  };
}
