import { AppError } from '#server/errors/app-error';
import type { DomainEvent } from '#server/event-store/types';
import { indiaToday } from '#server/modules/kanyadan/submission/age.schema';
import { evolveHelpRequest, HELP_REQUEST_NOT_FOUND, isHelpRequestEvent, isPastClosing, noHelpRequest, type HelpRequestState } from '../help-request.decider.ts';
import type { DirectGiftConfirmed, DirectGiftDecided, DirectGiftDisputed, DirectGiftEvent, DirectGiftSubmitted } from '../help.events.ts';

/**
 * Direct gifts to a help request's beneficiary (PRODUCT.md §8): a pure fold of the request's stream
 * and the decisions on it. The money never passes through the foundation; what is recorded is who
 * says they gave what (with the bank's UTR and a screenshot) and whether the beneficiary, or staff
 * in a dispute, say it arrived. Only gifts that arrived count towards the request's progress.
 */

export const GIFT_ALREADY_PENDING = 'You have already submitted a gift for this request.';
export const GIFT_TO_OWN_REQUEST = 'You cannot give to your own help request.';
export const GIFT_REQUEST_CLOSED = 'This help request is closed and takes no new gifts.';
export const GIFT_ONLY_BENEFICIARY = 'Only the person who asked for this help can confirm or reject its gifts.';
export const GIFT_ALREADY_CONFIRMED = 'This gift has already been confirmed.';
export const GIFT_ALREADY_DISPUTED = 'This gift is already with staff for a decision.';
export const GIFT_ALREADY_DECIDED = 'This gift was decided already.';
export const GIFT_NOT_DISPUTED = 'This gift is not disputed.';
export const GIFT_UTR_USED = 'This UTR is already recorded for another gift.';
export const GIFT_NOT_FOUND = 'No gift has this ID.';
export const GIFT_PARTY_DECIDES = 'You cannot decide a dispute about a gift you gave or received.';

export type GiftStatus = 'pending' | 'confirmed' | 'disputed' | 'received' | 'not-received';

export interface Gift {
  giftId: string;
  giverId: string;
  amountPaise: number;
  status: GiftStatus;
}

export interface GiftsState {
  request: HelpRequestState;
  gifts: Readonly<Record<string, Gift>>;
}

export const noGifts: GiftsState = { request: noHelpRequest, gifts: {} };

/** Whether the gift's money reached the beneficiary, as they or staff said. */
export function hasArrived(status: GiftStatus): boolean {
  return status === 'confirmed' || status === 'received';
}

function giftOf(state: GiftsState, giftId: string): Gift | undefined {
  return Object.hasOwn(state.gifts, giftId) ? state.gifts[giftId] : undefined;
}

function withGift(state: GiftsState, giftId: string, change: Partial<Gift>): GiftsState {
  const gift = giftOf(state, giftId);
  if (!gift) return state;
  return { ...state, gifts: { ...state.gifts, [giftId]: { ...gift, ...change } } };
}

const DIRECT_GIFT_EVENT_TYPES: ReadonlySet<string> = new Set<DirectGiftEvent['type']>(['DirectGiftSubmitted', 'DirectGiftConfirmed', 'DirectGiftDisputed', 'DirectGiftDecided']);

function isDirectGiftEvent(event: DomainEvent): event is DirectGiftEvent {
  return DIRECT_GIFT_EVENT_TYPES.has(event.type);
}

/** Folds any event of the request's stream (recorded, or just decided): its own events and its gifts'. */
export function evolveGifts(state: GiftsState, event: DomainEvent): GiftsState {
  const next = isHelpRequestEvent(event) ? { ...state, request: evolveHelpRequest(state.request, event) } : state;
  if (!isDirectGiftEvent(event)) return next;
  const gift = event;
  switch (gift.type) {
    case 'DirectGiftSubmitted': {
      const { giftId, giverId, amountPaise } = gift.data;
      return { ...next, gifts: { ...next.gifts, [giftId]: { giftId, giverId, amountPaise, status: 'pending' } } };
    }
    case 'DirectGiftConfirmed':
      return withGift(next, gift.data.giftId, { status: 'confirmed' });
    case 'DirectGiftDisputed':
      return withGift(next, gift.data.giftId, { status: 'disputed' });
    case 'DirectGiftDecided':
      return withGift(next, gift.data.giftId, { status: gift.data.decision });
    default: {
      const unhandled: never = gift;
      return unhandled;
    }
  }
}

export interface SubmitGiftCommand {
  requestId: string;
  giftId: string;
  giverId: string;
  amountPaise: number;
  utr: string;
  screenshotFileId: string;
  /** Whether the UTR is claimed by another gift already (the caller reads its claim stream). */
  isUtrUsed: boolean;
  now: Date;
}

/**
 * A giver says they paid: only to a published request still open today, never one's own, and not
 * while their earlier gift to it waits for the beneficiary. The same gift ID again records nothing.
 */
