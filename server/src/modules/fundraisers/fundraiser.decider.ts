import { AppError } from '#server/errors/app-error';
import { streamType } from '#server/event-store/command-handler';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import { indiaToday } from '#server/shared/india';
import {
  FUNDRAISER_STREAM_PREFIX,
  type FundraiserApproved,
  type FundraiserClosed,
  type FundraiserClosedBy,
  type FundraiserEvent,
  type FundraiserMessageHidden,
  type FundraiserRejected,
  type FundraiserStarted,
  type FundraiserTarget,
  type PersonalDataErased,
} from './fundraisers.events.ts';

// A fundraiser's stream and its one decider (docs/decisions/052, 080):
// pending → approved | rejected; pending | approved → closed (by its organiser, or its end date).

export const FUNDRAISER_NOT_FOUND = 'This fundraiser does not exist.';
export const FUNDRAISER_NOT_YOURS = 'This fundraiser is not yours.';
export const FUNDRAISER_ID_TAKEN = 'This fundraiser number is already in use. Please send the form again.';
export const FUNDRAISER_GOAL_RANGE = 'Set a goal between ₹1 and ₹1,00,00,000.';
export const FUNDRAISER_END_DATE_RANGE = 'Choose an end date after today and at most 90 days away.';
export const FUNDRAISER_ALREADY_REJECTED = 'This fundraiser was refused and cannot be changed.';
export const FUNDRAISER_ALREADY_CLOSED = 'This fundraiser is closed.';
export const FUNDRAISER_ALREADY_PUBLIC = 'This fundraiser is already public; it cannot be refused now.';
export const FUNDRAISER_ENDED_BEFORE_APPROVAL = 'The end date of this fundraiser has passed; it cannot be made public.';
export const FUNDRAISER_MESSAGE_NOT_FOUND = 'This fundraiser has no such gift.';

/** The longest a fundraiser may run: its end date at most this many days after the day it starts (India). */
export const MAX_FUNDRAISER_DAYS = 90;
export const MAX_FUNDRAISER_GOAL_PAISE = 1_00_00_000_00;

export type FundraiserStatus = 'pending' | 'approved' | 'rejected' | 'closed';

export interface FundraiserState {
  exists: boolean;
  organiserId: string | null;
  status: FundraiserStatus | null;
  endsOn: string;
  /** References of the gifts whose messages staff hid. */
  hidden: readonly string[];
}

export const noFundraiser: FundraiserState = { exists: false, organiserId: null, status: null, endsOn: '', hidden: [] };

export function evolveFundraiser(state: FundraiserState, event: Recorded<FundraiserEvent | PersonalDataErased>): FundraiserState {
  switch (event.type) {
    case 'FundraiserStarted':
      return { exists: true, organiserId: event.data.organiserId, status: 'pending', endsOn: event.data.endsOn, hidden: [] };
    case 'FundraiserApproved':
      return { ...state, status: 'approved' };
    case 'FundraiserRejected':
      return { ...state, status: 'rejected' };
    case 'FundraiserClosed':
      return { ...state, status: 'closed' };
    case 'FundraiserMessageHidden':
      return { ...state, hidden: [...state.hidden, event.data.reference] };
    case 'PersonalDataErased':
      return state;
    default: {
      const _unknown: never = event;
      return state;
    }
  }
}

/** YYYY-MM-DD `days` after `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether an approved fundraiser still takes gifts on `now`'s day in India (through its end date). */
export function isTakingGifts(state: Pick<FundraiserState, 'status' | 'endsOn'>, now: Date): boolean {
  return state.status === 'approved' && indiaToday(now) <= state.endsOn;
}

export interface StartFundraiserCommand {
  fundraiserId: string;
  organiserId: string;
  target: FundraiserTarget;
  text: Sealed;
  goalPaise: number;
  endsOn: string;
  photoFileId: string;
  now: Date;
}

/** The start's refusals that need no state: the goal and the end date (today < end ≤ today + 90 days, India). */
export function refuseStartInput(command: Pick<StartFundraiserCommand, 'goalPaise' | 'endsOn' | 'now'>): void {
  if (!Number.isSafeInteger(command.goalPaise) || command.goalPaise < 100 || command.goalPaise > MAX_FUNDRAISER_GOAL_PAISE) {
    throw new AppError('BAD_REQUEST', { userMessage: FUNDRAISER_GOAL_RANGE, fieldErrors: { goal: [FUNDRAISER_GOAL_RANGE] } });
  }
  const today = indiaToday(command.now);
  if (!(command.endsOn > today && command.endsOn <= addDays(today, MAX_FUNDRAISER_DAYS))) {
    throw new AppError('BAD_REQUEST', { userMessage: FUNDRAISER_END_DATE_RANGE, fieldErrors: { endsOn: [FUNDRAISER_END_DATE_RANGE] } });
  }
}

