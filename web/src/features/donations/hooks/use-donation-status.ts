import { useState } from 'react';
import type { TDonationStatus, TGetDonationStatusRequest } from '@sahay/server/modules/donations/giving/get-donation-status.schema';
import { queryProcedure } from '#web/api/procedure-fetch.ts';

type LookupState =
  | { phase: 'idle' }
  | { phase: 'looking'; input: TGetDonationStatusRequest; data?: TDonationStatus }
  | { phase: 'found'; input: TGetDonationStatusRequest; data: TDonationStatus }
  | { phase: 'failed'; input: TGetDonationStatusRequest; error: unknown };

/**
 * donations.getStatus, asked when the donor submits the lookup form (reference + the e-mail or
 * phone given), and again after they send proof. What was found stays on screen while it is asked
 * again, so the page does not jump.
 */
export function useDonationStatus() {
  const [state, setState] = useState<LookupState>({ phase: 'idle' });

  async function lookup(input: TGetDonationStatusRequest): Promise<void> {
    setState((current) => ({ phase: 'looking', input, data: current.phase === 'found' && sameDonation(current.input, input) ? current.data : undefined }));
    try {
      const data = await queryProcedure('donations.getStatus', input);
      setState({ phase: 'found', input, data });
    } catch (error) {
      setState({ phase: 'failed', input, error });
    }
  }

  return {
    state,
    lookup,
    refresh: () => (state.phase === 'idle' ? Promise.resolve() : lookup(state.input)),
    data: state.phase === 'found' || state.phase === 'looking' ? state.data : undefined,
    error: state.phase === 'failed' ? state.error : null,
    isLooking: state.phase === 'looking',
  };
}

function sameDonation(a: TGetDonationStatusRequest, b: TGetDonationStatusRequest): boolean {
  return a.reference === b.reference && a.contact === b.contact;
}
