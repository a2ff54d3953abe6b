import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_WRONG_TYPE_CSV, UPLOAD_WRONG_TYPE_IMAGES, UPLOAD_WRONG_TYPE_IMAGES_OR_PDF, UPLOAD_WRONG_TYPE_PDF, UPLOAD_WRONG_TYPE_PDF_OR_ZIP, UPLOAD_WRONG_TYPE_STATEMENT } from './upload-messages.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_TYPES)[number];
export type DocumentMediaType = ImageMediaType | 'application/pdf';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLS_TYPE = 'application/vnd.ms-excel';
export type StatementMediaType = 'text/csv' | typeof XLSX_TYPE | typeof XLS_TYPE;
export type UploadMediaType = DocumentMediaType | StatementMediaType | 'application/zip';

/**
 * What a call accepts. Named sets rather than free lists, so the refusal always names exactly what
 * is accepted (in both languages).
 */
export type UploadAccept = 'images' | 'pdf' | 'images-or-pdf' | 'csv' | 'statement' | 'pdf-or-zip';

/** The types an accepted set lets through, for typing what a form received. */
export type AcceptedMediaType<A extends UploadAccept> = A extends 'images' ? ImageMediaType : A extends 'pdf' ? 'application/pdf' : A extends 'images-or-pdf' ? DocumentMediaType : A extends 'csv' ? 'text/csv' : A extends 'pdf-or-zip' ? 'application/pdf' | 'application/zip' : StatementMediaType;

const ACCEPTED: Record<UploadAccept, readonly UploadMediaType[]> = {
  images: IMAGE_TYPES,
  pdf: ['application/pdf'],
  'images-or-pdf': [...IMAGE_TYPES, 'application/pdf'],
  csv: ['text/csv'],
  statement: ['text/csv', XLSX_TYPE, XLS_TYPE],
  'pdf-or-zip': ['application/pdf', 'application/zip'],
};

const WRONG_TYPE: Record<UploadAccept, string> = {
  images: UPLOAD_WRONG_TYPE_IMAGES,
  pdf: UPLOAD_WRONG_TYPE_PDF,
  'images-or-pdf': UPLOAD_WRONG_TYPE_IMAGES_OR_PDF,
  csv: UPLOAD_WRONG_TYPE_CSV,
  statement: UPLOAD_WRONG_TYPE_STATEMENT,
  'pdf-or-zip': UPLOAD_WRONG_TYPE_PDF_OR_ZIP,
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
  if (accept === 'statement') return statementTypeOf(head);
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

/**
 * A bank statement as banks let it be downloaded: text (CSV, tab-separated, or an HTML table or
 * Excel 2003 XML saved as ".xls"), an Excel workbook (.xlsx, a ZIP file; its size unpacked is
 * checked when it is read) or an Excel 97–2003 workbook (.xls, a compound file).
 */
async function statementTypeOf(head: Uint8Array): Promise<StatementMediaType | null> {
  // UTF-16 text (Excel's "Unicode text") first: file-type takes its byte-order mark for MPEG audio.
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return 'text/csv';
  const found = await fileTypeFromBuffer(head);
  if (!found) return (await isText(head)) ? 'text/csv' : null;
  if (found.mime === 'application/zip' || found.mime === XLSX_TYPE) return XLSX_TYPE;
  if (found.mime === 'application/x-cfb' || found.mime === XLS_TYPE) return XLS_TYPE;
  if (found.mime === 'application/xml') return 'text/csv';
  return null;
}
