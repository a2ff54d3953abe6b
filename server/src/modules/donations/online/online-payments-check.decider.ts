import type { Recorded } from '#server/event-store/types';
import type { OnlinePaymentsChecked } from '../donations.events.ts';

// The nightly comparison of the gateway's captured payments with the donations verified online
// (issue 33, decision 069). Pure: what the job read → the day's one OnlinePaymentsChecked.

export interface OnlinePaymentsCheckCommand {
  /** The day in India, YYYY-MM-DD. */
  date: string;
  /** The gateway's captured payments created that day. */
  captured: { paymentId: string; amountPaise: number }[];
  /** The donations verified online that day, by the payment that verified each. */
  verified: { paymentId: string; reference: string; amountPaise: number }[];
  /** Payments verified that day that the gateway shows captured on another day (a payment made just before midnight). */
  capturedOnAnotherDay: { paymentId: string; amountPaise: number }[];
  /** Payments flagged for finance already (OnlinePaymentFlagged). */
  flagged: string[];
  now: Date;
}

export interface OnlinePaymentsCheckState {
  isChecked: boolean;
}

export const noOnlinePaymentsCheck: OnlinePaymentsCheckState = { isChecked: false };

export function evolveOnlinePaymentsCheck(state: OnlinePaymentsCheckState, event: Recorded<OnlinePaymentsChecked>): OnlinePaymentsCheckState {
  switch (event.type) {
    case 'OnlinePaymentsChecked':
      return { isChecked: true };
    default: {
      const unhandled: never = event.type;
      return unhandled;
    }
  }
}

/**
 * Pure: the day's check, once (a retried run finds it recorded). Every captured payment no donation
 * was verified by, every donation whose payment the gateway does not show captured, and every pair of
 * another amount is a difference; a payment flagged already says so.
 */
export function decideOnlinePaymentsCheck(command: OnlinePaymentsCheckCommand, state: OnlinePaymentsCheckState): OnlinePaymentsChecked[] {
  if (state.isChecked) return [];
  const flagged = new Set(command.flagged);
  const verifiedBy = new Map(command.verified.map((donation) => [donation.paymentId, donation]));
  const captured = new Map([...command.captured, ...command.capturedOnAnotherDay].map((payment) => [payment.paymentId, payment]));
  const differences: OnlinePaymentsChecked['data']['differences'] = [];
  for (const payment of command.captured) {
    const donation = verifiedBy.get(payment.paymentId);
    if (!donation) differences.push({ kind: 'captured-not-verified', paymentId: payment.paymentId, reference: null, gatewayPaise: payment.amountPaise, verifiedPaise: null, isFlagged: flagged.has(payment.paymentId) });
    else if (donation.amountPaise !== payment.amountPaise) {
      differences.push({ kind: 'amount-differs', paymentId: payment.paymentId, reference: donation.reference, gatewayPaise: payment.amountPaise, verifiedPaise: donation.amountPaise, isFlagged: flagged.has(payment.paymentId) });
    }
  }
  for (const donation of command.verified) {
    const payment = captured.get(donation.paymentId);
    if (!payment) differences.push({ kind: 'verified-not-captured', paymentId: donation.paymentId, reference: donation.reference, gatewayPaise: null, verifiedPaise: donation.amountPaise, isFlagged: flagged.has(donation.paymentId) });
    else if (!command.captured.some((listed) => listed.paymentId === donation.paymentId) && payment.amountPaise !== donation.amountPaise) {
      differences.push({ kind: 'amount-differs', paymentId: donation.paymentId, reference: donation.reference, gatewayPaise: payment.amountPaise, verifiedPaise: donation.amountPaise, isFlagged: flagged.has(donation.paymentId) });
    }
  }
  const sum = (items: { amountPaise: number }[]) => items.reduce((total, item) => total + item.amountPaise, 0);
  return [
    {
      type: 'OnlinePaymentsChecked',
      data: {
        date: command.date,
        capturedCount: command.captured.length,
        capturedPaise: sum(command.captured),
        verifiedCount: command.verified.length,
        verifiedPaise: sum(command.verified),
        differences,
        checkedAt: command.now.toISOString(),
      },
    },
  ];
}
