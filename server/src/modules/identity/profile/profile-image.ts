import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppError } from '#server/errors/app-error';
import { foldStreamOf, handleCommand } from '#server/event-store/command-handler';
import type { EventMetadata } from '#server/event-store/types';
import { isFileId } from '#server/files/file-store';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { JobContext } from '#server/queue/queue';
import type { Services } from '#server/services';
import { checkImageDecodes, reencodeImage, type ReencodeImageOptions } from '#server/uploads/reencode-image';
import { receiveUpload } from '#server/uploads/receive-upload';
import { IMAGE_TOO_MANY_PIXELS, UPLOAD_WRONG_TYPE_IMAGES } from '#server/uploads/upload-messages';
import { isImageType, type ImageMediaType } from '#server/uploads/upload-types';
import { userStreamId, type IdentityEvent } from '../identity.events.ts';
import { type ImageOutcome, type ImageRejection, type UserState, userStream } from '../user.decider.ts';
import { PROFILE_EDIT_NOT_YOURS, type Viewer } from './profile.ts';

/** PRODUCT.md §11: uploads up to 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * One of the images a member adds to the profile (the UPI QR, the I-card photo), and what differs
 * between them; receiving, storing and processing are the same for both (below).
 */
export interface ProfileImageSpec {
  /** For logs and errors: "process-qr-code". */
  job: string;
  /** The multipart field the image comes in. */
  field: string;
  /** The file store's kinds: the upload as received, and the image made from it. */
  uploadKind: string;
  imageKind: string;
  reencode: ReencodeImageOptions;
  /** The upload waiting for the job, and the image shown now, in the member's state. */
  pendingUploadId: (state: UserState) => string | null;
  currentFile: (state: UserState) => string | null;
  /** Pure: the upload's event (refused for an account that is not active). */
  decideUpload: (command: { userId: string; uploadId: string; mediaType: ImageMediaType; bytes: number; now: Date }, state: UserState) => IdentityEvent[];
  /** Pure: the job's result, only for the upload still waiting (else nothing). */
  decideResult: (command: { userId: string; uploadId: string; outcome: ImageOutcome; now: Date }, state: UserState) => IdentityEvent[];
}

/**
 * Receives a member's own image: who asks and the rate limits (the uploads', shared by both kinds)
 * are checked before a byte is read; the image is taken in memory with the size cap while it
 * streams, its type from its content, and one that does not decode is a 400 now rather than a
 * rejection the profile shows later. A refused upload leaves nothing. Then records it.
 */
export async function uploadProfileImage(
  services: Services,
  viewer: Viewer,
  targetUserId: string,
  req: IncomingMessage,
  meta: RequestMeta,
  spec: ProfileImageSpec,
): Promise<string> {
  if (targetUserId !== viewer.userId) throw new AppError('FORBIDDEN', { userMessage: PROFILE_EDIT_NOT_YOURS });
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('upload', meta.ip), services.limits.uploadPerIp, now);
  await consumeRateLimit(services.db, `upload:user:${viewer.userId}`, services.limits.uploadPerAccount, now);
  const upload = await receiveUpload(req, { field: spec.field, maxBytes: MAX_UPLOAD_BYTES, accept: 'images' });
  if (!isImageType(upload.mediaType)) throw new AppError('BAD_REQUEST', { userMessage: UPLOAD_WRONG_TYPE_IMAGES });
  await checkImageDecodes(upload.bytes);
  return recordProfileImageUpload(services, viewer.userId, { bytes: upload.bytes, mediaType: upload.mediaType }, meta, spec);
}

/**
 * Records the upload's event and stores its bytes, sealed under the member's key, in one
 * transaction; the job makes the image from them. Answers the upload's ID.
 */
export async function recordProfileImageUpload(
  services: Services,
  userId: string,
  upload: { bytes: Buffer; mediaType: ImageMediaType },
  meta: RequestMeta,
  spec: ProfileImageSpec,
): Promise<string> {
  const now = services.now();
  const streamId = userStreamId(userId);
  const uploadId = crypto.randomUUID();
  await handleCommand(services, {
    stream: userStream,
    id: userId,
    decide: (state) => spec.decideUpload({ userId, uploadId, mediaType: upload.mediaType, bytes: upload.bytes.length, now }, state),
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      await services.files.put({ fileId: uploadId, subjectId: streamId, kind: spec.uploadKind, mediaType: upload.mediaType, bytes: upload.bytes }, tx);
    },
  });
  return uploadId;
}

/**
 * The image job: turns a waiting upload into the image the profile shows — decoded under the pixel
 * limit, turned upright, re-encoded without metadata as `spec.reencode` says — and records the
 * result (or the rejection, when it is not a usable image) in one transaction that stores the image
 * and removes the upload and the image it replaces. An upload that a newer one, a removal or an
 * erasure overtook is dropped, its file with it; a second delivery finds the result recorded and
 * records nothing.
 */
export async function processProfileImageUpload(
  services: Pick<Services, 'db' | 'eventStore' | 'files' | 'log' | 'now'> | JobContext,
  upload: { userId: string; uploadId: string },
  metadata: EventMetadata,
  spec: ProfileImageSpec,
): Promise<void> {
  const { userId, uploadId } = upload;
  const subjectId = userStreamId(userId);
  const isPending = async () => spec.pendingUploadId((await services.db.transaction((tx) => foldStreamOf(services.eventStore, tx, userStream, userId))).state) === uploadId;
  if (!(await isPending())) {
    await services.files.remove(uploadId, { subjectId, kind: spec.uploadKind });
    return;
  }
  const raw = await services.files.get(uploadId, { subjectId, kind: spec.uploadKind });
  if (!raw) {
    // Another delivery of this job may have just finished it: the upload goes with the result.
    if (!(await isPending())) return;
    throw new Error(`${spec.job}: the upload ${uploadId} waits, but its file is not in the store`);
  }

  const fileId = crypto.randomUUID();
  let image: Awaited<ReturnType<typeof reencodeImage>> | null = null;
  let rejected: ImageRejection | null = null;
  try {
    image = await reencodeImage(raw.bytes, spec.reencode);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    rejected = error.userMessage === IMAGE_TOO_MANY_PIXELS ? 'too-many-pixels' : 'unreadable';
    services.log.warn({ err: error, uploadId, reason: rejected, job: spec.job }, 'an upload refused by the image job');
  }
  const outcome: ImageOutcome = image ? { file: fileId, width: image.width, height: image.height } : { rejected: rejected! };
  const { events } = await handleCommand(services, {
    stream: userStream,
    id: userId,
    decide: (current) => spec.decideResult({ userId, uploadId, outcome, now: services.now() }, current),
    metadata,
    async onRecorded(tx, _events, current) {
      if (image) {
        await services.files.put({ fileId, subjectId, kind: spec.imageKind, mediaType: image.mediaType, bytes: image.bytes }, tx);
        const replaced = spec.currentFile(current);
        if (replaced && isFileId(replaced)) await services.files.remove(replaced, { subjectId, tx });
      }
      await services.files.remove(uploadId, { subjectId, tx });
    },
  });
  // Overtaken while it was being processed: the upload is of no more use.
  if (events.length === 0) await services.files.remove(uploadId, { subjectId, kind: spec.uploadKind });
}
