import { trpc } from '#web/api/trpc.ts';
import { useUploadProfileAsset } from './use-upload-profile-asset.ts';

/** POST /api/users/profile-assets/:id/id-photo with the photo in the form field `idPhoto`, with progress. */
export function useUploadIdPhoto(userId: string) {
  return useUploadProfileAsset(`/api/users/profile-assets/${encodeURIComponent(userId)}/id-photo`, 'idPhoto');
}

/** identity.removeIdPhoto: takes the photo off the member's own I-card; the profile is asked for again. */
export function useRemoveIdPhoto() {
  const utils = trpc.useUtils();
  return trpc.identity.removeIdPhoto.useMutation({
    onSuccess: () => utils.identity.getProfile.invalidate(),
  });
}
