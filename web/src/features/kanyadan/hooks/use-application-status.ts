import { useState } from 'react';
import type { TApplicationStatus, TGetApplicationStatusRequest } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { queryProcedure } from '#web/api/procedure-fetch.ts';

type LookupState =
  | { phase: 'idle' }
  | { phase: 'looking'; data?: TApplicationStatus }
  | { phase: 'found'; data: TApplicationStatus }
  | { phase: 'failed'; error: unknown };

/**
 * kanyadan.getStatus, asked when the family submits the lookup form (registration number and the
 * phone given in the application). What was found stays on screen while the next is asked.
 */
export function useApplicationStatus() {
  const [state, setState] = useState<LookupState>({ phase: 'idle' });

  async function lookup(input: TGetApplicationStatusRequest): Promise<void> {
    setState((current) => ({ phase: 'looking', data: current.phase === 'found' && current.data.regNo === input.regNo ? current.data : undefined }));
    try {
      const data = await queryProcedure('kanyadan.getStatus', input);
      setState({ phase: 'found', data });
    } catch (error) {
      setState({ phase: 'failed', error });
    }
  }

  /** A newer answer for the application on screen (the fee's UTR was just sent): shown at once, without asking again. */
  function replace(data: TApplicationStatus): void {
    setState((current) => (current.phase === 'found' && current.data.regNo === data.regNo ? { phase: 'found', data } : current));
  }

  return {
    lookup,
    replace,
    data: state.phase === 'found' || state.phase === 'looking' ? state.data : undefined,
    error: state.phase === 'failed' ? state.error : null,
    isLooking: state.phase === 'looking',
  };
}
