import { useState } from 'react';
import { errorOf } from '#web/features/help/help-sharing.public.ts';

export const FUNDRAISER_SUBMIT_URL = '/api/fundraisers';

export interface FundraiserSubmission {
  fields: ReadonlyArray<readonly [string, string]>;
  photo: File | null;
  /** The Idempotency-Key: sending again after a lost answer returns the same fundraiser. */
  submissionKey: string;
}

export type StartState = { phase: 'idle' } | { phase: 'sending' } | { phase: 'sent'; id: string } | { phase: 'failed'; error: unknown };

/**
 * POST /api/fundraisers as multipart/form-data (the text fields, then the photo) with the session
 * cookie and the CSRF header; the server's refusal comes back in the shape the form's errors read.
 */
export function useStartFundraiser(onSent: (id: string) => void) {
  const [state, setState] = useState<StartState>({ phase: 'idle' });
  async function send(submission: FundraiserSubmission): Promise<void> {
    setState({ phase: 'sending' });
    const body = new FormData();
    for (const [name, value] of submission.fields) body.append(name, value);
    if (submission.photo) body.append('photo', submission.photo, submission.photo.name);
    try {
      const response = await fetch(FUNDRAISER_SUBMIT_URL, {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { 'x-sahay-csrf': '1', 'Idempotency-Key': submission.submissionKey, Accept: 'application/json' },
      });
      const text = await response.text();
      if (!response.ok) {
        setState({ phase: 'failed', error: errorOf(response.status, text) });
        return;
      }
      const id = (JSON.parse(text) as { id: string }).id;
      setState({ phase: 'sent', id });
      onSent(id);
    } catch (error) {
      setState({ phase: 'failed', error });
    }
  }
  return { state, send };
}
