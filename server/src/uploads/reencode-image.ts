import os from 'node:os';
import sharp, { type SharpOptions } from 'sharp';
import { AppError } from '#server/errors/app-error';
import { createSlots } from '#server/lib/slots';
import { IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE } from './upload-messages.ts';
import type { ImageMediaType } from './upload-types.ts';

// Every upload is decoded once: libvips' cache of recent operations (up to 50 MB and 100 files by
// default) would only hold on to memory; and the queue already runs several jobs at once, so one
// libvips thread per image costs no speed and less memory (bench/kanyadan: worker peak 455 → 358 MiB
// with MALLOC_ARENA_MAX=2, the same 13.3 documents/s; docs/decisions/026).
sharp.cache(false);
sharp.concurrency(1);
/**
 * One image at a time per core in this process: decoding is CPU work, so the queue's other jobs
 * gain nothing by decoding alongside and only hold more pixels in memory meanwhile.
 */
const imageSlots = createSlots(os.availableParallelism());

/** Decoding stops above this many pixels: a small file must not expand into gigabytes (a "decompression bomb"). */
export const DEFAULT_MAX_INPUT_PIXELS = 40_000_000;
export const DEFAULT_MAX_SIDE = 2048;

export interface ReencodeImageOptions {
  /** Longest side of the result; larger images are scaled down, smaller ones are never enlarged. */
  maxSide?: number;
  maxInputPixels?: number;
  format?: 'webp' | 'jpeg' | 'png';
  /** 1-100, for WebP and JPEG. */
  quality?: number;
  /** WebP's encoder effort, 0 (fastest) to 6; sharp's default is 4. Scans read the same at 0, ~2.7× faster. */
  webpEffort?: number;
  /**
   * The kernel that scales down; sharp's default lanczos3 keeps the most detail. A modest reduction
   * (a phone's 2400 px to 2000) reads as well with linear, at about half the cost of the resize.
   */
  kernel?: 'linear' | 'lanczos3';
  /** JPEG through mozjpeg's encoder (the default): files about a third smaller, at about 2.4× the time (bench/kanyadan). */
  mozjpeg?: boolean;
  /**
   * JPEG's Huffman tables made for this image (sharp's default): a second pass over it for a file
   * about a tenth smaller. Off, libjpeg's standard tables: about a sixth less CPU per image
   * (bench/kanyadan: 75 → 62 ms for a 2400 × 1800 photo to 2000 px, 270 → 299 KB).
   */
  optimiseCoding?: boolean;
  /**
   * Instead of fitting inside `maxSide`: exactly this size, the image scaled to cover it and the rest
   * cropped away (an I-card photo). `position` 'attention' keeps the busiest part (a face, usually:
   * skin tones, saturation, detail), 'centre' the middle. A smaller image is enlarged to the size.
   */
  cover?: { width: number; height: number; position: 'attention' | 'centre' };
}

export interface ReencodedImage {
  bytes: Buffer;
  mediaType: ImageMediaType;
  width: number;
  height: number;
}

const OUTPUT_TYPE = { webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' } as const satisfies Record<string, ImageMediaType>;
/** Only what the upload types admit goes to the decoder (sharp also reads SVG, TIFF, GIF, HEIF...). */
const DECODABLE = new Set(['jpeg', 'png', 'webp']);

/**
 * Re-encodes an uploaded image so that only pixels survive: decoded under a pixel limit (checked
 * on the header, before decoding), turned upright by its EXIF orientation, scaled into the bounds,
 * and written fresh: sharp copies no EXIF, GPS, XMP or ICC data unless asked to. A truncated or
 * damaged file is refused (failOn 'error': libjpeg's "premature end" and libpng's read errors),
 * while harmless warnings some phones' files carry are tolerated.
 */
export function reencodeImage(bytes: Buffer, options: ReencodeImageOptions = {}): Promise<ReencodedImage> {
  return imageSlots.run(() => reencode(bytes, options));
}

async function reencode(bytes: Buffer, options: ReencodeImageOptions): Promise<ReencodedImage> {
  const maxSide = options.maxSide ?? DEFAULT_MAX_SIDE;
  const format = options.format ?? 'webp';
  const quality = options.quality ?? 85;
  const input = { limitInputPixels: options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS, failOn: 'error' as const, pages: 1 };
  try {
    await checkDecodable(bytes, input);
    const kernel = options.kernel ?? 'lanczos3';
    const { cover } = options;
    const pipeline = sharp(bytes, input)
      .rotate()
      .resize(
        cover
          ? { width: cover.width, height: cover.height, fit: 'cover', position: cover.position === 'attention' ? sharp.strategy.attention : 'centre', kernel }
          : { width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true, kernel },
      )
      .timeout({ seconds: 20 });
    const encoded =
      format === 'webp' ? pipeline.webp({ quality, ...(options.webpEffort === undefined ? {} : { effort: options.webpEffort }) }) : format === 'jpeg' ? pipeline.jpeg({ quality, mozjpeg: options.mozjpeg ?? true, optimiseCoding: options.optimiseCoding ?? true }) : pipeline.png({ compressionLevel: 9 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, mediaType: OUTPUT_TYPE[format], width: info.width, height: info.height };
  } catch (error) {
    throw refusal(error);
  }
}

/**
 * Whether an upload is an image that decodes, under the same limits and with the same refusals as
 * reencodeImage, before anything is recorded: a damaged file is a 400 at once, not an upload the
 * job turns down later. Decoded scaled down (JPEG and WebP decode at a fraction of their size; PNG in
 * full, sequentially), so the check costs a fraction of the re-encoding.
 */
export function checkImageDecodes(bytes: Buffer, options: Pick<ReencodeImageOptions, 'maxInputPixels'> = {}): Promise<void> {
  return imageSlots.run(async () => {
    const input = { limitInputPixels: options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS, failOn: 'error' as const, pages: 1, sequentialRead: true };
    try {
      await checkDecodable(bytes, input);
      await sharp(bytes, input).resize({ width: 64, height: 64, fit: 'inside' }).timeout({ seconds: 20 }).raw().toBuffer();
    } catch (error) {
      throw refusal(error);
    }
  });
}

async function checkDecodable(bytes: Buffer, input: SharpOptions): Promise<void> {
  const metadata = await sharp(bytes, input).metadata();
  if (!metadata.format || !DECODABLE.has(metadata.format)) {
    throw new AppError('BAD_REQUEST', { userMessage: IMAGE_UNREADABLE, message: `image refused: format ${metadata.format ?? 'unknown'}` });
  }
}

/** sharp's errors as the user's refusals: too many pixels, or not a readable image. */
function refusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new AppError('BAD_REQUEST', { userMessage: IMAGE_TOO_MANY_PIXELS, message: `image refused: ${message}`, cause: error });
  return new AppError('BAD_REQUEST', { userMessage: IMAGE_UNREADABLE, message: `image refused: ${message}`, cause: error });
}
