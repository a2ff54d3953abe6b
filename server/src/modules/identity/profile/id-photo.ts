import type { IncomingMessage } from 'node:http';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import { isFileId } from '#server/files/file-store';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import type { ImageMediaType } from '#server/uploads/upload-types';
import { userStreamId } from '../identity.events.ts';
import { canReadAnyProfile, getProfile, idPhotoUrl, PROFILE_NOT_YOURS, type Viewer } from './profile.ts';
import type { TRemoveIdPhotoResponse, TUploadIdPhotoResponse } from './profile.schema.ts';
import { MAX_UPLOAD_BYTES, recordProfileImageUpload, uploadProfileImage, type ProfileImageSpec } from './profile-image.ts';
import { decideIdPhotoResult, decideRemoveIdPhoto, decideUploadIdPhoto, userStream } from '../user.decider.ts';

export { MAX_UPLOAD_BYTES };
export const ID_PHOTO_UPLOAD_FIELD = 'idPhoto';
/** A passport-like portrait (4:5), twice the size it is drawn on the 300 dpi card. */
export const ID_PHOTO_WIDTH = 300;
export const ID_PHOTO_HEIGHT = 375;

/** The file store's kinds: the upload as received (until the job has made the photo), and the photo shown. */
export const ID_PHOTO_UPLOAD_KIND = 'id-photo-upload';
export const ID_PHOTO_KIND = 'id-photo';

/** The I-card photo: a 300 × 375 portrait cropped around its busiest part, WebP (profile-image.ts does the rest). */
export const ID_PHOTO: ProfileImageSpec = {
  job: 'process-id-photo',
  field: ID_PHOTO_UPLOAD_FIELD,
  uploadKind: ID_PHOTO_UPLOAD_KIND,
  imageKind: ID_PHOTO_KIND,
  reencode: { cover: { width: ID_PHOTO_WIDTH, height: ID_PHOTO_HEIGHT, position: 'attention' }, format: 'webp', quality: 88 },
  pendingUploadId: (state) => state.pendingIdPhotoUploadId,
  currentFile: (state) => state.idPhotoFile,
  decideUpload: decideUploadIdPhoto,
  decideResult: decideIdPhotoResult,
};

/** POST /api/users/profile-assets/:id/id-photo — the member's own ID only (uploadProfileImage). */
export async function uploadIdPhoto(services: Services, viewer: Viewer, targetUserId: string, req: IncomingMessage, meta: RequestMeta): Promise<TUploadIdPhotoResponse> {
  const uploadId = await uploadProfileImage(services, viewer, targetUserId, req, meta, ID_PHOTO);
  return { uploadId, idPhoto: idPhotoUrl(viewer.userId, uploadId), status: 'processing' };
}

/** Records IdPhotoUploaded with the bytes (recordProfileImageUpload), as an upload that was received already. */
export async function recordIdPhotoUpload(
  services: Services,
  userId: string,
  upload: { bytes: Buffer; mediaType: ImageMediaType },
  meta: RequestMeta,
): Promise<TUploadIdPhotoResponse> {
  const uploadId = await recordProfileImageUpload(services, userId, upload, meta, ID_PHOTO);
  return { uploadId, idPhoto: idPhotoUrl(userId, uploadId), status: 'processing' };
}

/**
 * The member's own photo is removed: IdPhotoRemoved, and in the same transaction the photo's file
 * and any upload still waiting are deleted from the store. Answers the profile's idPhoto after it.
 */
export async function removeIdPhoto(services: Services, viewer: Viewer, meta: RequestMeta): Promise<TRemoveIdPhotoResponse> {
  const userId = viewer.userId;
  const subjectId = userStreamId(userId);
  const now = services.now();
  await handleCommand(services, {
    stream: userStream,
    id: userId,
    decide: (state) => decideRemoveIdPhoto({ userId, now }, state),
    metadata: eventMetadata(meta),
    async onRecorded(tx, _events, state) {
      if (state.idPhotoFile && isFileId(state.idPhotoFile)) await services.files.remove(state.idPhotoFile, { subjectId, kind: ID_PHOTO_KIND, tx });
      if (state.pendingIdPhotoUploadId) await services.files.remove(state.pendingIdPhotoUploadId, { subjectId, kind: ID_PHOTO_UPLOAD_KIND, tx });
    },
  });
  return { idPhoto: (await getProfile(services.db, viewer, userId)).idPhoto };
}

/**
 * The processed I-card photo of an upload, for the member and for admins who may read any profile;
 * null when there is none. Who may see it is part of the query, as for the QR image. Never for the
 * public card check (/verify): a card's photo is the member's, not the world's.
 */
export async function findIdPhoto(
  services: Pick<Services, 'db' | 'files'>,
  viewer: Viewer,
  userId: string,
  uploadId: string,
): Promise<{ bytes: Buffer; mediaType: string } | null> {
  if (userId !== viewer.userId && !canReadAnyProfile(viewer)) throw new AppError('FORBIDDEN', { userMessage: PROFILE_NOT_YOURS });
  const { rows } = await services.db.query<{ id_photo_file: string }>(
    `SELECT p.id_photo_file FROM member_profiles p JOIN users u ON u.user_id = p.user_id
     WHERE p.user_id = $1 AND p.id_photo_upload_id = $2 AND p.id_photo_file IS NOT NULL AND u.status <> 'erased' AND (p.user_id = $3 OR $4::boolean)`,
    [userId, uploadId, viewer.userId, canReadAnyProfile(viewer)],
  );
  const fileId = rows[0]?.id_photo_file;
  if (!fileId || !isFileId(fileId)) return null;
  const file = await services.files.get(fileId, { subjectId: userStreamId(userId), kind: ID_PHOTO_KIND });
  return file ? { bytes: file.bytes, mediaType: file.mediaType } : null;
}
