import {
  DOCUMENT_ACCEPT,
  MAX_DOCUMENT_BYTES,
  UPLOAD_EMPTY,
  UPLOAD_TOO_LARGE,
  UPLOAD_WRONG_TYPE_IMAGES,
  UPLOAD_WRONG_TYPE_IMAGES_OR_PDF,
  type DocumentKind,
} from './application-rules.public.ts';

export type DocumentMediaType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** Enough of a file's start to recognise every type we take (WebP needs 12 bytes). */
export const SNIFF_BYTES = 16;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
}

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];

/**
 * The type a file really is, from its first bytes (magic numbers), not from its name or the type
 * the phone guessed from the name: a renamed file is caught before it is sent. The server checks
 * the content again, and more thoroughly.
 */
export function mediaTypeOf(head: Uint8Array): DocumentMediaType | null {
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  if (startsWith(head, PDF)) return 'application/pdf';
  return null;
}

export function isAcceptedFor(kind: DocumentKind, mediaType: DocumentMediaType | null): boolean {
  if (mediaType === null) return false;
  return DOCUMENT_ACCEPT[kind] === 'images-or-pdf' || mediaType !== 'application/pdf';
}

/** What the `accept` attribute offers in the phone's file picker (a hint only; the bytes decide). */
export function acceptAttributeOf(kind: DocumentKind): string {
  const images = 'image/jpeg,image/png,image/webp';
  return DOCUMENT_ACCEPT[kind] === 'images-or-pdf' ? `${images},application/pdf` : images;
}

/** The reason a chosen file cannot be sent (a server message, English), or null when it can. */
export function documentProblem(kind: DocumentKind, size: number, mediaType: DocumentMediaType | null): string | null {
  if (size === 0) return UPLOAD_EMPTY;
  if (!isAcceptedFor(kind, mediaType)) return DOCUMENT_ACCEPT[kind] === 'images' ? UPLOAD_WRONG_TYPE_IMAGES : UPLOAD_WRONG_TYPE_IMAGES_OR_PDF;
  if (size > MAX_DOCUMENT_BYTES) return UPLOAD_TOO_LARGE;
  return null;
}

/** Reads only the first bytes of the file, so a 5 MB photo is not loaded to learn its type. */
export async function sniffFile(file: Blob): Promise<DocumentMediaType | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return mediaTypeOf(head);
}

/** 5 MB, 340 KB, 120 bytes — as phones show file sizes (1 MB = 1024 KB), one decimal at most. */
export function formatFileSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${trimDecimal(mb)} MB`;
  const kb = bytes / 1024;
  if (kb >= 1) return `${trimDecimal(kb)} KB`;
  return `${bytes} B`;
}

function trimDecimal(value: number): string {
  const text = value.toFixed(1);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}
