// The image pipeline and the multipart reader, on a real database (PGlite and PostgreSQL).
import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { eq, inArray } from 'drizzle-orm';
import { useTestApp } from '../test/app.ts';
import { images } from '../db/schema.ts';
import { HttpError, registerErrorHandler } from '../http/errors.ts';
import {
  createImagePipeline,
  imageChild,
  imageFailedMessage,
  imageMessages,
  MAX_UPLOAD_BYTES,
  type ImageKind,
  type PreparedImage,
} from './images.ts';
import { readMultipart } from './multipart.ts';

const t = useTestApp();

const pipeline = () => t.services.images;
const exists = (name: string) =>
  access(path.join(path.join(t.dataDir, 'media'), name)).then(
    () => true,
    () => false,
  );
const filesOf = (p: Pick<PreparedImage, 'key' | 'variants' | 'share'>) => [
  ...p.variants.map((v) => `${p.key}-${v.width}.webp`),
  ...(p.share ? [`${p.key}-share.jpg`] : []),
];

function picture(width: number, height: number, colour = { r: 200, g: 60, b: 40 }) {
  // A gradient overlay so the encoder has real detail to work with.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#1a5"/></svg>`;
  return sharp({ create: { width, height, channels: 3, background: colour } }).composite([{ input: Buffer.from(svg) }]);
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG with an extra tEXt chunk before IEND, padded to exactly `size` bytes. */
function padPng(png: Buffer, size: number) {
  const iend = png.subarray(png.length - 12);
  const head = png.subarray(0, png.length - 12);
  const overhead = 12 + 'comment\0'.length;
  const padding = size - png.length - overhead;
  const chunk = pngChunk('tEXt', Buffer.concat([Buffer.from('comment\0', 'latin1'), Buffer.alloc(padding, 0x61)]));
  return Buffer.concat([head, chunk, iend]);
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('prepare: type by bytes', () => {
  it('refuses a text file named .png with the message of each kind', async () => {
    const text = Buffer.from('this is not an image, only text pretending to be one\n');
    for (const kind of ['article', 'about', 'ad'] as ImageKind[]) {
      const error = await rejection(pipeline().prepare({ filename: 'photo.png', data: text }, kind));
      expect(error.status).toBe(400);
      expect(error.message).toBe(imageMessages[kind].unsupported('photo.png'));
    }
    const article = await rejection(pipeline().prepare({ filename: 'photo.png', data: text }, 'article'));
    expect(article.message).toBe('Unsupported file type: photo.png');
    const about = await rejection(pipeline().prepare({ filename: 'photo.png', data: text }, 'about'));
    expect(about.message).toBe('Unsupported file type: photo.png. Only JPG, PNG, WEBP allowed.');
    const ad = await rejection(pipeline().prepare({ filename: 'photo.png', data: text }, 'ad'));
    expect(ad.message).toBe('File "photo.png" is not an allowed image type (JPEG, PNG, GIF, WEBP).');
  });

  it('accepts a PNG named .jpg: the bytes decide', async () => {
    const png = await picture(500, 300).png().toBuffer();
    const prepared = await pipeline().prepare({ filename: 'holiday.jpg', data: png }, 'article');
    expect(prepared.variants.map((v) => v.width)).toEqual([320, 500]);
    expect(prepared.width).toBe(500);
    expect(prepared.height).toBe(300);
    for (const v of prepared.variants) expect((await sharp(v.data).metadata()).format).toBe('webp');
  });

  it('refuses a file with a valid magic number but no image behind it', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const error = await rejection(pipeline().prepare({ filename: 'broken.jpeg', data: fake }, 'article'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Unsupported file type: broken.jpeg');
  });

  it('allows GIF for ads only, and keeps an animated GIF ad animated', async () => {
    const gif = await picture(400, 300).gif().toBuffer();
    const twoFrames = await sharp(
      await sharp({ create: { width: 400, height: 600, channels: 4, background: '#c33' } })
        .composite([{ input: await picture(400, 300).png().toBuffer(), top: 300, left: 0 }])
        .raw()
        .toBuffer(),
      { raw: { width: 400, height: 600, channels: 4, pageHeight: 300 } },
    )
      .gif({ delay: [500, 500], loop: 0 })
      .toBuffer();
    expect((await sharp(twoFrames, { animated: true }).metadata()).pages).toBe(2);

    const refused = await rejection(pipeline().prepare({ filename: 'banner.gif', data: gif }, 'article'));
    expect(refused.message).toBe('Unsupported file type: banner.gif');
    const refusedAbout = await rejection(pipeline().prepare({ filename: 'banner.gif', data: gif }, 'about'));
    expect(refusedAbout.message).toBe('Unsupported file type: banner.gif. Only JPG, PNG, WEBP allowed.');

    const ad = await pipeline().prepare({ filename: 'banner.gif', data: twoFrames }, 'ad');
    expect(ad.animated).toBe(true);
    expect(ad.variants.map((v) => v.width)).toEqual([320, 400]);
    const out = await sharp(ad.variants[0].data, { animated: true }).metadata();
    expect(out.format).toBe('webp');
    expect(out.pages).toBe(2);
    expect(out.pageHeight).toBe(240);
    expect(ad.height).toBe(300);
  });
});

describe("prepare: the pixels are a child process's work", () => {
  it('a child that ends mid-picture fails that upload with 422 naming the file; the next starts another', async () => {
    const photo = await picture(1200, 800).jpeg().toBuffer();
    await pipeline().prepare({ filename: 'first.jpg', data: photo }, 'article');
    const pid = imageChild.pid!;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    // Asked, then killed at once: the child dies with the picture in hand (as a libvips crash would).
    const waiting = rejection(pipeline().prepare({ filename: 'crash.jpg', data: photo }, 'article'));
    process.kill(pid, 'SIGKILL');
    const error = await waiting;
    expect(error.status).toBe(422);
    expect(error.message).toBe(imageFailedMessage('crash.jpg'));
    const again = await pipeline().prepare({ filename: 'again.jpg', data: photo }, 'article');
    expect(again.variants.length).toBeGreaterThan(1);
    expect(imageChild.pid).not.toBe(pid);
  });
});

describe('prepare: size limit', () => {
  it('refuses 2 MB + 1 byte with the message of each kind, and accepts exactly 2 MB', async () => {
    const png = await picture(400, 400).png().toBuffer();
    const exact = padPng(png, MAX_UPLOAD_BYTES);
    expect(exact.length).toBe(2 * 1024 * 1024);
    const over = padPng(png, MAX_UPLOAD_BYTES + 1);
    expect(over.length).toBe(2 * 1024 * 1024 + 1);

    const accepted = await pipeline().prepare({ filename: 'exact.png', data: exact }, 'article');
    // The padding was metadata, and metadata is not kept.
    expect(accepted.variants[0].data.length).toBeLessThan(100_000);

    const expected: Record<ImageKind, string> = {
      article: 'File too large: big.png',
      about: 'File too large: big.png. Max 2MB.',
      ad: 'File "big.png" exceeds the maximum size of 2MB.',
    };
    for (const kind of ['article', 'about', 'ad'] as ImageKind[]) {
      const error = await rejection(pipeline().prepare({ filename: 'big.png', data: over }, kind));
      expect(error.status).toBe(413);
      expect(error.message).toBe(expected[kind]);
    }
  });

  it('treats a file the multipart limit truncated as too large', async () => {
    const png = await picture(100, 100).png().toBuffer();
    const error = await rejection(pipeline().prepare({ filename: 'cut.png', data: png, truncated: true }, 'ad'));
    expect(error.status).toBe(413);
    expect(error.message).toBe('File "cut.png" exceeds the maximum size of 2MB.');
  });
});

describe('prepare: hostile and private content', () => {
  it('refuses a pixel bomb: a tiny PNG declaring 30000 x 30000 pixels', async () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(30000, 0);
    ihdr.writeUInt32BE(30000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(100);
    const error = await rejection(pipeline().prepare({ filename: 'bomb.png', data: bomb }, 'article'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Image dimensions too large: bomb.png. Max 40 megapixels.');
  });

  it('strips EXIF and GPS from a JPEG and applies its orientation to the pixels', async () => {
    const jpeg = await picture(800, 400)
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '17/1 23/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '78/1 29/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.toString('latin1')).toContain('Secret Phone');
    expect(before.orientation).toBe(6);
    expect(before.icc).toBeDefined();
    // The GPS block is really there before: the same picture without it has a shorter EXIF.
    const withoutGps = await sharp(
      await picture(800, 400)
        .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone' } })
        .jpeg()
        .toBuffer(),
    ).metadata();
    expect(before.exif!.length).toBeGreaterThan(withoutGps.exif!.length + 40);

    const prepared = await pipeline().prepare({ filename: 'gps.jpg', data: jpeg }, 'article');
    // Orientation 6 turns the 800 x 400 landscape into a 400 x 800 portrait.
    expect(prepared.variants.map((v) => v.width)).toEqual([320, 400]);
    expect(prepared.height).toBe(800);

    const [row] = await t.services.db.transaction((tx) => pipeline().store([prepared], tx));
    const stored = path.join(path.join(t.dataDir, 'media'), `${row.key}-320.webp`);
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined(); // converted to sRGB, profile not embedded
    expect([after.width, after.height]).toEqual([320, 640]);
    const bytes = (await import('node:fs/promises')).readFile(stored);
    expect((await bytes).toString('latin1')).not.toContain('Secret Phone');
  });
});

describe('store, discard and release', () => {
  it('writes content-named WebP variants no wider than the source', async () => {
    const cases: [number, number[]][] = [
      [200, [200]],
      [500, [320, 500]],
      [600, [320, 480, 600]],
      [850, [320, 480, 720, 850]],
      [1000, [320, 480, 720, 1000]],
      [1200, [320, 480, 720, 960, 1200]],
      [2000, [320, 480, 720, 960, 1280]],
    ];
    for (const [width, widths] of cases) {
      const data = await picture(width, Math.round(width / 2), { r: width % 255, g: 40, b: 90 })
        .jpeg()
        .toBuffer();
      const prepared = await pipeline().prepare({ filename: `w${width}.jpg`, data }, 'article');
      expect(prepared.key).toMatch(/^[0-9a-f]{32}$/);
      const [row] = await t.services.db.transaction((tx) => pipeline().store([prepared], tx));
      expect(row.variantWidths).toEqual(widths);
      expect(row.width).toBe(widths[widths.length - 1]);
      for (const w of widths) {
        const meta = await sharp(path.join(path.join(t.dataDir, 'media'), `${row.key}-${w}.webp`)).metadata();
        expect(meta.width).toBe(w);
      }
      // The link-preview JPEG: at most 1200 px wide, never upscaled.
      const share = await sharp(path.join(path.join(t.dataDir, 'media'), `${row.key}-share.jpg`)).metadata();
      expect(share.format).toBe('jpeg');
      expect(share.width).toBe(Math.min(width, 1200));
    }
  });

  it('makes the link-preview JPEG for article and About Us pictures, not for ads', async () => {
    const data = await picture(900, 450, { r: 5, g: 90, b: 200 }).png().toBuffer();
    for (const kind of ['article', 'about'] as const) {
      const prepared = await pipeline().prepare({ filename: 'p.png', data }, kind);
      expect((await sharp(prepared.share!).metadata()).format).toBe('jpeg');
    }
    expect((await pipeline().prepare({ filename: 'ad.png', data }, 'ad')).share).toBeUndefined();
  });

  it('encodes for readers at production effort (the tests use the fastest): same widths, smaller files', async () => {
    const data = await picture(1000, 500, { r: 120, g: 30, b: 160 }).png().toBuffer();
    const production = createImagePipeline({ db: t.services.db, storage: t.services.storage });
    const fast = await pipeline().prepare({ filename: 'p.png', data }, 'article');
    const smallest = await production.prepare({ filename: 'p.png', data }, 'article');
    expect(smallest.variants.map((v) => v.width)).toEqual(fast.variants.map((v) => v.width));
    for (const [i, variant] of smallest.variants.entries()) {
      expect((await sharp(variant.data).metadata()).format).toBe('webp');
      expect(variant.data.length).toBeLessThan(fast.variants[i].data.length);
    }
    expect((await sharp(smallest.share!).metadata()).format).toBe('jpeg');
    expect(smallest.share!.length).toBeLessThan(fast.share!.length);
  });

  it('gives the same picture the same key, and files stay while any row uses them', async () => {
    const data = await picture(900, 500, { r: 10, g: 200, b: 10 }).png().toBuffer();
    const a = await pipeline().prepare({ filename: 'a.png', data }, 'article');
    const b = await pipeline().prepare({ filename: 'b.webp', data }, 'about');
    expect(b.key).toBe(a.key);
    const [rowA] = await t.services.db.transaction((tx) => pipeline().store([a], tx));
    const [rowB] = await t.services.db.transaction((tx) => pipeline().store([b], tx));
    expect(rowB.id).not.toBe(rowA.id);

    // A failed request for the same picture must not delete files another row uses.
    await pipeline().discard([a]);
    for (const f of filesOf(a)) expect(await exists(f)).toBe(true);

    await t.services.db.transaction((tx) => pipeline().release([rowA.id], tx));
    await pipeline().settled();
    for (const f of filesOf(a)) expect(await exists(f)).toBe(true);
    expect(await t.services.db.select().from(images).where(eq(images.id, rowA.id))).toEqual([]);

    await t.services.db.transaction((tx) => pipeline().release([rowB.id], tx));
    await pipeline().settled();
    for (const f of filesOf(a)) expect(await exists(f)).toBe(false);
  });

  it('never deletes files a concurrent, still uncommitted upload of the same picture is storing', async () => {
    const data = await picture(720, 360, { r: 33, g: 66, b: 99 }).png().toBuffer();
    const prepared = await pipeline().prepare({ filename: 'race.png', data }, 'article');
    const [old] = await t.services.db.transaction((tx) => pipeline().store([prepared], tx));

    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let markStored!: () => void;
    const storedInTx = new Promise<void>((resolve) => (markStored = resolve));
    const upload = t.services.db.transaction(async (tx) => {
      await pipeline().store([prepared], tx);
      markStored();
      await gate; // the new row is not committed yet
    });
    await storedInTx;
    // Removing the old (last committed) row of that picture meanwhile must keep its files.
    const removal = t.services.db.transaction((tx) => pipeline().release([old.id], tx));
    await new Promise((resolve) => setTimeout(resolve, 150));
    open();
    await Promise.all([upload, removal]);
    await pipeline().settled();
    for (const f of filesOf(prepared)) expect(await exists(f)).toBe(true);
    expect(await t.services.db.select({ id: images.id }).from(images).where(eq(images.key, prepared.key))).toHaveLength(1);
  });

  it('leaves no file behind when the request fails after store()', async () => {
    const data = await picture(640, 480, { r: 90, g: 10, b: 160 }).jpeg().toBuffer();
    const prepared = await pipeline().prepare({ filename: 'fail.jpg', data }, 'article');
    const failed = await t.services.db
      .transaction(async (tx) => {
        await pipeline().store([prepared], tx);
        for (const f of filesOf(prepared)) expect(await exists(f)).toBe(true);
        throw new Error('the article insert failed');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('the article insert failed');
    await pipeline().discard([prepared]);
    for (const f of filesOf(prepared)) expect(await exists(f)).toBe(false);
    expect(await t.services.db.select().from(images).where(eq(images.key, prepared.key))).toEqual([]);
  });

  it('keeps rows and files when the releasing transaction rolls back', async () => {
    const data = await picture(500, 500, { r: 250, g: 200, b: 0 }).webp().toBuffer();
    const prepared = await pipeline().prepare({ filename: 'keep.webp', data }, 'article');
    const [row] = await t.services.db.transaction((tx) => pipeline().store([prepared], tx));
    await t.services.db
      .transaction(async (tx) => {
        await pipeline().release([row.id], tx);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await pipeline().settled();
    expect(await t.services.db.select({ id: images.id }).from(images).where(eq(images.id, row.id))).toEqual([{ id: row.id }]);
    for (const f of filesOf(prepared)) expect(await exists(f)).toBe(true);
  });

  it('removes the files of earlier standard widths with the last row of a key', async () => {
    const prepared = await pipeline().prepare(
      { filename: 'old.jpg', data: await picture(1000, 500, { r: 9, g: 9, b: 99 }).jpeg().toBuffer() },
      'article',
    );
    const [row] = await t.services.db.transaction((tx) => pipeline().store([prepared], tx));
    // The same picture uploaded before 480 and 720 replaced 640 left a 640 variant under this key.
    await writeFile(path.join(path.join(t.dataDir, 'media'), `${row.key}-640.webp`), prepared.variants[0].data);
    await t.services.db.transaction((tx) => pipeline().release([row.id], tx));
    await pipeline().settled();
    for (const f of [...filesOf(prepared), `${row.key}-640.webp`]) expect(await exists(f)).toBe(false);
  });

  it('stores several images in order in one call, sharing files of duplicates', async () => {
    const one = await pipeline().prepare(
      { filename: '1.png', data: await picture(330, 200, { r: 1, g: 2, b: 3 }).png().toBuffer() },
      'article',
    );
    const two = await pipeline().prepare(
      { filename: '2.png', data: await picture(650, 200, { r: 3, g: 2, b: 1 }).png().toBuffer() },
      'article',
    );
    const rows = await t.services.db.transaction((tx) => pipeline().store([one, two, one], tx));
    expect(rows.map((r) => r.key)).toEqual([one.key, two.key, one.key]);
    expect(rows.map((r) => r.variantWidths)).toEqual([[330], [320, 480, 650], [330]]);
    await t.services.db.transaction((tx) =>
      pipeline().release(
        rows.map((r) => r.id),
        tx,
      ),
    );
    await pipeline().settled();
    expect(
      await t.services.db
        .select()
        .from(images)
        .where(
          inArray(
            images.id,
            rows.map((r) => r.id),
          ),
        ),
    ).toEqual([]);
    for (const f of [...filesOf(one), ...filesOf(two)]) expect(await exists(f)).toBe(false);
  });
});

describe('readMultipart', () => {
  // A bare server with the same multipart limits as app.ts and an upload route using the pipeline.
  async function uploadServer(kind: ImageKind, maxFiles: number) {
    const app = Fastify();
    registerErrorHandler(app);
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10 } });
    app.post('/upload', async (request) => {
      const { fields, files, droppedFiles } = await readMultipart(request, { maxFiles });
      const prepared = [];
      for (const file of files) prepared.push(await t.services.images.prepare(file, kind));
      return { fields, names: files.map((f) => f.filename), droppedFiles, widths: prepared.map((p) => p.width) };
    });
    await app.ready();
    return app;
  }
  async function form(entries: [string, string | { name: string; data: Buffer }][]) {
    const fd = new FormData();
    for (const [name, value] of entries) {
      if (typeof value === 'string') fd.append(name, value);
      else fd.append(name, new Blob([new Uint8Array(value.data)]), value.name);
    }
    const response = new Response(fd);
    return {
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { 'content-type': response.headers.get('content-type')! },
    };
  }

  it('reads fields and files, drops files beyond maxFiles and skips an empty file input', async () => {
    const app = await uploadServer('ad', 2);
    const png = await picture(400, 100).png().toBuffer();
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      ...(await form([
        ['adDetails', '[{"durationInSeconds":5}]'],
        ['images', { name: 'one.png', data: png }],
        ['images', { name: '', data: Buffer.alloc(0) }],
        ['images', { name: 'two.png', data: png }],
        ['images', { name: 'three.png', data: png }],
      ])),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fields: { adDetails: '[{"durationInSeconds":5}]' },
      names: ['one.png', 'two.png'],
      droppedFiles: 1,
      widths: [400, 400],
    });
    await app.close();
  });

  it('turns an oversize part into the kind-specific 413 message, not a generic error', async () => {
    const png = await picture(400, 400).png().toBuffer();
    const big = padPng(png, MAX_UPLOAD_BYTES + 1);
    for (const [kind, message] of [
      ['article', 'File too large: huge.png'],
      ['about', 'File too large: huge.png. Max 2MB.'],
      ['ad', 'File "huge.png" exceeds the maximum size of 2MB.'],
    ] as [ImageKind, string][]) {
      const app = await uploadServer(kind, 4);
      const res = await app.inject({
        method: 'POST',
        url: '/upload',
        ...(await form([['images', { name: 'huge.png', data: big }]])),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message });
      await app.close();
    }
  });

  it('refuses a request that is not multipart', async () => {
    const app = await uploadServer('article', 4);
    const res = await app.inject({ method: 'POST', url: '/upload', payload: { a: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Expected a multipart/form-data request' });
    await app.close();
  });
});
