import { trpc } from '#web/api/trpc.ts';

/** epins.share: keeps one of the member's codes 48 hours for the link they share; the list shows it kept. */
export function useShareEpin() {
  const utils = trpc.useUtils();
  return trpc.community.epins.share.useMutation({ onSuccess: () => void utils.community.epins.getHeld.invalidate() });
}
