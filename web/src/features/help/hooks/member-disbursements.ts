import { trpc } from '#web/api/trpc.ts';

/** help.disbursements.get: the money held for the member's own request, the admin charge now, and their withdrawals, newest first. */
export function useMyDisbursements(id: string) {
  return trpc.help.disbursements.get.useQuery({ id });
}

/**
 * help.disbursements.request; afterwards the balance and the history are asked for again, also
 * after a failure (a refusal may mean the balance changed, and an unanswered request may have been recorded).
 */
export function useRequestDisbursement() {
  const utils = trpc.useUtils();
  return trpc.help.disbursements.request.useMutation({ onSettled: () => utils.help.disbursements.get.invalidate() });
}