/**
 * Pure: a member starts a fundraiser, waiting for `verification`. The same submission again (the
 * same ID, from the same member's Idempotency-Key) finds it started and records nothing.
 */
export function decideStartFundraiser(command: StartFundraiserCommand, state: FundraiserState): FundraiserStarted[] {
  if (state.exists) {
    if (state.organiserId === command.organiserId) return [];
    throw new AppError('CONFLICT', { userMessage: FUNDRAISER_ID_TAKEN });
  }
  refuseStartInput(command);
  return [
    {
      type: 'FundraiserStarted',
      data: {
        fundraiserId: command.fundraiserId,
        organiserId: command.organiserId,
        target: command.target,
        text: command.text,
        goalPaise: command.goalPaise,
        endsOn: command.endsOn,
        photoFileId: command.photoFileId,
        startedAt: command.now.toISOString(),
      },
    },
  ];
}

function refuseMissing(state: FundraiserState): void {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: FUNDRAISER_NOT_FOUND });
}

/** Pure: `verification` makes a pending fundraiser public; approving again records nothing. */
export function decideApproveFundraiser(command: { fundraiserId: string; now: Date }, state: FundraiserState): FundraiserApproved[] {
  refuseMissing(state);
  if (state.status === 'approved') return [];
  if (state.status === 'rejected') throw new AppError('CONFLICT', { userMessage: FUNDRAISER_ALREADY_REJECTED });
  if (state.status === 'closed') throw new AppError('CONFLICT', { userMessage: FUNDRAISER_ALREADY_CLOSED });
  if (indiaToday(command.now) > state.endsOn) throw new AppError('CONFLICT', { userMessage: FUNDRAISER_ENDED_BEFORE_APPROVAL });
  return [{ type: 'FundraiserApproved', data: { fundraiserId: command.fundraiserId, approvedAt: command.now.toISOString() } }];
}

/** Pure: `verification` refuses a pending fundraiser with a reason; refusing again records nothing. */
export function decideRejectFundraiser(command: { fundraiserId: string; reason: Sealed; now: Date }, state: FundraiserState): FundraiserRejected[] {
  refuseMissing(state);
  if (state.status === 'rejected') return [];
  if (state.status === 'approved') throw new AppError('CONFLICT', { userMessage: FUNDRAISER_ALREADY_PUBLIC });
  if (state.status === 'closed') throw new AppError('CONFLICT', { userMessage: FUNDRAISER_ALREADY_CLOSED });
  return [{ type: 'FundraiserRejected', data: { fundraiserId: command.fundraiserId, reason: command.reason, rejectedAt: command.now.toISOString() } }];
}

/**
 * Pure: its organiser closes a pending or public fundraiser (no one else may), or its end date
 * closes a public one once the day after it has begun in India. Closing again records nothing.
 */
export function decideCloseFundraiser(command: { fundraiserId: string; closedBy: FundraiserClosedBy; actor: string; now: Date }, state: FundraiserState): FundraiserClosed[] {
  refuseMissing(state);
  if (command.closedBy === 'organiser' && state.organiserId !== command.actor) throw new AppError('FORBIDDEN', { userMessage: FUNDRAISER_NOT_YOURS });
  if (state.status === 'closed') return [];
  if (state.status === 'rejected') throw new AppError('CONFLICT', { userMessage: FUNDRAISER_ALREADY_REJECTED });
  if (command.closedBy === 'end-date' && (state.status !== 'approved' || indiaToday(command.now) <= state.endsOn)) return [];
  return [{ type: 'FundraiserClosed', data: { fundraiserId: command.fundraiserId, closedBy: command.closedBy, closedAt: command.now.toISOString() } }];
}

/**
 * Pure: staff hide one supporter's message from the page (the gift still counts). The gift must be
 * one given through this fundraiser (`isGiftOfFundraiser`, read with the command); hiding again records nothing.
 */
export function decideHideMessage(command: { fundraiserId: string; reference: string; isGiftOfFundraiser: boolean; now: Date }, state: FundraiserState): FundraiserMessageHidden[] {
  refuseMissing(state);
  if (!command.isGiftOfFundraiser) throw new AppError('NOT_FOUND', { userMessage: FUNDRAISER_MESSAGE_NOT_FOUND });
  if (state.hidden.includes(command.reference)) return [];
  return [{ type: 'FundraiserMessageHidden', data: { fundraiserId: command.fundraiserId, reference: command.reference, hiddenAt: command.now.toISOString() } }];
}

/** The fundraiser stream (`fundraiser-<id>`), configured once for the command handler. */
export const fundraiserStream = streamType<FundraiserState, FundraiserEvent | PersonalDataErased>({ prefix: FUNDRAISER_STREAM_PREFIX, evolve: evolveFundraiser, initialState: noFundraiser });
