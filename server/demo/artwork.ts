// Demo pictures drawn locally (no network): SVG compositions rendered by sharp, then handed to the
// image pipeline like any upload. Latin text only: librsvg may have no Telugu font.
import { loadSharp } from '../media/encode.ts';

/** A small deterministic PRNG, so the same seed draws the same pictures (and the same keys). */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function shade(hex: string, factor: number) {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, Math.round(((n >> shift) & 255) * factor)));
  return `rgb(${channel(16)},${channel(8)},${channel(0)})`;
}

/** A 16:9 news picture: category colour, abstract shapes, a big Latin motif and a number. */
export function newsPictureSvg(opts: {
  colour: string;
  motif: string;
  number: number;
  seed: number;
  width?: number;
  height?: number;
}) {
  const { colour, motif, number, seed } = opts;
  const width = opts.width ?? 1280;
  const height = opts.height ?? 720;
  const random = prng(seed);
  const shapes: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = Math.round(random() * width);
    const y = Math.round(random() * height);
    const size = Math.round(60 + random() * 260);
    const opacity = (0.08 + random() * 0.22).toFixed(2);
    const fill = random() > 0.5 ? '#ffffff' : shade(colour, 0.45);
    shapes.push(
      random() > 0.45
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${fill}" fill-opacity="${opacity}"/>`
        : `<rect x="${x - size}" y="${y - size / 2}" width="${size * 2}" height="${size}" rx="18" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${Math.round(random() * 60 - 30)} ${x} ${y})"/>`,
    );
  }
  // A skyline of bars along the bottom reads as "city" at thumbnail size.
  const bars: string[] = [];
  for (let x = 0; x < width; x += 40 + Math.round(random() * 40)) {
    const h = Math.round(height * (0.12 + random() * 0.3));
    bars.push(
      `<rect x="${x}" y="${height - h}" width="${30 + Math.round(random() * 30)}" height="${h}" fill="${shade(colour, 0.3)}" fill-opacity="0.55"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${shade(colour, 1.35)}"/>
      <stop offset="0.55" stop-color="${colour}"/>
      <stop offset="1" stop-color="${shade(colour, 0.55)}"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${shapes.join('\n  ')}
  ${bars.join('\n  ')}
  <text x="${width * 0.06}" y="${height * 0.3}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${Math.round(height * 0.26)}" fill="#ffffff" fill-opacity="0.9">${number}</text>
  <text x="${width * 0.06}" y="${height * 0.55}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${Math.round(height * 0.12)}" letter-spacing="6" fill="#ffffff" fill-opacity="0.85">${escapeXml(motif)}</text>
</svg>`;
}

/**
 * A head-and-shoulders portrait (square) for a demo author page: soft studio light behind a face,
 * hair and shirt in the given colours, shaded with gradients so it reads as a photo at byline size.
 */
export function portraitSvg(opts: { skin: string; hair: string; shirt: string; seed: number; size?: number }) {
  const size = opts.size ?? 600;
  const random = prng(opts.seed);
  const tilt = Math.round(random() * 6 - 3);
  const backdrop = shade(opts.shirt, 1.6);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">
  <defs>
    <radialGradient id="light" cx="0.35" cy="0.3" r="0.9">
      <stop offset="0" stop-color="${shade(backdrop, 1.25)}"/><stop offset="1" stop-color="${shade(backdrop, 0.45)}"/>
    </radialGradient>
    <radialGradient id="face" cx="0.4" cy="0.35" r="0.75">
      <stop offset="0" stop-color="${shade(opts.skin, 1.2)}"/><stop offset="1" stop-color="${shade(opts.skin, 0.7)}"/>
    </radialGradient>
    <linearGradient id="shirt" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${shade(opts.shirt, 1.2)}"/><stop offset="1" stop-color="${shade(opts.shirt, 0.5)}"/>
    </linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="2"/></filter>
  </defs>
  <rect width="600" height="600" fill="url(#light)"/>
  <g transform="rotate(${tilt} 300 300)" filter="url(#soft)">
    <path d="M60 600 C70 470 170 420 300 420 C430 420 530 470 540 600 Z" fill="url(#shirt)"/>
    <path d="M255 380 L345 380 L335 450 L265 450 Z" fill="${shade(opts.skin, 0.75)}"/>
    <path d="M240 430 L300 500 L360 430 L345 420 L300 470 L255 420 Z" fill="#f4f4f4" fill-opacity="0.9"/>
    <ellipse cx="300" cy="265" rx="108" ry="135" fill="url(#face)"/>
    <path d="M188 250 C185 150 240 112 305 112 C372 112 418 160 412 250 C400 200 370 175 300 178 C235 180 205 205 188 250 Z" fill="${opts.hair}"/>
    <ellipse cx="260" cy="262" rx="13" ry="8" fill="${shade(opts.hair, 1.2)}"/>
    <ellipse cx="340" cy="262" rx="13" ry="8" fill="${shade(opts.hair, 1.2)}"/>
    <path d="M300 275 C292 305 290 318 304 322" stroke="${shade(opts.skin, 0.6)}" stroke-width="5" fill="none"/>
    <path d="M268 345 C288 358 314 358 333 345" stroke="${shade(opts.skin, 0.5)}" stroke-width="6" fill="none" stroke-linecap="round"/>
  </g>
</svg>`;
}

/** A wide advertisement banner (1280 x 213, six times as wide as tall, so the pipeline keeps a 1280 variant). */
export function bannerSvg(opts: { colour: string; motif: string; seed: number; width?: number; height?: number }) {
  const width = opts.width ?? 1280;
  const height = opts.height ?? 213;
  const random = prng(opts.seed);
  const dots = Array.from({ length: 14 }, () => {
    const r = Math.round(10 + random() * 60);
    return `<circle cx="${Math.round(width * 0.55 + random() * width * 0.45)}" cy="${Math.round(random() * height)}" r="${r}" fill="#fff" fill-opacity="${(0.08 + random() * 0.2).toFixed(2)}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${shade(opts.colour, 0.6)}"/><stop offset="1" stop-color="${shade(opts.colour, 1.3)}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${dots.join('\n  ')}
  <text x="40" y="${Math.round(height * 0.62)}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${Math.round(height * 0.25)}" fill="#fff">${escapeXml(opts.motif)}</text>
  <rect x="${width - 230}" y="${Math.round(height / 2 - 32)}" width="190" height="64" rx="32" fill="#fff"/>
  <text x="${width - 135}" y="${Math.round(height / 2 + 11)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="30" fill="${shade(opts.colour, 0.7)}">SHOP NOW</text>
</svg>`;
}

export async function renderJpeg(svg: string) {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

export async function renderPng(svg: string) {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
