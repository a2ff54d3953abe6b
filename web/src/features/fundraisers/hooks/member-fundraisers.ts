import { trpc } from '#web/api/trpc.ts';

/** fundraisers.mine: the signed-in member's own fundraisers with their progress, newest first. */
export function useMyFundraisers() {
  return trpc.fundraisers.mine.useQuery();
}

/** fundraisers.close; afterwards the list is asked for again, also after a failure. */
export function useCloseFundraiser() {
  const utils = trpc.useUtils();
  return trpc.fundraisers.close.useMutation({ onSettled: () => utils.fundraisers.mine.invalidate() });
}
