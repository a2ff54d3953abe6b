import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Logger } from 'pino';
import type { Db, Queryable } from '#server/db/db';
import { MAX_STORED_FILE_BYTES, type FileStore, type PutFileResult } from './file-store.ts';

/** One file written to disk before the FileStore existed, and whom it belongs to. */
export interface LegacyFile {
  subjectId: string;
  kind: string;
  /** Relative to `root` (or absolute inside it): e.g. `files/qr-codes/<uploadId>.webp`. */
  path: string;
}

export interface ImportLegacyFilesOptions<F extends LegacyFile> {
  /** Where the legacy files live, normally config.dataDir; nothing outside it is read. */
  root: string;
  /**
   * Runs in the transaction that stores the file: record what points to it now (an event, a
   * read-model row). The file row and that record commit together, or neither does. It is also what
   * makes a second run skip the file: build the list from the state it changes.
   */
  onImported(tx: Queryable, file: F, stored: PutFileResult & { mediaType: string }): Promise<void>;
  /** Delete each legacy file once its import has committed. Default true. */
  removeAfter?: boolean;
}

export interface ImportLegacyFilesResult<F extends LegacyFile> {
  imported: Array<{ file: F; fileId: string }>;
  /** Listed but not on disk (already imported and removed, or lost): nothing to do. */
  missing: F[];
  /** Left where they are, with the reason: outside the root, not a regular file, unknown type, ... */
  failed: Array<{ file: F; reason: string }>;
}

/**
 * One-time move of files from $SAHAY_DATA_DIR into the FileStore (encrypted under their subject's
 * key). Each file is its own transaction; one bad file does not stop the others. The type is read
 * from the content. Paths are confined to `root`, and symbolic links are not followed.
 */
export async function importLegacyFiles<F extends LegacyFile>(
  services: { db: Db; files: FileStore; log: Logger },
  list: readonly F[],
  options: ImportLegacyFilesOptions<F>,
): Promise<ImportLegacyFilesResult<F>> {
  const root = path.resolve(options.root);
  const result: ImportLegacyFilesResult<F> = { imported: [], missing: [], failed: [] };
  for (const file of list) {
    const full = path.resolve(root, file.path);
    if (!full.startsWith(root + path.sep)) {
      result.failed.push({ file, reason: 'outside the data directory' });
      continue;
    }
    let bytes: Buffer;
    try {
      const stat = await fsp.lstat(full);
      if (!stat.isFile()) {
        result.failed.push({ file, reason: stat.isSymbolicLink() ? 'a symbolic link' : 'not a regular file' });
        continue;
      }
      if (stat.size > MAX_STORED_FILE_BYTES) {
        result.failed.push({ file, reason: `larger than ${MAX_STORED_FILE_BYTES} bytes` });
        continue;
      }
      bytes = await fsp.readFile(full);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') result.missing.push(file);
      else result.failed.push({ file, reason: String(error) });
      continue;
    }
    const type = await fileTypeFromBuffer(bytes);
    if (!type) {
      result.failed.push({ file, reason: 'type not recognised from its content' });
      continue;
    }
    try {
      const fileId = await services.db.transaction(async (tx) => {
        const stored = await services.files.put({ subjectId: file.subjectId, kind: file.kind, mediaType: type.mime, bytes }, tx);
        await options.onImported(tx, file, { ...stored, mediaType: type.mime });
        return stored.fileId;
      });
      result.imported.push({ file, fileId });
    } catch (error) {
      result.failed.push({ file, reason: error instanceof Error ? error.message : String(error) });
      continue;
    }
    if (options.removeAfter ?? true) await fsp.rm(full, { force: true });
  }
  services.log.info({ imported: result.imported.length, missing: result.missing.length, failed: result.failed.length }, 'legacy files imported into the file store');
  for (const { file, reason } of result.failed) services.log.warn({ path: file.path, kind: file.kind, reason }, 'legacy file not imported');
  return result;
}
