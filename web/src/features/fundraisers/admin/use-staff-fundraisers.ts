import { trpc } from '#web/api/trpc.ts';
import type { TMyFundraiser } from '@sahay/server/modules/fundraisers/fundraisers.schema';

export function useFundraiserQueue(status: TMyFundraiser['status']) {
  return trpc.fundraisers.admin.getMany.useQuery({ status });
}

export function useStaffFundraiser(id: string) {
  return trpc.fundraisers.admin.get.useQuery({ id });
}

/** Approve, refuse, hide a message: afterwards the fundraiser and the queue are asked for again. */
export function useFundraiserDecisions() {
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.fundraisers.admin.get.invalidate(), utils.fundraisers.admin.getMany.invalidate()]);
  return {
    approve: trpc.fundraisers.admin.approve.useMutation({ onSettled: refresh }),
    reject: trpc.fundraisers.admin.reject.useMutation({ onSettled: refresh }),
    hide: trpc.fundraisers.admin.hideMessage.useMutation({ onSettled: refresh }),
  };
}
