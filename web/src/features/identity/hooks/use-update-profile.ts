import { trpc } from '#web/api/trpc.ts';

/** identity.updateProfile; the answer is the saved profile, which replaces the cached one. */
export function useUpdateProfile() {
  const utils = trpc.useUtils();
  return trpc.identity.updateProfile.useMutation({ onSuccess: (profile) => utils.identity.getProfile.setData(undefined, profile) });
}
