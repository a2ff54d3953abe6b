import type { DomainEvent } from '#server/event-store/types';
import { emptyLedger, evolveLedger, type Ledger } from '../disbursements/disbursement-ledger.ts';
import { evolveGifts, hasArrived, noGifts, type GiftsState } from '../direct-gifts/direct-gift.decider.ts';
import { decideClose } from '../help-request.decider.ts';
import type { HelpRequestClosed } from '../help.events.ts';

/**
 * A help request's stream folded whole: its life and its direct gifts (GiftsState carries the
 * request's state) and the money the foundation holds for it. What money arrives by — an earmarked
 * donation, a direct gift confirmed or decided received — is decided on this, so the request can
 * close as funded in the same append as the rupee that funds it.
 */
export interface WholeRequest {
  gifts: GiftsState;
  ledger: Ledger;
}

export const noWholeRequest: WholeRequest = { gifts: noGifts, ledger: emptyLedger };

export function evolveWholeRequest(state: WholeRequest, event: DomainEvent): WholeRequest {
  return { gifts: evolveGifts(state.gifts, event), ledger: evolveLedger(state.ledger, event) };
}

/** What has reached the request: verified earmarked donations and direct gifts that arrived. */
export function raisedPaise(state: WholeRequest): number {
  let total = state.ledger.earmarkedPaise;
  for (const gift of Object.values(state.gifts.gifts)) if (hasArrived(gift.status)) total += gift.amountPaise;
  return total;
}

/**
 * The events a decision returned, followed by the request's closing as funded when, after them, a
 * published request has raised what it needs. A request already closed, or not yet there, gets
 * nothing more.
 */
export function withFundedClose<E extends DomainEvent>(state: WholeRequest, decided: readonly E[], now: Date): (E | HelpRequestClosed)[] {
  const after = decided.reduce(evolveWholeRequest, state);
  const request = after.gifts.request;
  if (request.status !== 'published' || raisedPaise(after) < request.amountNeededPaise) return [...decided];
  return [...decided, ...decideClose({ requestId: request.requestId, reason: 'funded', closedBy: null, now }, request)];
}
