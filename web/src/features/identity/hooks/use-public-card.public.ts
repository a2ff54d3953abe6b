import { useProcedureQuery } from '#web/api/use-procedure.ts';

/**
 * A member's public card (user ID and name), used to show who referred a new member. The server
 * answers 400 to a malformed user ID and 404 to an unknown one.
 */
export function usePublicCard(userId: string) {
  return useProcedureQuery('identity.getPublicCard', { userId }, { enabled: userId !== '' });
}
