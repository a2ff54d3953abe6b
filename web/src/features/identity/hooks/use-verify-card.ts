import type { TVerifyCardRequest } from '@sahay/server/modules/community/id-card/id-card.schema';
import { useProcedureQuery } from '#web/api/use-procedure.ts';

/** community.verifyCard, asked by the browser once the public /verify page has hydrated. */
export function useVerifyCard(input: TVerifyCardRequest) {
  return useProcedureQuery('community.verifyCard', input);
}
