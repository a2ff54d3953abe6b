import { useMutationState } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import type { TEpinTransferHistory, TTransferEpinsResponse } from '@sahay/server/modules/community/epins/epins.schema';
import { trpc } from '#web/api/trpc.ts';

/** How long the Report tab keeps asking for a transfer it has just made, and how often. */
export const REPORT_CATCH_UP_MS = 60_000;
export const REPORT_REFETCH_MS = 1_000;

/**
 * The Report tab's list. The report is a read model written a moment after the transfer
 * (docs/decisions/015), so a transfer made in this tab may not be in the first answer: while one made
 * in the last minute is missing, the list is asked again each second.
 */
export function useTransferHistory() {
  const made = useMutationState({
    filters: { mutationKey: getMutationKey(trpc.community.epins.transfer), status: 'success' },
    select: (mutation) => ({ transferId: (mutation.state.data as TTransferEpinsResponse).transferId, madeAt: mutation.state.submittedAt }),
  });
  return trpc.community.epins.getTransferHistory.useQuery(undefined, {
    refetchInterval: (query) => (isReportBehind(made, query.state.data, Date.now()) ? REPORT_REFETCH_MS : false),
  });
}

/** Whether a transfer made here in the last minute is not yet in the report. */
export function isReportBehind(made: readonly { transferId: string; madeAt: number }[], report: TEpinTransferHistory | undefined, now: number): boolean {
  if (!report) return false;
  const shown = new Set(report.transfers.map((transfer) => transfer.transferId));
  return made.some((transfer) => now - transfer.madeAt < REPORT_CATCH_UP_MS && !shown.has(transfer.transferId));
}
