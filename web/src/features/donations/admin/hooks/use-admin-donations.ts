import type { TGetManyDonationsRequest } from '@sahay/server/modules/donations/verification/get-many-donations.schema';
import { trpc } from '#web/api/trpc.ts';

/** donations.admin.getMany: the queue with its filters, refreshed every 10 s like the other admin queues. */
export function useAdminDonations(filters: TGetManyDonationsRequest) {
  return trpc.donations.admin.getMany.useQuery(filters, { refetchInterval: 10_000 });
}

/** donations.admin.get: one donation with the donor's details, the proof and the receipt. */
export function useAdminDonation(reference: string) {
  return trpc.donations.admin.get.useQuery({ reference });
}

/** Verify, reject, cancel or refund, or record the donor's ID: the donation and the queue are asked again afterwards (also after a conflict: someone else acted). */
export function useDonationActions() {
  const utils = trpc.useUtils();
  const refresh = () => utils.donations.admin.invalidate();
  return {
    verify: trpc.donations.admin.verify.useMutation({ onSettled: refresh }),
    reject: trpc.donations.admin.reject.useMutation({ onSettled: refresh }),
    cancel: trpc.donations.admin.cancel.useMutation({ onSettled: refresh }),
    refund: trpc.donations.admin.refund.useMutation({ onSettled: refresh }),
    recordDonorId: trpc.donations.admin.recordDonorId.useMutation({ onSettled: refresh }),
    recordPanName: trpc.donations.admin.recordPanName.useMutation({ onSettled: refresh }),
  };
}

/** donations.admin.recordOffline: a gift received at the office, verified on entry. */
export function useRecordOfflineDonation() {
  const utils = trpc.useUtils();
  return trpc.donations.admin.recordOffline.useMutation({ onSuccess: () => utils.donations.admin.getMany.invalidate() });
}
