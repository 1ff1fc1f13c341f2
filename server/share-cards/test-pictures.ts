// Pictures for the share card tests.
import sharp from 'sharp';

/** A photo-like picture: a gradient with noise (a flat colour would compress to nothing). */
export async function photoLike(width = 1600, height = 1000): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = ((x * 7919 + y * 104729) ^ (x * y)) % 70;
      raw[i] = (x / width) * 180 + n;
      raw[i + 1] = (y / height) * 160 + n;
      raw[i + 2] = 110 + n;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
