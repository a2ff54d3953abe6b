/**
 * Per-document progress of one multipart upload. XMLHttpRequest reports only how many bytes of
 * the whole body have gone; the body is the text fields first, then the files in order, so each
 * file occupies a known stretch of it. This lays the body out the way browsers encode
 * multipart/form-data and reads each file's share of the bytes sent.
 *
 * It is an estimate: the boundary's length differs between browsers (Chrome's and Safari's
 * "----WebKitFormBoundary" plus 16 characters is assumed) and names are escaped slightly
 * differently, a few dozen bytes in megabytes. When the browser reports the real total, the layout
 * is scaled to it so that the last file reaches 100 % exactly when the upload ends.
 */

export interface TextPart {
  name: string;
  value: string;
}

export interface FilePart {
  name: string;
  filename: string;
  type: string;
  size: number;
}

export interface MultipartLayout {
  /** Estimated bytes of the whole body. */
  total: number;
  /** Where each file's content starts and ends in the body. */
  files: Array<{ name: string; start: number; end: number }>;
}

/** "----WebKitFormBoundary" + 16 random characters. */
export const TYPICAL_BOUNDARY_LENGTH = 38;
const CRLF = 2;

const encoder = new TextEncoder();
function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/** Browsers escape `"` and line breaks in names (as %22, %0D, %0A); the rest goes as UTF-8. */
function quoted(text: string): string {
  return text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function layoutMultipart(texts: readonly TextPart[], files: readonly FilePart[], boundaryLength = TYPICAL_BOUNDARY_LENGTH): MultipartLayout {
  // "--" boundary CRLF, then the part's headers, a blank line, the content and CRLF.
  const delimiter = 2 + boundaryLength + CRLF;
  let offset = 0;
  for (const text of texts) {
    const headers = byteLength(`Content-Disposition: form-data; name="${quoted(text.name)}"`) + CRLF + CRLF;
    offset += delimiter + headers + byteLength(text.value.replace(/\r?\n/g, '\r\n')) + CRLF;
  }
  const placed: MultipartLayout['files'] = [];
  for (const file of files) {
    const disposition = byteLength(`Content-Disposition: form-data; name="${quoted(file.name)}"; filename="${quoted(file.filename)}"`) + CRLF;
    const contentType = byteLength(`Content-Type: ${file.type || 'application/octet-stream'}`) + CRLF;
    const start = offset + delimiter + disposition + contentType + CRLF;
    placed.push({ name: file.name, start, end: start + file.size });
    offset = start + file.size + CRLF;
  }
  // The closing "--" boundary "--" CRLF.
  return { total: offset + 2 + boundaryLength + 2 + CRLF, files: placed };
}

/**
 * Each file's share sent, from 0 to 1, after `loaded` bytes of the body; `reportedTotal` is the
 * body's real size when the browser knows it (ProgressEvent.lengthComputable).
 */
export function fileProgress(layout: MultipartLayout, loaded: number, reportedTotal?: number): Record<string, number> {
  const scale = reportedTotal && reportedTotal > 0 ? layout.total / reportedTotal : 1;
  const position = loaded * scale;
  const isDone = reportedTotal !== undefined && reportedTotal > 0 && loaded >= reportedTotal;
  const progress: Record<string, number> = {};
  for (const file of layout.files) {
    if (isDone || position >= file.end) progress[file.name] = 1;
    else if (position <= file.start) progress[file.name] = 0;
    else progress[file.name] = (position - file.start) / (file.end - file.start);
  }
  return progress;
}

/** Whole percent for people: never 100 until it is really all sent. */
export function percentOf(fraction: number): number {
  if (fraction >= 1) return 100;
  return Math.max(0, Math.min(99, Math.floor(fraction * 100)));
}
