import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_WRONG_TYPE_CSV, UPLOAD_WRONG_TYPE_IMAGES, UPLOAD_WRONG_TYPE_IMAGES_OR_PDF, UPLOAD_WRONG_TYPE_PDF } from './upload-messages.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_TYPES)[number];
export type DocumentMediaType = ImageMediaType | 'application/pdf';
export type UploadMediaType = DocumentMediaType | 'text/csv';

/**
 * What a call accepts. Named sets rather than free lists, so the refusal always names exactly what
 * is accepted (in both languages).
 */
export type UploadAccept = 'images' | 'pdf' | 'images-or-pdf' | 'csv';

/** The types an accepted set lets through, for typing what a form received. */
export type AcceptedMediaType<A extends UploadAccept> = A extends 'images' ? ImageMediaType : A extends 'pdf' ? 'application/pdf' : A extends 'images-or-pdf' ? DocumentMediaType : 'text/csv';

const ACCEPTED: Record<UploadAccept, readonly UploadMediaType[]> = {
  images: IMAGE_TYPES,
  pdf: ['application/pdf'],
  'images-or-pdf': [...IMAGE_TYPES, 'application/pdf'],
  csv: ['text/csv'],
};

const WRONG_TYPE: Record<UploadAccept, string> = {
  images: UPLOAD_WRONG_TYPE_IMAGES,
  pdf: UPLOAD_WRONG_TYPE_PDF,
  'images-or-pdf': UPLOAD_WRONG_TYPE_IMAGES_OR_PDF,
  csv: UPLOAD_WRONG_TYPE_CSV,
};

export function acceptedTypes(accept: UploadAccept): readonly UploadMediaType[] {
  return ACCEPTED[accept];
}

export function wrongTypeMessage(accept: UploadAccept): string {
  return WRONG_TYPE[accept];
}

export function isImageType(mediaType: UploadMediaType): mediaType is ImageMediaType {
  return (IMAGE_TYPES as readonly string[]).includes(mediaType);
}

/**
 * How many leading bytes file-type needs to recognise these types (its "reasonable detection
 * size"); the type is decided on them as soon as they have arrived.
 */
export const SNIFF_BYTES = 4100;

/**
 * The type of a file from its content (magic bytes, via file-type), never from its name or the type
 * a client claims; null when it is none of the accepted ones.
 */
export async function detectUploadType(head: Uint8Array, accept: UploadAccept): Promise<UploadMediaType | null> {
  if (accept === 'csv') return (await isText(head)) ? 'text/csv' : null;
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  return ACCEPTED[accept].find((type) => type === found.mime) ?? null;
}

/**
 * Text, as far as its first bytes tell: no format file-type knows (an image, a PDF, a ZIP such as
 * an Excel .xlsx) and no NUL byte (binary data; UTF-16 text, which some banks export, starts with its
 * byte-order mark and is let through for the statement reader to decode).
 */
async function isText(head: Uint8Array): Promise<boolean> {
  if (await fileTypeFromBuffer(head)) return false;
  const isUtf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  return isUtf16 || !head.includes(0);
}
