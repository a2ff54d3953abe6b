import { keepPreviousData } from '@tanstack/react-query';
import type { THelpQueueQuery } from '@sahay/server/modules/help/help.schema';
import { trpc } from '#web/api/trpc.ts';

const REFRESH_MS = 10_000;

/** help.admin.getMany: one page of the queue, refreshed every 10 s like the other admin queues; the page shown stays while the next one loads. */
export function useHelpQueue(query: THelpQueueQuery) {
  return trpc.help.admin.getMany.useQuery(query, { refetchInterval: REFRESH_MS, placeholderData: keepPreviousData });
}

/** help.admin.get: one request as staff decide on it (the beneficiary's details stay closed). */
export function useHelpRequestDetail(id: string) {
  return trpc.help.admin.get.useQuery({ id });
}

/** Asks for the request again: after a document was viewed, the access log has grown. */
export function useRefreshHelpRequest(id: string) {
  const utils = trpc.useUtils();
  return () => void utils.help.admin.get.invalidate({ id });
}

/** help.admin.reveal: the beneficiary and payout details; the server records each opening, so it is a mutation run only on a button press. */
export function useRevealHelpBeneficiary() {
  return trpc.help.admin.reveal.useMutation();
}

/**
 * The decisions on a request. Afterwards the request and the queue are asked again — also after a
 * failure, since a conflict means someone else acted first and the page must show what they did.
 */
export function useHelpActions() {
  const utils = trpc.useUtils();
  const refresh = () => utils.help.admin.invalidate();
  return {
    checkIdentity: trpc.help.admin.checkIdentity.useMutation({ onSettled: refresh }),
    ask: trpc.help.admin.ask.useMutation({ onSettled: refresh }),
    publish: trpc.help.admin.publish.useMutation({ onSettled: refresh }),
    reject: trpc.help.admin.reject.useMutation({ onSettled: refresh }),
    close: trpc.help.admin.close.useMutation({ onSettled: refresh }),
    extend: trpc.help.admin.extend.useMutation({ onSettled: refresh }),
  };
}

export type HelpActions = ReturnType<typeof useHelpActions>;
