import { trpc } from '#web/api/trpc.ts';

/** epins.transfer, then refresh the codes held, the report and (for admins) the list of all codes. */
export function useTransferEpins() {
  const utils = trpc.useUtils();
  return trpc.epins.transfer.useMutation({
    onSuccess: () => Promise.all([utils.epins.getHeld.invalidate(), utils.epins.getTransferHistory.invalidate(), utils.epins.getMany.invalidate()]),
  });
}
