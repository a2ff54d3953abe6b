/**
 * The documents the families of `npm run bench:kanyadan` send: a few distinct noisy phone photos
 * (JPEG, ≈ 1 MB each, 2400 × 1800 with a phone's EXIF and GPS) and a few one-page A4 PDFs that embed
 * a ≈ 1 MB scanned-page JPEG, as a scanner or a phone's "save as PDF" makes them. Generated fresh at
 * every run from a fixed seed; their real sizes are measured and printed by run.ts.
 */
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { seededRandom } from '#server/testing/seeded-random';


/** Roughly normal noise (sum of three uniforms), mean 0, standard deviation ≈ 1. */
function noise(random: () => number): number {
  return (random() + random() + random() - 1.5) * 2;
}

/**
 * A smooth scene (a small random colour field blown up, as out-of-focus background and shapes are)
 * with sharp-edged rectangles (a card, a face's outline, text blocks) and sensor noise on top: it
 * compresses like a real photo, unlike pure noise (far too big) or a flat colour (far too small).
 */
async function scenePixels(width: number, height: number, seed: number, grey: boolean, noiseSigma: number): Promise<Buffer> {
  const random = seededRandom(seed);
  const cells = Buffer.alloc(16 * 12 * 3);
  for (let i = 0; i < cells.length; i++) cells[i] = 40 + Math.floor(random() * 180);
  const base = await sharp(cells, { raw: { width: 16, height: 12, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  // Rectangles with hard edges: lines of "text" on documents, objects on photos.
  for (let r = 0; r < 60; r++) {
    const w = Math.floor(random() * width * (grey ? 0.5 : 0.25)) + 20;
    const h = grey ? 6 + Math.floor(random() * 14) : Math.floor(random() * height * 0.25) + 20;
    const x0 = Math.floor(random() * (width - w));
    const y0 = Math.floor(random() * (height - h));
    const colour = [Math.floor(random() * 255), Math.floor(random() * 255), Math.floor(random() * 255)];
    for (let y = y0; y < y0 + h; y++) {
      for (let x = x0; x < x0 + w; x++) {
        const at = (y * width + x) * 3;
        for (let c = 0; c < 3; c++) base[at + c] = (base[at + c]! + colour[c]!) >> 1;
      }
    }
  }
  for (let i = 0; i < base.length; i += 3) {
    if (grey) {
      const value = Math.max(0, Math.min(255, Math.round((base[i]! + base[i + 1]! + base[i + 2]!) / 3 + noiseSigma * noise(random))));
      base[i] = base[i + 1] = base[i + 2] = value;
    } else {
      for (let c = 0; c < 3; c++) base[i + c] = Math.max(0, Math.min(255, Math.round(base[i + c]! + noiseSigma * noise(random))));
    }
  }
  return base;
}

/** The JPEG quality whose file is closest to `targetBytes` (bisection over 40–98). */
async function jpegNear(pixels: Buffer, width: number, height: number, targetBytes: number, withExif: boolean): Promise<{ bytes: Buffer; quality: number }> {
  const encode = (quality: number) => {
    let pipeline = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality, chromaSubsampling: '4:2:0' });
    if (withExif) {
      pipeline = pipeline.withMetadata({
        orientation: 1,
        exif: {
          IFD0: { Make: 'Xiaomi', Model: 'Redmi Note 12', Software: 'MIUI Camera' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 35/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '85/1 8/1 0/1' },
        },
      });
    }
    return pipeline.toBuffer();
  };
  let low = 40;
  let high = 98;
  let best = { bytes: await encode(low), quality: low };
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    const candidate = await encode(middle);
    if (Math.abs(candidate.length - targetBytes) < Math.abs(best.bytes.length - targetBytes)) best = { bytes: candidate, quality: middle };
    if (candidate.length > targetBytes) high = middle;
    else low = middle;
  }
  return best;
}

export interface BenchDocument {
  bytes: Buffer;
  /** What it is, for the printout: pixels, JPEG quality. */
  description: string;
}

export interface BenchDocuments {
  /** Phone photos (the girl's photo, the Aadhaar cards): JPEG. */
  photos: BenchDocument[];
  /** Birth certificates: one-page PDFs embedding a scanned JPEG. */
  pdfs: BenchDocument[];
}

export const TARGET_DOCUMENT_BYTES = 1_000_000;

export async function makeDocuments(options: { photos: number; pdfs: number; targetBytes?: number }): Promise<BenchDocuments> {
  const target = options.targetBytes ?? TARGET_DOCUMENT_BYTES;
  const photos: BenchDocument[] = [];
  for (let i = 0; i < options.photos; i++) {
    const [width, height] = [2400, 1800];
    const jpeg = await jpegNear(await scenePixels(width, height, 1000 + i, false, 7), width, height, target, true);
    photos.push({ bytes: jpeg.bytes, description: `JPEG ${width}×${height}, quality ${jpeg.quality}, EXIF+GPS` });
  }
  const pdfs: BenchDocument[] = [];
  for (let i = 0; i < options.pdfs; i++) {
    // An A4 page scanned at 200 dpi; the PDF's own structure adds about a kilobyte.
    const [width, height] = [1654, 2339];
    const scan = await jpegNear(await scenePixels(width, height, 2000 + i, true, 9), width, height, target - 1_500, false);
    const pdf = await PDFDocument.create();
    pdf.setTitle('Birth certificate');
    pdf.setProducer('Bench scanner');
    const image = await pdf.embedJpg(scan.bytes);
    const page = pdf.addPage([595.28, 841.89]);
    page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
    pdfs.push({ bytes: Buffer.from(await pdf.save()), description: `PDF, 1 A4 page embedding a ${width}×${height} JPEG scan (quality ${scan.quality})` });
  }
  return { photos, pdfs };
}
