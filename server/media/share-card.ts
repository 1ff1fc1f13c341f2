// The picture a shared link shows: the story's photo (or its category's colour), a dark gradient,
// the headline in at most three lines and the site's name and logo. Telugu is shaped by Pango and
// HarfBuzz through sharp's text input, with the font file that ships in ./fonts/ (not whatever
// fonts the host has), so every host makes the same picture.
import { fileURLToPath } from 'node:url';
import { SITE_NAME } from '../../contract/site.ts';
import { loadSharp } from './encode.ts';

/** The Noto Sans Telugu Bold the cards are set in (OFL, ./fonts/OFL.txt). */
export const CARD_FONT_FILE = fileURLToPath(new URL('./fonts/NotoSansTelugu-Bold.ttf', import.meta.url));
const FONT = 'Noto Sans Telugu Bold';

/** Bumped when the drawing changes: part of every card's name, so old pictures are remade. */
export const CARD_LAYOUT_VERSION = 1;
export const CARD_MAX_LINES = 3;
const ELLIPSIS = '…';

export type CardShape = 'wide' | 'square';
/** Link previews (Open Graph, X) and WhatsApp status / Instagram. */
export const CARD_SIZES: Record<CardShape, { width: number; height: number }> = {
  wide: { width: 1200, height: 630 },
  square: { width: 1080, height: 1080 },
};
const LAYOUT: Record<CardShape, { margin: number; headline: number; brand: number }> = {
  wide: { margin: 56, headline: 52, brand: 30 },
  square: { margin: 64, headline: 64, brand: 34 },
};

export type CardInput = {
  title: string;
  /** The story's photo (any format sharp reads), or undefined for the category colour. */
  photo?: Buffer;
  /** `#rrggbb`: the background of a story without a photo. */
  colour: string;
};

type Rendered = { data: Buffer; width: number; height: number };
const escapeMarkup = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

async function renderText(text: string, size: number, width: number): Promise<Rendered> {
  const sharp = await loadSharp();
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="white">${escapeMarkup(text)}</span>`,
      font: `${FONT} ${size}`,
      fontfile: CARD_FONT_FILE,
      width,
      rgba: true,
      wrap: 'word',
      spacing: Math.round(size * 0.25),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** How tall `lines` lines of this size are, measured by rendering them (Telugu marks reach far). */
async function heightOfLines(size: number, width: number, lines: number) {
  const probe = Array.from({ length: lines }, () => 'క్షృ').join('\n');
  return (await renderText(probe, size, width)).height;
}

/**
 * The headline as it fits in CARD_MAX_LINES lines: whole, or cut after the most words that fit with
 * an ellipsis. Measured by rendering (Pango breaks the lines), never by counting characters.
 */
export async function fitHeadline(title: string, size: number, width: number): Promise<{ text: string; image: Rendered }> {
  const limit = (await heightOfLines(size, width, CARD_MAX_LINES)) + Math.round(size * 0.2);
  const whole = title.replace(/\s+/g, ' ').trim();
  const first = await renderText(whole, size, width);
  if (first.height <= limit) return { text: whole, image: first };
  const words = whole.split(' ');
  // The most words (with the ellipsis) that still fit: a binary search, each step one rendering.
  let lo = 1;
  let hi = words.length - 1;
  let best: { text: string; image: Rendered } | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const text = `${words.slice(0, mid).join(' ')}${ELLIPSIS}`;
    const image = await renderText(text, size, width);
    if (image.height <= limit) {
      best = { text, image };
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (best) return best;
  const text = `${words[0]}${ELLIPSIS}`;
  return { text, image: await renderText(text, size, width) };
}

/** The logo of favicon.svg (a red tile with 'తె'), its letters set in the card's font. */
async function logo(size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const tile = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#b3121f"/></svg>`,
  );
  const letters = await renderText('తె', Math.round(size * 0.5), size);
  return sharp(tile)
    .composite([{ input: letters.data, gravity: 'center' }])
    .png()
    .toBuffer();
}

async function background(input: CardInput, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  if (input.photo) {
    return sharp(input.photo)
      .autoOrient()
      .resize({ width, height, fit: 'cover', position: 'attention' })
      .toColourspace('srgb')
      .png()
      .toBuffer();
  }
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.1"/></linearGradient></defs><rect width="${width}" height="${height}" fill="${input.colour}"/><rect width="${width}" height="${height}" fill="url(#g)"/></svg>`,
    ),
  )
    .png()
    .toBuffer();
}

/** The card as a JPEG of CARD_SIZES[shape]. */
export async function renderShareCard(input: CardInput, shape: CardShape): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = CARD_SIZES[shape];
  const { margin, headline: size, brand } = LAYOUT[shape];
  const textWidth = width - 2 * margin;
  const [base, fitted, name, mark] = await Promise.all([
    background(input, width, height),
    fitHeadline(input.title, size, textWidth),
    renderText(SITE_NAME, brand, textWidth),
    logo(Math.round(brand * 1.8)),
  ]);
  // A headline wider than asked (one word longer than a line) is scaled down, never cut off.
  const headline =
    fitted.image.width > textWidth
      ? await sharp(fitted.image.data).resize({ width: textWidth }).png().toBuffer({ resolveWithObject: true })
      : { data: fitted.image.data, info: fitted.image };
  const markSize = Math.round(brand * 1.8);
  const brandTop = height - margin - markSize;
  const headlineTop = Math.max(margin, brandTop - Math.round(margin * 0.5) - headline.info.height);
  // Dark from the headline's top down, so white text reads on any photo.
  const fadeFrom = Math.max(0, headlineTop - Math.round(height * 0.25)) / height;
  const shade = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="${fadeFrom.toFixed(3)}" stop-color="#000" stop-opacity="0"/><stop offset="${Math.min(1, headlineTop / height + 0.05).toFixed(3)}" stop-color="#000" stop-opacity="0.62"/><stop offset="1" stop-color="#000" stop-opacity="0.86"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#s)"/><rect x="${margin}" y="${brandTop - Math.round(margin * 0.25)}" width="${textWidth}" height="2" fill="#fff" fill-opacity="0.35"/></svg>`,
  );
  return sharp(base)
    .composite([
      { input: shade, top: 0, left: 0 },
      { input: headline.data, top: headlineTop, left: margin },
      { input: mark, top: brandTop, left: margin },
      {
        input: name.data,
        top: brandTop + Math.round((markSize - name.height) / 2),
        left: margin + markSize + Math.round(brand * 0.5),
      },
    ])
    .flatten({ background: '#000000' })
    .jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: '4:2:0' })
    .toBuffer();
}
