import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand } from '#server/event-store/command-handler';
import type { EventMetadata } from '#server/event-store/types';
import { isFileId } from '#server/files/file-store';
import { defineJob } from '#server/queue/job';
import type { JobContext } from '#server/queue/queue';
import type { Services } from '#server/services';
import { reencodeImage } from '#server/uploads/reencode-image';
import { IMAGE_TOO_MANY_PIXELS } from '#server/uploads/upload-messages';
import type { QrCodeRejected, QrCodeUploaded } from '../identity.events.ts';
import { userStreamId } from '../identity.events.ts';
import { decideQrCodeResult, QR_IMAGE_KIND, QR_MAX_SIDE, QR_UPLOAD_KIND } from './qr-code.ts';
import { evolveUser, noUser } from '../user.decider.ts';

/**
 * Turns a member's QR upload into the image the profile shows: re-encoded (at most 40 MP decoded,
 * turned upright, at most 1024 px a side, WebP, no metadata), stored sealed under the member's key,
 * with QrCodeProcessed — or QrCodeRejected when it is not a usable image — in one transaction that
 * also removes the upload and the image it replaces. An upload a newer one replaced is dropped; a
 * second delivery finds the result recorded and records nothing.
 */
export async function processQrUpload(
  services: Pick<Services, 'db' | 'eventStore' | 'files' | 'log' | 'now'> | JobContext,
  upload: { userId: string; uploadId: string },
  metadata: EventMetadata,
): Promise<void> {
  const { userId, uploadId } = upload;
  const subjectId = userStreamId(userId);
  const isPending = async () =>
    (await services.db.transaction((tx) => foldStream(services.eventStore, tx, subjectId, evolveUser, noUser))).state.pendingQrUploadId === uploadId;
  if (!(await isPending())) {
    await services.files.remove(uploadId, { subjectId, kind: QR_UPLOAD_KIND });
    return;
  }
  const raw = await services.files.get(uploadId, { subjectId, kind: QR_UPLOAD_KIND });
  if (!raw) {
    // Another delivery of this job may have just finished it: the upload goes with the result.
    if (!(await isPending())) return;
    throw new Error(`process-qr-code: the upload ${uploadId} waits, but its file is not in the store`);
  }

  const fileId = crypto.randomUUID();
  let image: Awaited<ReturnType<typeof reencodeImage>> | null = null;
  let rejected: QrCodeRejected['data']['reason'] | null = null;
  try {
    image = await reencodeImage(raw.bytes, { maxSide: QR_MAX_SIDE, format: 'webp', quality: 90 });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    rejected = error.userMessage === IMAGE_TOO_MANY_PIXELS ? 'too-many-pixels' : 'unreadable';
    services.log.warn({ err: error, uploadId, reason: rejected }, 'QR upload refused by the image job');
  }
  const outcome = image ? { file: fileId, width: image.width, height: image.height } : { rejected: rejected! };
  await handleCommand(services, {
    streamId: subjectId,
    evolve: evolveUser,
    initialState: noUser,
    decide: (current) => decideQrCodeResult({ userId, uploadId, outcome, now: services.now() }, current),
    metadata,
    async onRecorded(tx, _events, current) {
      if (image) {
        await services.files.put({ fileId, subjectId, kind: QR_IMAGE_KIND, mediaType: image.mediaType, bytes: image.bytes }, tx);
        if (current.qrFile && isFileId(current.qrFile)) await services.files.remove(current.qrFile, { subjectId, tx });
      }
      await services.files.remove(uploadId, { subjectId, tx });
    },
  });
}

export const processQrCodeJob = defineJob<QrCodeUploaded, { userId: string; uploadId: string }>({
  name: 'process-qr-code',
  on: ['QrCodeUploaded'],
  payload: z.object({ userId: z.string().min(1), uploadId: z.uuid() }),
  run: ({ event, payload }, context) =>
    processQrUpload(context, payload, { actor: 'system', correlationId: event.metadata.correlationId, causationId: event.eventId, ip: null }),
});
