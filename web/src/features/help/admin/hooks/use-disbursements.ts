import { keepPreviousData } from '@tanstack/react-query';
import type { DISBURSEMENT_STATUS_VALUES } from '@sahay/server/modules/help/disbursements/disbursements.schema';
import { trpc } from '#web/api/trpc.ts';

const REFRESH_MS = 10_000;

/** help.admin.disbursements.getMany: the withdrawals in one status, refreshed every 10 s like the other admin queues. */
export function useDisbursementQueue(status: (typeof DISBURSEMENT_STATUS_VALUES)[number]) {
  return trpc.help.admin.disbursements.getMany.useQuery({ status }, { refetchInterval: REFRESH_MS, placeholderData: keepPreviousData });
}

/**
 * help.admin.disbursements.details: where the money goes. The server records each opening in the
 * access log, so it is a mutation, run only when the Details button is pressed.
 */
export function useDisbursementDetails() {
  return trpc.help.admin.disbursements.details.useMutation();
}

/**
 * Approve, reject, mark paid. Afterwards the queue is asked for again — also after a failure: a
 * refusal most often means another admin acted first, and the list must show what they did.
 */
export function useDisbursementActions() {
  const utils = trpc.useUtils();
  const refresh = () => utils.help.admin.disbursements.getMany.invalidate();
  return {
    approve: trpc.help.admin.disbursements.approve.useMutation({ onSettled: refresh }),
    reject: trpc.help.admin.disbursements.reject.useMutation({ onSettled: refresh }),
    markPaid: trpc.help.admin.disbursements.markPaid.useMutation({ onSettled: refresh }),
  };
}
