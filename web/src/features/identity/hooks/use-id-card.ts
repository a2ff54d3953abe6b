import { trpc } from '#web/api/trpc.ts';

/** community.getIdCard, fetched when the member asks for the card (not on every visit to the profile). */
export function useFetchIdCard() {
  const utils = trpc.useUtils();
  return () => utils.community.getIdCard.fetch(undefined, { staleTime: 0 });
}