export function decideSubmitGift(command: SubmitGiftCommand, state: GiftsState): DirectGiftSubmitted[] {
  const { request } = state;
  if (!request.exists) throw new AppError('NOT_FOUND', { userMessage: HELP_REQUEST_NOT_FOUND });
  if (request.status === 'closed' || isPastClosing(request, indiaToday(command.now))) throw new AppError('CONFLICT', { userMessage: GIFT_REQUEST_CLOSED });
  // An unpublished request does not exist for a giver, as for every public reader.
  if (request.status !== 'published') throw new AppError('NOT_FOUND', { userMessage: HELP_REQUEST_NOT_FOUND });
  if (command.giverId === request.requesterId) throw new AppError('FORBIDDEN', { userMessage: GIFT_TO_OWN_REQUEST });
  if (giftOf(state, command.giftId)) return [];
  if (Object.values(state.gifts).some((gift) => gift.giverId === command.giverId && gift.status === 'pending')) {
    throw new AppError('CONFLICT', { userMessage: GIFT_ALREADY_PENDING });
  }
  if (command.isUtrUsed) throw new AppError('CONFLICT', { userMessage: GIFT_UTR_USED, fieldErrors: { utr: [GIFT_UTR_USED] } });
  const { requestId, giftId, giverId, amountPaise, utr, screenshotFileId } = command;
  return [
    {
      type: 'DirectGiftSubmitted',
      data: { requestId, giftId, giverId, amountPaise, utr, screenshot: { fileId: screenshotFileId, mediaType: 'image/jpeg' }, submittedAt: command.now.toISOString() },
    },
  ];
}

function requireGift(state: GiftsState, giftId: string): Gift {
  const gift = giftOf(state, giftId);
  if (!gift) throw new AppError('NOT_FOUND', { userMessage: GIFT_NOT_FOUND });
  return gift;
}

function requireBeneficiary(state: GiftsState, actor: string): void {
  if (actor !== state.request.requesterId) throw new AppError('FORBIDDEN', { userMessage: GIFT_ONLY_BENEFICIARY });
}

/** The beneficiary: "I received this". Again records nothing; a disputed or decided gift is staff's. */
export function decideConfirmGift(command: { requestId: string; giftId: string; actor: string; now: Date }, state: GiftsState): DirectGiftConfirmed[] {
  const gift = requireGift(state, command.giftId);
  requireBeneficiary(state, command.actor);
  if (gift.status === 'confirmed') return [];
  if (gift.status === 'disputed') throw new AppError('CONFLICT', { userMessage: GIFT_ALREADY_DISPUTED });
  if (gift.status !== 'pending') throw new AppError('CONFLICT', { userMessage: GIFT_ALREADY_DECIDED });
  const { giverId, amountPaise } = gift;
  return [{ type: 'DirectGiftConfirmed', data: { requestId: command.requestId, giftId: command.giftId, giverId, amountPaise, confirmedBy: command.actor, confirmedAt: command.now.toISOString() } }];
}

/** The beneficiary: "I did not receive this" — the gift goes to staff. Again records nothing. */
export function decideDisputeGift(command: { requestId: string; giftId: string; actor: string; now: Date }, state: GiftsState): DirectGiftDisputed[] {
  const gift = requireGift(state, command.giftId);
  requireBeneficiary(state, command.actor);
  if (gift.status === 'disputed') return [];
  if (gift.status === 'confirmed') throw new AppError('CONFLICT', { userMessage: GIFT_ALREADY_CONFIRMED });
  if (gift.status !== 'pending') throw new AppError('CONFLICT', { userMessage: GIFT_ALREADY_DECIDED });
  return [{ type: 'DirectGiftDisputed', data: { requestId: command.requestId, giftId: command.giftId, disputedBy: command.actor, disputedAt: command.now.toISOString() } }];
}

/** A verification admin decides a disputed gift, neither its giver nor its beneficiary. The same decision again records nothing. */
export function decideGiftDispute(
  command: { requestId: string; giftId: string; decision: 'received' | 'not-received'; reason: string; decidedBy: string; now: Date },
  state: GiftsState,
): DirectGiftDecided[] {
  const gift = requireGift(state, command.giftId);
  if (command.decidedBy === state.request.requesterId || command.decidedBy === gift.giverId) throw new AppError('FORBIDDEN', { userMessage: GIFT_PARTY_DECIDES });
  if (gift.status === command.decision) return [];
  if (gift.status !== 'disputed') throw new AppError('CONFLICT', { userMessage: gift.status === 'pending' || gift.status === 'confirmed' ? GIFT_NOT_DISPUTED : GIFT_ALREADY_DECIDED });
  const { requestId, giftId, decision, reason, decidedBy } = command;
  return [{ type: 'DirectGiftDecided', data: { requestId, giftId, giverId: gift.giverId, amountPaise: gift.amountPaise, decision, reason, decidedBy, decidedAt: command.now.toISOString() } }];
}

