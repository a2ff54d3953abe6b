import type { Recorded } from '#server/event-store/types';
import type { OnlinePaymentsChecked, OnlinePaymentsSettlementSummary } from '../donations.events.ts';

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
  /** The gateway's settlements (decision 081); absent when not asked for. */
  settlements?: SettlementsCheckInput;
  now: Date;
}

/** What the job read for the settlements part of a day's check (decision 081). */
export interface SettlementsCheckInput {
  /** The day a settlement window before `date`, whose captured payments must all be settled by now. */
  capturedOn: string;
  /** The gateway's captured payments created on `capturedOn`. */
  capturedThen: { paymentId: string; amountPaise: number }[];
  /** Every payment settled from `capturedOn` to `date` (the recon report's `payment` items marked settled), with the day it was settled on. */
  settled: { paymentId: string; amountPaise: number; feePaise: number; creditPaise: number; settledOn: string }[];
  /** The donations verified by any of those payments. */
  verifiedBy: { paymentId: string; reference: string; amountPaise: number }[];
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
  const settlements = command.settlements ? settlementDifferences(command.date, command.settlements, flagged) : null;
  if (settlements) differences.push(...settlements.differences);
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
        ...(settlements ? { settlements: settlements.summary } : {}),
        checkedAt: command.now.toISOString(),
      },
    },
  ];
}

/**
 * Pure: the settlements part of a day's check (decision 081). Every payment captured on `capturedOn`
 * that no settlement since has paid out is a difference (`captured-not-settled`), whether or not it
 * verified a donation: the money was taken from a donor and has not reached the foundation. Every
 * payment settled on `date` for another amount than the donation it verified is one too
 * (`settled-amount-differs`); a settled payment that verified nothing was listed on the day it was
 * captured (`captured-not-verified`) and is not listed again.
 */
function settlementDifferences(
  date: string,
  input: SettlementsCheckInput,
  flagged: Set<string>,
): { differences: OnlinePaymentsChecked['data']['differences']; summary: OnlinePaymentsSettlementSummary } {
  const verifiedBy = new Map(input.verifiedBy.map((donation) => [donation.paymentId, donation]));
  const settledIds = new Set(input.settled.map((item) => item.paymentId));
  const differences: OnlinePaymentsChecked['data']['differences'] = [];
  for (const payment of input.capturedThen) {
    if (settledIds.has(payment.paymentId)) continue;
    const donation = verifiedBy.get(payment.paymentId);
    differences.push({
      kind: 'captured-not-settled',
      paymentId: payment.paymentId,
      reference: donation?.reference ?? null,
      gatewayPaise: payment.amountPaise,
      verifiedPaise: donation?.amountPaise ?? null,
      isFlagged: flagged.has(payment.paymentId),
    });
  }
  const settledThatDay = input.settled.filter((item) => item.settledOn === date);
  for (const item of settledThatDay) {
    const donation = verifiedBy.get(item.paymentId);
    if (donation && donation.amountPaise !== item.amountPaise) {
      differences.push({ kind: 'settled-amount-differs', paymentId: item.paymentId, reference: donation.reference, gatewayPaise: item.amountPaise, verifiedPaise: donation.amountPaise, isFlagged: flagged.has(item.paymentId) });
    }
  }
  const total = (pick: (item: SettlementsCheckInput['settled'][number]) => number) => settledThatDay.reduce((sum, item) => sum + pick(item), 0);
  return {
    differences,
    summary: {
      settledCount: settledThatDay.length,
      settledPaise: total((item) => item.amountPaise),
      feesPaise: total((item) => item.feePaise),
      creditedPaise: total((item) => item.creditPaise),
      capturedOn: input.capturedOn,
      capturedCount: input.capturedThen.length,
    },
  };
}
