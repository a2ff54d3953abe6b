import type { MessageKey } from '#web/i18n/i18n.tsx';
import { KANYADAN_STATUSES, type KanyadanStatus } from './application-rules.public.ts';

/**
 * What the family reads for an application's state, and what to do next. Waiting for the fee with
 * its UTR already sent reads "fee reference received, being checked" (issue 32): the state is
 * still "payment_pending" until finance finds the money, but the family has done their part. Null
 * for a state this page does not know yet (a newer server), which is shown as the server names it.
 */
export function statusWordsOf(
  status: string,
  feeUtrGiven: string | null | undefined,
): { label: MessageKey; next: MessageKey; vars?: Record<string, string> } | null {
  if (!(KANYADAN_STATUSES as readonly string[]).includes(status)) return null;
  const known = status as KanyadanStatus;
  if (known === 'payment_pending' && feeUtrGiven) {
    // What to do next is what the UTR form said on sending it: nothing, the foundation looks for the payment.
    return { label: 'kanyadan.registration.status.feeReferenceReceived', next: 'kanyadanSteps.payment.utrSent', vars: { utr: feeUtrGiven } };
  }
  return { label: `kanyadan.registration.statuses.${known}`, next: `kanyadan.registration.next.${known}` };
}
