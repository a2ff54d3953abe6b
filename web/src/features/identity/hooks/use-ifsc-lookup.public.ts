import { IFSC_PATTERN } from '@sahay/server/modules/identity/profile/profile.schema';
import { useProcedureQuery } from '#web/api/use-procedure.ts';

/** An IFSC as the server will read it. */
export const normalisedIfsc = (value: string) => value.trim().toUpperCase();

/**
 * identity.lookUpIfsc: the bank of an IFSC in the published list (the list stays on the server).
 * Asked only once the IFSC has its full shape; each code is asked once a visit.
 */
export function useIfscLookup(value: string) {
  const ifsc = normalisedIfsc(value);
  return useProcedureQuery('identity.lookUpIfsc', { ifsc }, { enabled: IFSC_PATTERN.test(ifsc) });
}
