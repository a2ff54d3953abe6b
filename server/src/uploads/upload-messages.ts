/**
 * What a person reads when an upload is refused. English here; the web translates each through
 * web/src/i18n/{en,hi}/messages.json "serverMessages" (keys with {placeholders} match the filled-in
 * text). A change here needs the same change there.
 */
export const UPLOAD_NO_FILE = 'Choose a file to upload.';
export const UPLOAD_ONE_FILE_ONLY = 'Send one file only, with no other form fields.';
export const UPLOAD_EMPTY = 'The file is empty. Please choose another one.';
export const UPLOAD_MALFORMED = 'The upload could not be read. Send the file as multipart/form-data.';
export const UPLOAD_INTERRUPTED = 'The upload was interrupted. Please try again.';
export const UPLOAD_WRONG_TYPE_IMAGES = 'Only JPEG, PNG or WebP images can be uploaded.';
export const UPLOAD_WRONG_TYPE_PDF = 'Only PDF files can be uploaded.';
export const UPLOAD_WRONG_TYPE_IMAGES_OR_PDF = 'Only JPEG, PNG or WebP images or PDF files can be uploaded.';
export const UPLOAD_WRONG_TYPE_CSV = 'Only CSV files (text, comma separated) can be uploaded.';
export const UPLOAD_WRONG_TYPE_PDF_OR_ZIP = 'Only PDF files, or ZIP files of PDFs, can be uploaded.';
export const UPLOAD_WRONG_TYPE_STATEMENT = 'Only bank statements as CSV or text files, or Excel files (.xls, .xlsx), can be uploaded.';
export const IMAGE_UNREADABLE = 'The image could not be read. It may be damaged or incomplete; please choose another one.';
export const IMAGE_TOO_MANY_PIXELS = 'The image has too many pixels. Please choose a smaller one.';
export const PDF_UNREADABLE = 'The PDF could not be read. It may be damaged or incomplete; please choose another one.';
export const PDF_ENCRYPTED = 'Password-protected PDFs cannot be accepted. Please upload a copy without a password.';
export const PDF_UNAVAILABLE = 'PDF files cannot be accepted right now. Please upload a photo of the document instead, or try again later.';

/** "The file is larger than {limit}. Please choose a smaller one." */
export function uploadTooLarge(maxBytes: number): string {
  return `The file is larger than ${formatBytes(maxBytes)}. Please choose a smaller one.`;
}

/** "The PDF has more than {limit} pages. Please upload a shorter one." */
export function pdfTooManyPages(maxPages: number): string {
  return `The PDF has more than ${maxPages} pages. Please upload a shorter one.`;
}

/** 5 MB, 512 KB, 100 bytes: the units people see on their phones (1 MB = 1024 KB). */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  const kb = bytes / 1024;
  if (kb >= 1) return `${Number.isInteger(kb) ? kb : kb.toFixed(1)} KB`;
  return `${bytes} bytes`;
}
