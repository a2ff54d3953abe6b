import { streamType } from '#server/event-store/command-handler';
import type { Recorded } from '#server/event-store/types';
import { AppError } from '#server/errors/app-error';
import { ONLINE_PAYMENT_STREAM_PREFIX, type OnlinePaymentFlagged, type OnlinePaymentFlagResolved } from '../donations.events.ts';

// A flagged online payment's stream, online-payment-<payment ID> (decisions 066, 069, 081): flagged
// once, by the webhook or the callback; resolved once, by finance. Pure.

export type OnlinePaymentFlagEvent = OnlinePaymentFlagged | OnlinePaymentFlagResolved;

export interface OnlinePaymentFlagState {
  isFlagged: boolean;
  resolution: { note: string; resolvedBy: string; resolvedAt: string } | null;
}

export const noOnlinePaymentFlag: OnlinePaymentFlagState = { isFlagged: false, resolution: null };

export function evolveOnlinePaymentFlag(state: OnlinePaymentFlagState, event: Recorded<OnlinePaymentFlagEvent>): OnlinePaymentFlagState {
  switch (event.type) {
    case 'OnlinePaymentFlagged':
      return { ...state, isFlagged: true };
    case 'OnlinePaymentFlagResolved':
      return { ...state, resolution: { note: event.data.note, resolvedBy: event.data.resolvedBy, resolvedAt: event.data.resolvedAt } };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export const onlinePaymentFlagStream = streamType<OnlinePaymentFlagState, OnlinePaymentFlagEvent>({
  prefix: ONLINE_PAYMENT_STREAM_PREFIX,
  evolve: evolveOnlinePaymentFlag,
  initialState: noOnlinePaymentFlag,
});

export const FLAG_NOT_FOUND = 'No flagged online payment has this payment ID.';
export const FLAG_RESOLVED_ALREADY = 'This flagged payment was marked resolved already; the list shows when and what was done.';

export interface ResolveFlagCommand {
  paymentId: string;
  note: string;
  resolvedBy: string;
  now: Date;
}

/** Pure: finance marks a flagged payment resolved, with what was done; once (a second call is refused, naming the first). */
export function decideResolveFlag(command: ResolveFlagCommand, state: OnlinePaymentFlagState): OnlinePaymentFlagResolved[] {
  if (!state.isFlagged) throw new AppError('NOT_FOUND', { userMessage: FLAG_NOT_FOUND });
  if (state.resolution) throw new AppError('CONFLICT', { userMessage: FLAG_RESOLVED_ALREADY });
  return [{ type: 'OnlinePaymentFlagResolved', data: { gateway: 'razorpay', paymentId: command.paymentId, note: command.note, resolvedBy: command.resolvedBy, resolvedAt: command.now.toISOString() } }];
}
