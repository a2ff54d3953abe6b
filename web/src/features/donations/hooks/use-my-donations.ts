import { trpc } from '#web/api/trpc.ts';

/** donations.getMine: the signed-in member's own donations, newest first, with their receipts. */
export function useMyDonations() {
  return trpc.donations.getMine.useQuery();
}
