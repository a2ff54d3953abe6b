import { trpc } from '#web/api/trpc.ts';

/** epins.getTransferHistory: the batches of codes the person passed on or received. */
export function useTransferHistory() {
  return trpc.epins.getTransferHistory.useQuery(undefined);
}
