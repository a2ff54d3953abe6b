import type { IncomingMessage } from 'node:http';
import { AppError } from '#server/errors/app-error';
import { isFileId } from '#server/files/file-store';
import type { RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import type { ImageMediaType } from '#server/uploads/upload-types';
import { userStreamId } from '../identity.events.ts';
import { canReadPayoutOf, PROFILE_NOT_YOURS, qrCodeUrl, type Viewer } from './profile.ts';
import { MAX_UPLOAD_BYTES, recordProfileImageUpload, uploadProfileImage, type ProfileImageSpec } from './profile-image.ts';
import { decideQrCodeResult, decideUploadQrCode } from '../user.decider.ts';

export { MAX_UPLOAD_BYTES };
export const QR_MAX_SIDE = 1024;
export const QR_UPLOAD_FIELD = 'qrCode';
export const QR_IMAGE_NOT_FOUND = 'This image does not exist. A new upload is shown once it has been processed.';

/** The file store's kinds: the upload as received (until the job has made the image), and the image shown. */
export const QR_UPLOAD_KIND = 'qr-code-upload';
export const QR_IMAGE_KIND = 'qr-code';

/** Images saved before the file store (docs/decisions/016) were files named `<upload ID>.webp` under $SAHAY_DATA_DIR/files. */
export const LEGACY_QR_FILE_PATTERN = /^[0-9a-f-]{36}\.webp$/;

/** What an accepted upload answers: its ID, and where its image will be once the job has made it. */
export interface QrUploadAccepted {
  uploadId: string;
  /** The image's path (GET), served once the profile's qrCode.status is 'ready'. */
  qrCode: string;
  status: 'processing';
}

/** The UPI QR image: at most 1024 px a side, WebP (profile-image.ts does the rest). */
export const QR_IMAGE: ProfileImageSpec = {
  job: 'process-qr-code',
  field: QR_UPLOAD_FIELD,
  uploadKind: QR_UPLOAD_KIND,
  imageKind: QR_IMAGE_KIND,
  reencode: { maxSide: QR_MAX_SIDE, format: 'webp', quality: 90 },
  pendingUploadId: (state) => state.pendingQrUploadId,
  currentFile: (state) => state.qrFile,
  decideUpload: decideUploadQrCode,
  decideResult: decideQrCodeResult,
};

/** POST /api/users/upload-profile-assets/:id — the member's own ID only (uploadProfileImage). */
export async function uploadQrCode(services: Services, viewer: Viewer, targetUserId: string, req: IncomingMessage, meta: RequestMeta): Promise<QrUploadAccepted> {
  const uploadId = await uploadProfileImage(services, viewer, targetUserId, req, meta, QR_IMAGE);
  return { uploadId, qrCode: qrCodeUrl(viewer.userId, uploadId), status: 'processing' };
}

/** Records QrCodeUploaded with the bytes (recordProfileImageUpload), as an upload that was received already. */
export async function recordQrUpload(services: Services, userId: string, upload: { bytes: Buffer; mediaType: ImageMediaType }, meta: RequestMeta): Promise<QrUploadAccepted> {
  const uploadId = await recordProfileImageUpload(services, userId, upload, meta, QR_IMAGE);
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
  // The QR image says where the member's money goes: theirs and finance's only (canReadPayoutOf).
  if (!canReadPayoutOf(viewer, userId)) throw new AppError('FORBIDDEN', { userMessage: PROFILE_NOT_YOURS });
  const { rows } = await services.db.query<{ qr_file: string }>(
    `SELECT p.qr_file FROM member_profiles p JOIN users u ON u.user_id = p.user_id
     WHERE p.user_id = $1 AND p.qr_upload_id = $2 AND p.qr_file IS NOT NULL AND u.status <> 'erased' AND (p.user_id = $3 OR $4::boolean)`,
    [userId, uploadId, viewer.userId, canReadPayoutOf(viewer, userId)],
  );
  const fileId = rows[0]?.qr_file;
  if (!fileId || !isFileId(fileId)) return null;
  const file = await services.files.get(fileId, { subjectId: userStreamId(userId), kind: QR_IMAGE_KIND });
  return file ? { bytes: file.bytes, mediaType: file.mediaType } : null;
}
