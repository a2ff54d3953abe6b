/**
 * A phone's camera photo (12–13 megapixels, 3–6 MB) is made smaller on the phone before it is sent
 * (issue 29): a long side of at most 2,000 px, JPEG. That is all the team needs to read a card or a
 * certificate (the server keeps 2,000 px too), a 5.5 MB photo is then accepted instead of refused,
 * and a family on a slow line sends a fifth of the bytes. PDFs are sent as they are.
 */
import { MAX_DOCUMENT_BYTES } from './application-rules.public.ts';
import type { DocumentMediaType } from './file-type.public.ts';

export const SHRINK_MAX_SIDE = 2000;
export const SHRINK_JPEG_QUALITY = 0.85;
/** A photo smaller than this, already within the side, is sent as it is: shrinking it gains little. */
export const SHRINK_FROM_BYTES = 1024 * 1024;

export type ShrinkDecision = { shrink: false } | { shrink: true; width: number; height: number };

/**
 * Whether to re-encode a chosen image, and to what size: a PDF never; an image with a long side
 * above 2,000 px, scaled to 2,000 (never enlarged); an image within the side but over 1 MB (a PNG
 * screenshot, a photo saved at top quality), re-encoded as JPEG at its own size.
 */
export function shrinkDecision(image: { mediaType: DocumentMediaType; bytes: number; width: number; height: number }): ShrinkDecision {
  if (image.mediaType === 'application/pdf' || image.width <= 0 || image.height <= 0) return { shrink: false };
  const longSide = Math.max(image.width, image.height);
  if (longSide <= SHRINK_MAX_SIDE && image.bytes <= SHRINK_FROM_BYTES) return { shrink: false };
  const scale = Math.min(1, SHRINK_MAX_SIDE / longSide);
  return { shrink: true, width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

/** Which of two files to send: the shrunk one, unless it came out larger than an original that was already acceptable. */
export function preferred(original: File, shrunk: File): File {
  return shrunk.size < original.size || original.size > MAX_DOCUMENT_BYTES ? shrunk : original;
}

/** `IMG_0001.HEIC.png` → `IMG_0001.HEIC.jpg`: the name says what the bytes are now. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${base || 'photo'}.jpg`;
}

/**
 * The photo made smaller (shrinkDecision), or the original when it needs nothing, when the browser
 * cannot decode it (the server then says what is wrong), or when the result would be larger. The
 * bitmap is decoded once, turned upright by its EXIF orientation, and closed at once.
 */
export async function shrinkPhoto(file: File, mediaType: DocumentMediaType): Promise<File> {
  if (mediaType === 'application/pdf' || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap | null = null;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const decision = shrinkDecision({ mediaType, bytes: file.size, width: bitmap.width, height: bitmap.height });
    if (!decision.shrink) return file;
    const blob = await drawJpeg(bitmap, decision.width, decision.height);
    if (!blob) return file;
    return preferred(file, new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }));
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}

/** On white first: JPEG has no transparency, and a PNG's transparent parts would turn black. */
function paint(context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D, bitmap: ImageBitmap, width: number, height: number): void {
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

async function drawJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    paint(context, bitmap, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: SHRINK_JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  paint(context, bitmap, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', SHRINK_JPEG_QUALITY));
  // A canvas's pixels are freed sooner once it has no size (Safari keeps them otherwise).
  canvas.width = 0;
  canvas.height = 0;
  return blob;
}
