import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_WRONG_TYPE_IMAGES, UPLOAD_WRONG_TYPE_IMAGES_OR_PDF, UPLOAD_WRONG_TYPE_PDF } from './upload-messages.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_TYPES)[number];
export type UploadMediaType = ImageMediaType | 'application/pdf';

/**
 * What a call accepts. Named sets rather than free lists, so the refusal always names exactly what
 * is accepted (in both languages).
 */
export type UploadAccept = 'images' | 'pdf' | 'images-or-pdf';

const ACCEPTED: Record<UploadAccept, readonly UploadMediaType[]> = {
  images: IMAGE_TYPES,
  pdf: ['application/pdf'],
  'images-or-pdf': [...IMAGE_TYPES, 'application/pdf'],
};

const WRONG_TYPE: Record<UploadAccept, string> = {
  images: UPLOAD_WRONG_TYPE_IMAGES,
  pdf: UPLOAD_WRONG_TYPE_PDF,
  'images-or-pdf': UPLOAD_WRONG_TYPE_IMAGES_OR_PDF,
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
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  return ACCEPTED[accept].find((type) => type === found.mime) ?? null;
}
