import { trpc } from '#web/api/trpc.ts';

/** identity.getPublicCard for the receiver of a transfer, once a whole user ID has been typed (404: no such member). */
export function useReceiverCard(userId: string | null) {
  return trpc.identity.getPublicCard.useQuery({ userId: userId ?? '' }, { enabled: userId !== null, staleTime: 60_000 });
}
