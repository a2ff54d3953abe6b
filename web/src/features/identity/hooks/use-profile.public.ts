import { trpc } from '#web/api/trpc.ts';

/** How often to ask again while an uploaded image (QR or I-card photo) is being processed. */
const PROCESSING_POLL_MS = 1000;

/**
 * identity.getProfile: account info, personal details, the UPI QR image and the I-card photo. While
 * an upload is being processed (a background job re-encodes it), asks again every second until it
 * is ready or rejected.
 */
export function useProfile() {
  return trpc.identity.getProfile.useQuery(undefined, {
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.qrCode.status === 'processing' || data?.idPhoto.status === 'processing' ? PROCESSING_POLL_MS : false;
    },
  });
}
