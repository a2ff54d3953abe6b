import { trpc } from '#web/api/trpc.ts';

/** How often to ask again while an uploaded QR image is being processed. */
const QR_POLL_MS = 1000;

/**
 * identity.getProfile: account info, personal details and the UPI QR image. While an upload is
 * being processed (a background job re-encodes it), asks again every second until it is ready or
 * rejected.
 */
export function useProfile() {
  return trpc.identity.getProfile.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.qrCode.status === 'processing' ? QR_POLL_MS : false),
  });
}
