import { trpc } from '#web/api/trpc.ts';

/** help.mine: the signed-in member's own requests, newest first, with a question waiting for an answer. */
export function useMyHelpRequests() {
  return trpc.help.mine.useQuery();
}

/** help.answer and help.close; afterwards the list is asked for again, also after a failure (someone may have acted first). */
export function useMyHelpActions() {
  const utils = trpc.useUtils();
  const refresh = () => utils.help.mine.invalidate();
  return {
    answer: trpc.help.answer.useMutation({ onSettled: refresh }),
    close: trpc.help.close.useMutation({ onSettled: refresh }),
  };
}
