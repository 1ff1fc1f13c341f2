// A generated cover for an imported post with no readable picture (every article shows one): its
// title in white on its category's colour. Telugu needs a Telugu font and a shaper: sharp's text
// rendering (Pango + HarfBuzz) does the shaping, and the font is the Noto Sans Telugu the site
// already ships. sharp's fontconfig does not read WOFF, so the file is unpacked to TrueType once.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { loadSharp } from '../media/encode.ts';

/** WOFF 1.0 → the TrueType/OpenType font it wraps (tables inflated, 4-byte aligned). */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    });
  }
  let entrySelector = 0;
  while (2 ** (entrySelector + 1) <= numTables) entrySelector++;
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const chunks: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    header.writeUInt32BE(t.tag, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(t.data.length / 4) * 4);
    t.data.copy(padded);
    chunks.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(chunks);
}

let fontFile: Promise<string> | undefined;
/** The Telugu font as a .ttf in the temp directory (named by content, so runs share it). */
export function teluguFontFile(): Promise<string> {
  fontFile ??= (async () => {
    const require = createRequire(import.meta.url);
    const woffPath = require.resolve('@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff');
    const ttf = woffToSfnt(await readFile(woffPath));
    const dir = path.join(os.tmpdir(), 'telugu-news-fonts');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `noto-sans-telugu-700-${createHash('sha256').update(ttf).digest('hex').slice(0, 12)}.ttf`);
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, ttf);
    await rename(tmp, file);
    return file;
  })();
  return fontFile;
}

/** Category colours: dark enough for white text (contrast ≥ 4.5:1), told apart at a glance. */
export const COVER_COLOURS = [
  '#b03a2e',
  '#7d3c98',
  '#1e6f43',
  '#9a5b0b',
  '#1f5f8b',
  '#a0304f',
  '#34495e',
  '#6d4c1f',
  '#11707a',
  '#5b2c6f',
];

/** A category always gets the same colour. */
export function categoryColour(categoryName: string): string {
  const digest = createHash('sha256').update(categoryName.normalize('NFC')).digest();
  return COVER_COLOURS[digest[0] % COVER_COLOURS.length];
}

const escapeMarkup = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

const WIDTH = 1280;
const HEIGHT = 720;
const MARGIN = 80;

/** A JPEG of WIDTH by HEIGHT: the title (wrapped, shrunk to fit) over the category's colour, its name above. */
export async function renderCover(title: string, categoryName: string): Promise<Buffer> {
  const fontfile = await teluguFontFile();
  const sharp = await loadSharp();
  const colour = categoryColour(categoryName);
  const textWidth = WIDTH - 2 * MARGIN;
  const render = (text: string, size: number, height?: number) =>
    sharp({
      text: {
        text: `<span foreground="white">${escapeMarkup(text)}</span>`,
        font: `Noto Sans Telugu ${size}`,
        fontfile,
        width: textWidth,
        ...(height ? { height } : {}),
        // Whole words, or characters when one word is wider than the picture.
        wrap: 'word-char',
        rgba: true,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
  const maxTitleHeight = HEIGHT - 2 * MARGIN - 90;
  let titleImage = await render(title, 60);
  // Too long for the picture at 60 pt: let Pango choose the size that fills the box.
  if (titleImage.info.height > maxTitleHeight) titleImage = await render(title, 60, maxTitleHeight);
  const label = await render(categoryName, 30);
  // Pango may still draw wider than asked (a glyph run it cannot break): never past the picture.
  const fit = async (image: { data: Buffer; info: { width: number; height: number } }, maxHeight: number) =>
    image.info.width <= textWidth && image.info.height <= maxHeight
      ? image.data
      : sharp(image.data).resize({ width: textWidth, height: maxHeight, fit: 'inside' }).png().toBuffer();
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="${colour}"/><rect width="100%" height="100%" fill="url(#g)"/>
      <rect x="${MARGIN}" y="${MARGIN + 62}" width="120" height="6" fill="#fff"/>
    </svg>`,
  );
  return sharp(background)
    .composite([
      { input: await fit(label, 60), top: MARGIN, left: MARGIN },
      { input: await fit(titleImage, maxTitleHeight), top: MARGIN + 100, left: MARGIN },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}
