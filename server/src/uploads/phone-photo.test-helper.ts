/**
 * Photos as a phone camera makes them, for the upload tests and `npm run bench:uploads`: 12 or 13
 * megapixels of a smooth scene with sensor noise, JPEG at quality ~92, 3.5–5.5 MB. Generated at run
 * time (nothing big is committed); the seed makes each photo distinct and repeatable.
 */
import sharp from 'sharp';
import { seededRandom } from '#server/testing/seeded-random';

export interface PhonePhoto {
  bytes: Buffer;
  width: number;
  height: number;
  quality: number;
}


/**
 * A `width`×`height` JPEG: a blown-up random colour field (the scene) plus per-pixel noise of
 * `noise` levels, encoded at `quality`. At 4000×3000, noise 10 and quality 92 a file is about 3.6–4 MB;
 * raise `noise` for a larger file.
 */
export async function phonePhoto(options: { width?: number; height?: number; seed?: number; noise?: number; quality?: number } = {}): Promise<PhonePhoto> {
  const width = options.width ?? 4000;
  const height = options.height ?? 3000;
  const quality = options.quality ?? 92;
  const random = seededRandom(options.seed ?? 1);
  const cells = Buffer.alloc(24 * 18 * 3);
  for (let i = 0; i < cells.length; i++) cells[i] = 30 + Math.floor(random() * 190);
  const pixels = await sharp(cells, { raw: { width: 24, height: 18, channels: 3 } }).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  const noise = options.noise ?? 10;
  // A table of noise values walked with a random stride: far faster than a random number per byte.
  const table = new Int16Array(65_536);
  for (let i = 0; i < table.length; i++) table[i] = Math.round((random() + random() + random() - 1.5) * 2 * noise);
  let at = Math.floor(random() * table.length);
  for (let i = 0; i < pixels.length; i++) {
    at = (at + 7919 + (i & 255)) & 65_535;
    const value = pixels[i]! + table[at]!;
    pixels[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
  const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .withMetadata({ orientation: 1, exif: { IFD0: { Make: 'Xiaomi', Model: 'Redmi Note 12' } } })
    .toBuffer();
  return { bytes, width, height, quality };
}
