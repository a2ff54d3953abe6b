import { useUploadProfileAsset } from './use-upload-profile-asset.ts';

export type { UploadState } from './use-upload-profile-asset.ts';

/** POST /api/users/upload-profile-assets/:id with the image in the form field `qrCode`, with progress. */
export function useUploadQrCode(userId: string) {
  return useUploadProfileAsset(`/api/users/upload-profile-assets/${encodeURIComponent(userId)}`, 'qrCode');
}
