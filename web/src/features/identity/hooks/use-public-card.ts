import { USER_ID_PATTERN } from '@sahay/server/modules/identity/fields.schema';
import { trpc } from '#web/api/trpc.ts';

/** A member's public card (user ID and name), used to show who referred a new member. */
export function usePublicCard(userId: string) {
  return trpc.identity.getPublicCard.useQuery({ userId }, { enabled: USER_ID_PATTERN.test(userId), staleTime: 5 * 60_000 });
}
