import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';

/**
 * The ZIP of certificates the income-tax portal hands out, unpacked in memory with fflate's
 * streaming reader (decision 056): every byte it inflates is counted as it comes, so a file whose
 * headers lie about its sizes (a "ZIP bomb") is stopped at the allowance, not after. Folders and the
 * resource forks a Mac adds are skipped; every other entry is a file to read as a certificate.
 */

/** A year's certificates of a foundation with a few hundred donors unpack to a few tens of MB. */
export const MAX_ARCHIVE_UNPACKED_BYTES = 64 * 1024 * 1024;
/** One certificate is about 100 KB; a PDF above this is none. */
export const MAX_CERTIFICATE_BYTES = 2 * 1024 * 1024;
/** Files one upload may hold (a larger year is uploaded in several ZIPs). */
export const MAX_ARCHIVE_FILES = 500;

export type ArchiveProblem = 'too-large' | 'too-many-files' | 'unreadable' | 'encrypted';

export interface ArchiveEntry {
  /** The entry's name in the ZIP, for the list of files refused (never stored). */
  name: string;
  bytes: Buffer;
}

const ZIP_LOCAL = 0x04034b50;

export function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL;
}

function isSkipped(name: string): boolean {
  return name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(name);
}

/** The files in a ZIP, or why it is refused as a whole (nothing of it is read then). */
export function unpackArchive(bytes: Buffer, seen: { unpackedBytes: number } = { unpackedBytes: 0 }): ArchiveEntry[] | ArchiveProblem {
  const entries: ArchiveEntry[] = [];
  let unpacked = 0;
  let problem: ArchiveProblem | null = null;
  const open: UnzipFile[] = [];
  const unzip = new Unzip((file) => {
    if (problem) return;
    if (isSkipped(file.name)) return;
    if (entries.length + open.length >= MAX_ARCHIVE_FILES) {
      problem = 'too-many-files';
      return;
    }
    // fflate knows stored (0) and deflated (8) entries; anything else (or an encrypted one) it cannot read.
    if (file.compression !== 0 && file.compression !== 8) {
      problem = 'unreadable';
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    open.push(file);
    file.ondata = (error, chunk, final) => {
      if (problem) return;
      if (error) {
        problem = 'unreadable';
        return;
      }
      size += chunk.length;
      unpacked += chunk.length;
      seen.unpackedBytes = unpacked;
      if (unpacked > MAX_ARCHIVE_UNPACKED_BYTES || size > MAX_CERTIFICATE_BYTES * 4) {
        problem = 'too-large';
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) {
        open.splice(open.indexOf(file), 1);
        entries.push({ name: file.name.slice(0, 200), bytes: Buffer.concat(chunks, size) });
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // Pushed in slices, so a bomb is stopped after a slice's worth of work, not after the whole file's:
    // deflate expands at most about 1,032 times, so a 2 KB slice inflates to about 2 MB at most.
    const SLICE = 2 * 1024;
    for (let offset = 0; offset < bytes.length && !problem; offset += SLICE) {
      unzip.push(bytes.subarray(offset, offset + SLICE), offset + SLICE >= bytes.length);
    }
  } catch (error) {
    if (!problem) problem = error instanceof Error && /encrypt/i.test(error.message) ? 'encrypted' : 'unreadable';
  }
  if (problem) return problem;
  if (open.length > 0) return 'unreadable';
  return entries;
}
