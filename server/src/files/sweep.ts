import type { Logger } from 'pino';
import { DEFAULT_ORPHAN_MIN_AGE_MS, type FileStore, type SweepResult } from './file-store.ts';

/**
 * Run at start-up and then periodically (hourly is plenty). Removes:
 * - files of subjects whose data key was destroyed (rows and objects; nothing can open them), and
 * - S3 objects with no row that are older than an hour: a put whose transaction rolled back or
 *   whose process died between the object and the row, or a removal inside a caller's
 *   transaction. The hour keeps it off puts still in flight (object written, row not yet
 *   committed). On the database backend there are no such objects.
 * Safe to run on several processes at once: every step is a delete of what is already unreachable.
 */
export async function sweepFiles(
  services: { files: FileStore; log: Logger; now(): Date },
  options: { orphanMinAgeMs?: number } = {},
): Promise<SweepResult> {
  const result = await services.files.sweep({ now: services.now(), orphanMinAgeMs: options.orphanMinAgeMs ?? DEFAULT_ORPHAN_MIN_AGE_MS });
  if (result.shreddedFiles > 0 || result.orphanObjects > 0) services.log.info(result, 'file sweep removed unreachable files');
  return result;
}
