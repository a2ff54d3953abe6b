import { trpc } from '#web/api/trpc.ts';

/** epins.transfer, then refresh the codes held, the report and (for admins) the list of all codes. */
export function useTransferEpins() {
  const utils = trpc.useUtils();
  return trpc.community.epins.transfer.useMutation({
    onSuccess: () => Promise.all([utils.community.epins.getHeld.invalidate(), utils.community.epins.getTransferHistory.invalidate(), utils.community.epins.getMany.invalidate()]),
  });
}
