import { trpc } from '#web/api/trpc.ts';

/** donations.getMine: the signed-in member's own donations, newest first, with their receipts. */
export function useMyDonations() {
  return trpc.donations.getMine.useQuery();
}

/** donations.form10be.getMine: the signed-in member's Form 10BE certificates, each with its download. */
export function useMyCertificates() {
  return trpc.donations.form10be.getMine.useQuery();
}
