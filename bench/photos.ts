// Photo-like pictures for the benchmark: 1200×800 JPEGs of ~150 KB that compress like photographs
// (gradients, fractal noise, soft shapes and grain), not flat artwork that shrinks to a few KB and
// hides what pictures cost a reader's phone (docs/performance.md).
import sharp from 'sharp';
import { prng } from '../server/demo/artwork.ts';

export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;

/** Smooth value noise with lattice points `cell` pixels apart, in [-1, 1]. */
function valueNoise(random: () => number, width: number, height: number, cell: number) {
  const columns = Math.ceil(width / cell) + 2;
  const lattice = Float32Array.from({ length: columns * (Math.ceil(height / cell) + 2) }, () => random() * 2 - 1);
  return (x: number, y: number) => {
    const gx = x / cell;
    const gy = y / cell;
    const ix = Math.floor(gx);
    const iy = Math.floor(gy);
    const sx = (gx - ix) ** 2 * (3 - 2 * (gx - ix));
    const sy = (gy - iy) ** 2 * (3 - 2 * (gy - iy));
    const a = lattice[iy * columns + ix];
    const b = lattice[iy * columns + ix + 1];
    const c = lattice[(iy + 1) * columns + ix];
    const d = lattice[(iy + 1) * columns + ix + 1];
    return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
  };
}

export async function photoLikeJpeg(seed: number, width = PHOTO_WIDTH, height = PHOTO_HEIGHT): Promise<Buffer> {
  // Deterministic: the same seed draws the same picture.
  const random = prng(seed);
  const sky = [90 + random() * 80, 110 + random() * 80, 170 + random() * 60];
  const ground = [40 + random() * 90, 60 + random() * 80, 20 + random() * 50];
  const horizon = height * (0.35 + random() * 0.3);
  const shapes = Array.from({ length: 14 }, () => ({
    x: random() * width,
    y: random() * height,
    r: 40 + random() * 220,
    colour: [random() * 255, random() * 255, random() * 255],
  }));
  const octaves = [180, 60, 17, 5].map((cell) => valueNoise(random, width, height, cell));
  const weights = [1, 0.6, 0.35, 0.2];
  // Clamped: a channel past 255 stays white instead of wrapping round to black.
  const pixels = new Uint8ClampedArray(width * height * 3);
  for (let y = 0; y < height; y++) {
    const t = Math.min(1, Math.max(0, (y - horizon) / 40 + 0.5));
    for (let x = 0; x < width; x++) {
      let n = 0;
      for (let o = 0; o < octaves.length; o++) n += octaves[o](x, y) * weights[o];
      const rgb = [0, 1, 2].map((c) => sky[c] * (1 - t) + ground[c] * t + n * 30);
      for (const s of shapes) {
        const d2 = ((x - s.x) ** 2 + (y - s.y) ** 2) / (s.r * s.r);
        if (d2 < 1) for (let c = 0; c < 3; c++) rgb[c] += (s.colour[c] - rgb[c]) * (1 - d2) * 0.55;
      }
      const grain = (random() - 0.5) * 20;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = rgb[c] + grain;
    }
  }
  return sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}
