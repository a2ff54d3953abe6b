import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import { isFileId } from '#server/files/file-store';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { checkImageDecodes } from '#server/uploads/reencode-image';
import { receiveUpload } from '#server/uploads/receive-upload';
import { UPLOAD_WRONG_TYPE_IMAGES } from '#server/uploads/upload-messages';
import { isImageType, type ImageMediaType } from '#server/uploads/upload-types';
import { userStreamId, type QrCodeProcessed, type QrCodeRejected, type QrCodeUploaded } from '../identity.events.ts';
import { canReadAnyProfile, PROFILE_EDIT_NOT_YOURS, PROFILE_NOT_YOURS, qrCodeUrl, type Viewer } from './profile.ts';
import { ACCOUNT_NOT_FOUND, evolveUser, isActiveUser, noUser, type UserState } from '../user.decider.ts';

/** PRODUCT.md §11: uploads up to 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const QR_MAX_SIDE = 1024;
export const QR_UPLOAD_FIELD = 'qrCode';
export const QR_IMAGE_NOT_FOUND = 'This image does not exist. A new upload is shown once it has been processed.';

/** The file store's kinds: the upload as received (until the job has made the image), and the image shown. */
export const QR_UPLOAD_KIND = 'qr-code-upload';
export const QR_IMAGE_KIND = 'qr-code';

/** Images saved before the file store (docs/decisions/016) were files named `<upload ID>.webp` under $SAHAY_DATA_DIR/files. */
export const LEGACY_QR_FILE_PATTERN = /^[0-9a-f-]{36}\.webp$/;

/** Pure: an active member's upload waits for the image job (a newer upload replaces a pending one). */
export function decideUploadQrCode(
  command: { userId: string; uploadId: string; mediaType: ImageMediaType; bytes: number; now: Date },
  state: UserState,
): QrCodeUploaded[] {
  if (!isActiveUser(state)) throw new AppError('NOT_FOUND', { userMessage: ACCOUNT_NOT_FOUND });
  return [
    {
      type: 'QrCodeUploaded',
      data: { userId: command.userId, uploadId: command.uploadId, mediaType: command.mediaType, bytes: command.bytes, uploadedAt: command.now.toISOString() },
    },
  ];
}

/**
 * Pure: the image job's result, recorded once, and only for the upload still waiting: a second
 * delivery of the job, or one for an upload a newer one replaced, records nothing.
 */
export function decideQrCodeResult(
  command: { userId: string; uploadId: string; outcome: { file: string; width: number; height: number } | { rejected: QrCodeRejected['data']['reason'] }; now: Date },
  state: UserState,
): (QrCodeProcessed | QrCodeRejected)[] {
  if (state.pendingQrUploadId !== command.uploadId) return [];
  const at = command.now.toISOString();
  if ('rejected' in command.outcome) {
    return [{ type: 'QrCodeRejected', data: { userId: command.userId, uploadId: command.uploadId, reason: command.outcome.rejected, rejectedAt: at } }];
  }
  return [{ type: 'QrCodeProcessed', data: { userId: command.userId, uploadId: command.uploadId, ...command.outcome, processedAt: at } }];
}

/** What an accepted upload answers: its ID, and where its image will be once the job has made it. */
export interface QrUploadAccepted {
  uploadId: string;
  /** The image's path (GET), served once the profile's qrCode.status is 'ready'. */
  qrCode: string;
  status: 'processing';
}

/**
 * POST /api/users/upload-profile-assets/:id — the member's own ID only. Checks who asks and the rate
 * limits before reading a byte, receives the image (size cap while it streams, type from its
 * content), checks that it decodes — a damaged image is a 400 now, not a rejection the profile shows
 * later —, then records it (recordQrUpload). A refused upload leaves nothing.
 */
export async function uploadQrCode(
  services: Services,
  viewer: Viewer,
  targetUserId: string,
  req: IncomingMessage,
  meta: RequestMeta,
): Promise<QrUploadAccepted> {
  if (targetUserId !== viewer.userId) throw new AppError('FORBIDDEN', { userMessage: PROFILE_EDIT_NOT_YOURS });
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, `upload:ip:${meta.ip}`, services.limits.uploadPerIp, now);
  await consumeRateLimit(services.db, `upload:user:${viewer.userId}`, services.limits.uploadPerAccount, now);
  const upload = await receiveUpload(req, { field: QR_UPLOAD_FIELD, maxBytes: MAX_UPLOAD_BYTES, accept: 'images' });
  if (!isImageType(upload.mediaType)) throw new AppError('BAD_REQUEST', { userMessage: UPLOAD_WRONG_TYPE_IMAGES });
  await checkImageDecodes(upload.bytes);
  return recordQrUpload(services, viewer.userId, { bytes: upload.bytes, mediaType: upload.mediaType }, meta);
}

/**
 * Records QrCodeUploaded and stores the bytes, sealed under the member's key, in one transaction;
 * the job turns them into the image the profile shows (or rejects them, should they still not decode).
 */
export async function recordQrUpload(
  services: Services,
  userId: string,
  upload: { bytes: Buffer; mediaType: ImageMediaType },
  meta: RequestMeta,
): Promise<QrUploadAccepted> {
  const now = services.now();
  const streamId = userStreamId(userId);
  const uploadId = crypto.randomUUID();
  await handleCommand(services, {
    streamId,
    evolve: evolveUser,
    initialState: noUser,
    decide: (state) => decideUploadQrCode({ userId, uploadId, mediaType: upload.mediaType, bytes: upload.bytes.length, now }, state),
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      await services.files.put({ fileId: uploadId, subjectId: streamId, kind: QR_UPLOAD_KIND, mediaType: upload.mediaType, bytes: upload.bytes }, tx);
    },
  });
  return { uploadId, qrCode: qrCodeUrl(userId, uploadId), status: 'processing' };
}

/**
 * The processed QR image of an upload, for the member and for admins who may read any profile; null
 * when there is none. Who may see it is part of the query, as for the profile.
 */
export async function findQrCodeImage(
  services: Pick<Services, 'db' | 'files'>,
  viewer: Viewer,
  userId: string,
  uploadId: string,
): Promise<{ bytes: Buffer; mediaType: string } | null> {
  if (userId !== viewer.userId && !canReadAnyProfile(viewer)) throw new AppError('FORBIDDEN', { userMessage: PROFILE_NOT_YOURS });
  const { rows } = await services.db.query<{ qr_file: string }>(
    `SELECT p.qr_file FROM member_profiles p JOIN users u ON u.user_id = p.user_id
     WHERE p.user_id = $1 AND p.qr_upload_id = $2 AND p.qr_file IS NOT NULL AND u.status <> 'erased' AND (p.user_id = $3 OR $4::boolean)`,
    [userId, uploadId, viewer.userId, canReadAnyProfile(viewer)],
  );
  const fileId = rows[0]?.qr_file;
  if (!fileId || !isFileId(fileId)) return null;
  const file = await services.files.get(fileId, { subjectId: userStreamId(userId), kind: QR_IMAGE_KIND });
  return file ? { bytes: file.bytes, mediaType: file.mediaType } : null;
}
