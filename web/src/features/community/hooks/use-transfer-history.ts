import { trpc } from '#web/api/trpc.ts';

/** epins.getTransferHistory: the batches of codes the person passed on or received. */
export function useTransferHistory() {
  return trpc.community.epins.getTransferHistory.useQuery(undefined);
}
