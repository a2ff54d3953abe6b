import { useState } from 'react';
import type { TCreateContactMessageRequest } from '@sahay/server/modules/site/contact.schema';
import { mutateProcedure } from '#web/api/procedure-fetch.ts';

interface MutationState {
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
}

/** site.contact.create: sends the contact form (the server drops it quietly if the honeypot is filled). */
export function useCreateContactMessage() {
  const [state, setState] = useState<MutationState>({ isPending: false, isSuccess: false, error: null });

  async function mutate(input: TCreateContactMessageRequest): Promise<boolean> {
    setState({ isPending: true, isSuccess: false, error: null });
    try {
      await mutateProcedure<{ ok: true }>('site.contact.create', input);
      setState({ isPending: false, isSuccess: true, error: null });
      return true;
    } catch (error) {
      setState({ isPending: false, isSuccess: false, error });
      return false;
    }
  }

  return { ...state, mutate, reset: () => setState({ isPending: false, isSuccess: false, error: null }) };
}
