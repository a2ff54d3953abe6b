import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { handleCommand } from '#server/event-store/command-handler';
import type { Services } from '#server/services';
import { userStreamId } from '../identity.events.ts';
import { processQrUpload } from './process-qr-code.job.ts';
import { LEGACY_QR_FILE_PATTERN, QR_IMAGE_KIND, QR_UPLOAD_KIND } from './qr-code.ts';
import { decideImportQrFile, userStream } from '../user.decider.ts';

/** Where images lived before the file store: processed ones, and uploads waiting for the job. */
function legacyDirs(dataDir: string) {
  return { images: path.join(dataDir, 'files', 'qr-codes'), uploads: path.join(dataDir, 'files', 'uploads') };
}

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    const stat = await fs.lstat(file);
    // Only regular files the server wrote; a link could point anywhere.
    return stat.isFile() ? await fs.readFile(file) : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Moves the QR images of the disk era into the file store (docs/decisions/016), once, at start (the
 * module's seed): each image the profile shows is stored sealed under the member's key together with
 * QrCodeFileImported, then its file is deleted; each upload still waiting for its job is stored and
 * processed now. The list comes from the read model the events change, so a second run (or a second
 * process) finds nothing left to do.
 */
export async function importLegacyQrCodes(services: Services): Promise<{ imported: number; processed: number; missing: number }> {
  const dirs = legacyDirs(services.config.dataDir);
  const report = { imported: 0, processed: 0, missing: 0 };
  const { rows: shown } = await services.db.query<{ user_id: string; qr_upload_id: string; qr_file: string }>(
    `SELECT user_id, qr_upload_id, qr_file FROM member_profiles WHERE qr_file LIKE '%.webp' AND qr_upload_id IS NOT NULL`,
  );
  for (const row of shown) {
    if (!LEGACY_QR_FILE_PATTERN.test(row.qr_file)) continue;
    const file = path.join(dirs.images, row.qr_file);
    const bytes = await readIfPresent(file);
    if (!bytes) {
      report.missing++;
      services.log.warn({ userId: row.user_id, file: row.qr_file }, 'legacy QR image missing from the data folder; the profile shows none');
      continue;
    }
    const subjectId = userStreamId(row.user_id);
    const fileId = crypto.randomUUID();
    const { events } = await handleCommand(services, {
      stream: userStream,
      id: row.user_id,
      decide: (state) => decideImportQrFile({ userId: row.user_id, uploadId: row.qr_upload_id, legacyFile: row.qr_file, fileId, now: services.now() }, state),
      metadata: { actor: 'system', correlationId: `import-legacy-qr-${row.qr_upload_id}` },
      async onRecorded(tx) {
        await services.files.put({ fileId, subjectId, kind: QR_IMAGE_KIND, mediaType: 'image/webp', bytes }, tx);
      },
    });
    if (events.length > 0) report.imported++;
    await fs.rm(file, { force: true });
  }

  const { rows: waiting } = await services.db.query<{ user_id: string; qr_pending_upload_id: string }>(
    `SELECT user_id, qr_pending_upload_id FROM member_profiles WHERE qr_status = 'processing' AND qr_pending_upload_id IS NOT NULL`,
  );
  for (const row of waiting) {
    const file = path.join(dirs.uploads, row.qr_pending_upload_id);
    const bytes = await readIfPresent(file);
    if (!bytes) continue;
    const subjectId = userStreamId(row.user_id);
    const uploadId = row.qr_pending_upload_id;
    if (!(await services.files.stat(uploadId, { subjectId }))) {
      // The type is checked again by the re-encoding; this is what the upload claimed at the time.
      await services.files.put({ fileId: uploadId, subjectId, kind: QR_UPLOAD_KIND, mediaType: 'application/octet-stream', bytes });
    }
    await processQrUpload(services, { userId: row.user_id, uploadId }, { actor: 'system', correlationId: `import-legacy-qr-${uploadId}` });
    report.processed++;
    await fs.rm(file, { force: true });
  }
  return report;
}
