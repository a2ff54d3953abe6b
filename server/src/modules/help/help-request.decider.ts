import { AppError } from '#server/errors/app-error';
import type { PersonalDataErased, Sealed } from '#server/event-store/sealing/personal-data';
import { streamType, type StreamEvents } from '#server/event-store/command-handler';
import type { DomainEvent } from '#server/event-store/types';
import { formatRupees } from '#server/lib/amount-in-words';
import { indiaToday } from '#server/modules/kanyadan/submission/age.schema';
import {
  CONTACT_NUMBER_REQUIRED,
  CONTACT_NUMBER_TOO_LONG,
  INVALID_WITHDRAWAL_AMOUNT,
  isChargeValid,
  MAX_CONTACT_NUMBER_LENGTH,
  MIN_WITHDRAWAL_PAISE,
  previewDisbursement,
} from '#server/shared/withdrawals';
import {
  HELP_DISBURSEMENT_ID_STREAM_PREFIX,
  HELP_STREAM_PREFIX,
  HELP_UTR_STREAM_PREFIX,
  helpStreamId,
  type DirectGiftConfirmed,
  type DirectGiftDecided,
  type DirectGiftDisputed,
  type DirectGiftEvent,
  type DirectGiftSubmitted,
  type DisbursementApproved,
  type DisbursementPaid,
  type DisbursementRejected,
  type DisbursementRequested,
  type HelpCloseReason,
  type HelpDisbursementIdClaimed,
  type HelpDisbursementUtrClaimed,
  type HelpDonationCause,
  type HelpDonationEarmarked,
  type HelpDonationUnearmarked,
  type HelpIdKind,
  type HelpIdentityChecked,
  type HelpInformationGiven,
  type HelpInformationRequested,
  type HelpLedgerEvent,
  type HelpRequestClosed,
  type HelpRequestEvent,
  type HelpRequestExtended,
  type HelpRequestPublished,
  type HelpRequestRejected,
  type HelpRequestStatus,
  type HelpRequested,
  type HelpUpdatePosted,
  type HelpRequestText,
  type HelpBeneficiary,
  type HelpSubmissionKeyUsed,
} from './help.events.ts';

/**
 * A help request's stream folded into what its commands decide on, and the pure decisions of its
 * life (PRODUCT.md §8, issue 14): submitted → (information requested ⇄ submitted) → published or
 * rejected; published → closed. Nothing is public before a verification admin has matched the
 * requester's photo ID and no question is left open, and no staff member decides on a request of
 * their own: verification exists so that money reaches a checked person, which self-approval would
 * undo. Field shapes (lengths, dates, the sealed payloads) are the schemas' and the caller's; this
 * file checks the state rules and the one domain rule on a number, the amount's range.
 */

/** ₹1: a request for nothing is no request. */
export const MIN_AMOUNT_NEEDED_PAISE = 100;
/** ₹1,00,00,000 (one crore): beyond it the request is a mistake or an abuse, not a family's need. */
export const MAX_AMOUNT_NEEDED_PAISE = 1_00_00_000_00;
/** A published request stays open this many days, and an extension reaches at most this far. */
export const HELP_OPEN_DAYS = 90;

export const HELP_REQUEST_NOT_FOUND = 'This help request does not exist.';
export const HELP_REQUEST_EXISTS = 'A help request with this number already exists.';
export const HELP_AMOUNT_OUT_OF_RANGE = 'The amount needed must be between ₹1 and ₹1,00,00,000.';
export const HELP_OWN_REQUEST = 'You cannot decide on your own help request; another staff member must.';
export const HELP_ONLY_REQUESTER_ANSWERS = 'Only the person who asked for help can answer this question.';
export const HELP_ONLY_REQUESTER_CLOSES = 'Only the person who asked for help can close it as the requester.';
export const HELP_ALREADY_PUBLISHED = 'This help request has already been published.';
export const HELP_ALREADY_REJECTED = 'This help request was rejected.';
export const HELP_REQUEST_CLOSED = 'This help request is closed.';
export const HELP_NOT_PUBLISHED = 'This help request has not been published.';
export const HELP_REJECT_PUBLISHED = 'A published help request cannot be rejected; close it instead.';
export const HELP_ANSWER_AWAITED = 'The requester has not answered the question yet. Publish after the answer.';
export const HELP_QUESTION_ALREADY_OPEN = 'A question is already waiting for the requester’s answer.';
export const HELP_NO_OPEN_QUESTION = 'There is no question waiting for an answer.';
export const HELP_IDENTITY_NOT_MATCHED = 'Check the requester’s identity against a photo ID, and record a match, before publishing.';
export const HELP_CLOSING_DATE_NOT_LATER = 'The new closing date must be after the current one.';
export const HELP_CLOSING_DATE_NOT_FUTURE = 'The new closing date must be after today.';
export const HELP_CLOSING_DATE_TOO_FAR = 'The new closing date can be at most 90 days from today.';
export const HELP_NOT_YET_EXPIRED = 'This help request has not reached its closing date.';

export interface HelpRequestState {
  exists: boolean;
  requestId: string;
  status: HelpRequestStatus | null;
  requesterId: string | null;
  amountNeededPaise: number;
  /** The latest identity check: a new check replaces an earlier one (a mismatch corrected, or a match withdrawn). */
  identityCheck: { idKind: HelpIdKind; isMatched: boolean; checkedBy: string; checkedAt: string } | null;
  /** Staff's question while it waits for the requester's answer. */
  /** The question as recorded: sealed since version 2 (askQuestion reveals it to compare), clear in version 1, null once erased. */
  openQuestion: { question: Sealed | string | null; askedBy: string; askedAt: string } | null;
  publishedAt: string | null;
  /** YYYY-MM-DD in India: the day a published request closes, unless extended. */
  closesOn: string | null;
  /** The reason as recorded: sealed since version 2, clear in version 1, null once erased. */
  rejection: { reason: Sealed | string | null; rejectedBy: string; rejectedAt: string } | null;
  closure: { reason: HelpCloseReason; closedBy: string | null; closedAt: string } | null;
}

export const noHelpRequest: HelpRequestState = {
  exists: false,
  requestId: '',
  status: null,
  requesterId: null,
  amountNeededPaise: 0,
  identityCheck: null,
  openQuestion: null,
  publishedAt: null,
  closesOn: null,
  rejection: null,
  closure: null,
};

const HELP_REQUEST_EVENT_TYPES: ReadonlySet<string> = new Set<(HelpRequestEvent | PersonalDataErased)['type']>([
  'PersonalDataErased',
  'HelpRequested',
  'HelpIdentityChecked',
  'HelpInformationRequested',
  'HelpInformationGiven',
  'HelpRequestPublished',
  'HelpRequestRejected',
  'HelpRequestExtended',
  'HelpRequestClosed',
  'HelpUpdatePosted',
]);

/** Whether an event is one of a request's own (its stream holds gifts and money too), by type. */
export function isHelpRequestEvent(event: DomainEvent): event is HelpRequestEvent | PersonalDataErased {
  return HELP_REQUEST_EVENT_TYPES.has(event.type);
}

/** Folds one of the request's own events (recorded, or just decided: only its type and data are read). */
export function evolveHelpRequest(state: HelpRequestState, event: HelpRequestEvent | PersonalDataErased): HelpRequestState {
  switch (event.type) {
    case 'HelpRequested':
      return {
        ...noHelpRequest,
        exists: true,
        requestId: event.data.requestId,
        status: 'submitted',
        requesterId: event.data.requesterId,
        amountNeededPaise: event.data.amountNeededPaise,
      };
    case 'HelpIdentityChecked': {
      const { idKind, isMatched, checkedBy, checkedAt } = event.data;
      return { ...state, identityCheck: { idKind, isMatched, checkedBy, checkedAt } };
    }
    case 'HelpInformationRequested': {
      const { question, askedBy, askedAt } = event.data;
      return { ...state, status: 'information_requested', openQuestion: { question, askedBy, askedAt } };
    }
    case 'HelpInformationGiven':
      return { ...state, status: 'submitted', openQuestion: null };
    case 'HelpRequestPublished':
      return { ...state, status: 'published', publishedAt: event.data.publishedAt, closesOn: event.data.closesOn };
    case 'HelpRequestRejected': {
      const { reason, rejectedBy, rejectedAt } = event.data;
      return { ...state, status: 'rejected', rejection: { reason, rejectedBy, rejectedAt } };
    }
    case 'HelpRequestExtended':
      return { ...state, closesOn: event.data.closesOn };
    case 'HelpUpdatePosted':
      return state;
    case 'HelpRequestClosed': {
      const { reason, closedBy, closedAt } = event.data;
      return { ...state, status: 'closed', closure: { reason, closedBy, closedAt } };
    }
    case 'PersonalDataErased':
      // The requester was erased (issue 29): the request is off the site for good, so nothing more can be decided on it.
      return state.exists ? { ...state, status: 'closed', closure: state.closure ?? { reason: 'requester', closedBy: null, closedAt: event.data.erasedAt } } : state;
    default: {
      // A type this code does not know yet (a newer deployment's) leaves the request as it was.
      const _unknown: never = event;
      return state;
    }
  }
}

/**
 * Whether the scheduled job should close a request as expired on `today` (YYYY-MM-DD in India):
 * it is published and its closing date has come. "Closes on 10 April" means closed on 10 April.
 */
export function isPastClosing(state: HelpRequestState, today: string): boolean {
  return state.status === 'published' && state.closesOn !== null && today >= state.closesOn;
}

/** The calendar day `days` after a YYYY-MM-DD day (UTC arithmetic: no daylight saving to trip on). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function requireRequest(state: HelpRequestState): void {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: HELP_REQUEST_NOT_FOUND });
}

/** Verification means a second person looked: staff never decide on a request they made themselves. */
function refuseOwnRequest(state: HelpRequestState, staffId: string): void {
  if (staffId === state.requesterId) throw new AppError('FORBIDDEN', { userMessage: HELP_OWN_REQUEST });
}

/** Rejected and closed requests take no decision; say which one it is. */
function refuseFinal(state: HelpRequestState): void {
  if (state.status === 'rejected') throw new AppError('CONFLICT', { userMessage: HELP_ALREADY_REJECTED });
  if (state.status === 'closed') throw new AppError('CONFLICT', { userMessage: HELP_REQUEST_CLOSED });
}

/** Staff decisions before publishing (identity, questions) are refused once a request is decided. */
function requireUndecided(state: HelpRequestState): void {
  refuseFinal(state);
  if (state.status === 'published') throw new AppError('CONFLICT', { userMessage: HELP_ALREADY_PUBLISHED });
}

export interface RequestHelpCommand {
  requestId: string;
  requesterId: string;
  category: HelpRequested['data']['category'];
  /** HelpRequestText (title and story), sealed by the caller under help-<requestId> (issue 29). */
  text: Sealed;
  amountNeededPaise: number;
  /** HelpBeneficiary, sealed by the caller under help-<requestId>. */
  beneficiary: Sealed;
  documents: HelpRequested['data']['documents'];
  now: Date;
}

export function decideRequestHelp(command: RequestHelpCommand, state: HelpRequestState): HelpRequested[] {
  if (state.exists) throw new AppError('CONFLICT', { userMessage: HELP_REQUEST_EXISTS });
  const amount = command.amountNeededPaise;
  // Written as "inside the range" so that NaN, which fails every comparison, is refused too.
  if (!(Number.isInteger(amount) && amount >= MIN_AMOUNT_NEEDED_PAISE && amount <= MAX_AMOUNT_NEEDED_PAISE)) {
    throw new AppError('BAD_REQUEST', { userMessage: HELP_AMOUNT_OUT_OF_RANGE, fieldErrors: { amountNeededPaise: [HELP_AMOUNT_OUT_OF_RANGE] } });
  }
  const { requestId, requesterId, category, text, beneficiary, documents, now } = command;
  return [
    {
      type: 'HelpRequested',
      data: { requestId, requesterId, category, text, amountNeededPaise: amount, beneficiary, documents, requestedAt: now.toISOString() },
    },
  ];
}

/** What a submission decides on: the new request's ID and its stream, and the request its submission key already made (null: none). */
export interface SubmissionState {
  requestId: string;
  request: HelpRequestState;
  earlierId: string | null;
}

/**
 * Pure: a help request submitted, with its submission key's use written beside it on the key's
 * stream; a key already used answers the earlier request and records (and seals) nothing. `seal`
 * seals the title and story, then the beneficiary, under the new request's key (the one injected
 * async step).
 */
export async function decideSubmitHelpRequest(
  command: Omit<RequestHelpCommand, 'requestId' | 'text' | 'beneficiary'> & {
    text: HelpRequestText;
    beneficiary: HelpBeneficiary;
    submissionKey: { key: string; streamId: string } | null;
  },
  state: SubmissionState,
  seal: (value: HelpRequestText | HelpBeneficiary) => Promise<Sealed>,
): Promise<StreamEvents<HelpRequested | HelpSubmissionKeyUsed>[]> {
  if (state.earlierId) return [];
  const { text, beneficiary, submissionKey, ...rest } = command;
  const requested = decideRequestHelp({ ...rest, requestId: state.requestId, text: await seal(text), beneficiary: await seal(beneficiary) }, state.request);
  const batches: StreamEvents<HelpRequested | HelpSubmissionKeyUsed>[] = [{ streamId: helpStreamId(state.requestId), events: requested }];
  if (submissionKey) {
    const keyUsed: HelpSubmissionKeyUsed = { type: 'HelpSubmissionKeyUsed', data: { key: submissionKey.key.toLowerCase(), requestId: state.requestId, usedAt: command.now.toISOString() } };
    batches.push({ streamId: submissionKey.streamId, events: [keyUsed] });
  }
  return batches;
}

/**
 * A verification admin's identity check, any number of times before the decision: the latest
 * counts, so a mismatch can be followed by a match against another ID (or a match withdrawn). The
 * same check by the same admin again (a second tap) records nothing.
 */
export function decideCheckIdentity(
  command: { requestId: string; checkedBy: string; idKind: HelpIdKind; isMatched: boolean; now: Date },
  state: HelpRequestState,
): HelpIdentityChecked[] {
  requireRequest(state);
  refuseOwnRequest(state, command.checkedBy);
  requireUndecided(state);
  const last = state.identityCheck;
  if (last && last.idKind === command.idKind && last.isMatched === command.isMatched && last.checkedBy === command.checkedBy) return [];
  const { requestId, checkedBy, idKind, isMatched } = command;
  return [{ type: 'HelpIdentityChecked', data: { requestId, checkedBy, idKind, isMatched, checkedAt: command.now.toISOString() } }];
}

/**
 * Staff ask the requester one question at a time: the same question again records nothing; another
 * waits until the first is answered, so the requester never faces a pile of them. The state's open
 * question is given in clear by the caller (revealed), and the caller seals the new one.
 */
export function decideAskForInformation(
  command: { requestId: string; question: string; askedBy: string; now: Date },
  state: HelpRequestState,
): HelpInformationRequested[] {
  requireRequest(state);
  refuseOwnRequest(state, command.askedBy);
  requireUndecided(state);
  if (state.openQuestion) {
    if (state.openQuestion.question === command.question) return [];
    throw new AppError('CONFLICT', { userMessage: HELP_QUESTION_ALREADY_OPEN });
  }
  const { requestId, question, askedBy } = command;
  return [{ type: 'HelpInformationRequested', data: { requestId, question, askedBy, askedAt: command.now.toISOString() } }];
}

/**
 * The requester's answer (sealed by the caller). A second answer finds no question open: a sealed
 * answer cannot be compared with the first, so it is refused rather than silently dropped.
 */
export function decideGiveInformation(
  command: { requestId: string; answer: Sealed; answeredBy: string; now: Date },
  state: HelpRequestState,
): HelpInformationGiven[] {
  requireRequest(state);
  if (command.answeredBy !== state.requesterId) throw new AppError('FORBIDDEN', { userMessage: HELP_ONLY_REQUESTER_ANSWERS });
  refuseFinal(state);
  if (state.status !== 'information_requested') throw new AppError('CONFLICT', { userMessage: HELP_NO_OPEN_QUESTION });
  const { requestId, answer, answeredBy } = command;
  return [{ type: 'HelpInformationGiven', data: { requestId, answer, answeredBy, answeredAt: command.now.toISOString() } }];
}

/**
 * Publishing makes the request public and open for gifts until `closesOn`, 90 days after today in
 * India. It needs the latest identity check to be a match and no question waiting. Publishing a
 * published request again records nothing.
 */
export function decidePublish(command: { requestId: string; publishedBy: string; now: Date }, state: HelpRequestState): HelpRequestPublished[] {
  requireRequest(state);
  refuseOwnRequest(state, command.publishedBy);
  if (state.status === 'published') return [];
  refuseFinal(state);
  if (state.status === 'information_requested') throw new AppError('CONFLICT', { userMessage: HELP_ANSWER_AWAITED });
  if (!state.identityCheck?.isMatched) throw new AppError('CONFLICT', { userMessage: HELP_IDENTITY_NOT_MATCHED });
  const closesOn = addDays(indiaToday(command.now), HELP_OPEN_DAYS);
  return [{ type: 'HelpRequestPublished', data: { requestId: command.requestId, publishedBy: command.publishedBy, publishedAt: command.now.toISOString(), closesOn } }];
}

/**
 * Rejecting, with a reason the requester sees, before publishing (a question may still be open:
 * an answer that never comes is a reason too). Rejecting again finds it done; a published request
 * has had gifts, so it is closed instead.
 */
export function decideReject(command: { requestId: string; reason: string; rejectedBy: string; now: Date }, state: HelpRequestState): HelpRequestRejected[] {
  // The reason is given in clear; the caller seals it (issue 29).
  requireRequest(state);
  refuseOwnRequest(state, command.rejectedBy);
  if (state.status === 'rejected') return [];
  if (state.status === 'closed') throw new AppError('CONFLICT', { userMessage: HELP_REQUEST_CLOSED });
  if (state.status === 'published') throw new AppError('CONFLICT', { userMessage: HELP_REJECT_PUBLISHED });
  const { requestId, reason, rejectedBy } = command;
  return [{ type: 'HelpRequestRejected', data: { requestId, reason, rejectedBy, rejectedAt: command.now.toISOString() } }];
}

/**
 * Staff move a published request's closing date later: after the current one and after today, at
 * most 90 days from today (an extension is another window, never an open-ended one). The same date
 * again records nothing.
 */
export function decideExtend(command: { requestId: string; closesOn: string; extendedBy: string; now: Date }, state: HelpRequestState): HelpRequestExtended[] {
  requireRequest(state);
  refuseOwnRequest(state, command.extendedBy);
  refuseFinal(state);
  if (state.status !== 'published' || state.closesOn === null) throw new AppError('CONFLICT', { userMessage: HELP_NOT_PUBLISHED });
  if (command.closesOn === state.closesOn) return [];
  const today = indiaToday(command.now);
  if (command.closesOn < state.closesOn) {
    throw new AppError('BAD_REQUEST', { userMessage: HELP_CLOSING_DATE_NOT_LATER, fieldErrors: { closesOn: [HELP_CLOSING_DATE_NOT_LATER] } });
  }
  if (command.closesOn <= today) {
    throw new AppError('BAD_REQUEST', { userMessage: HELP_CLOSING_DATE_NOT_FUTURE, fieldErrors: { closesOn: [HELP_CLOSING_DATE_NOT_FUTURE] } });
  }
  if (command.closesOn > addDays(today, HELP_OPEN_DAYS)) {
    throw new AppError('BAD_REQUEST', { userMessage: HELP_CLOSING_DATE_TOO_FAR, fieldErrors: { closesOn: [HELP_CLOSING_DATE_TOO_FAR] } });
  }
  const { requestId, closesOn, extendedBy } = command;
  return [{ type: 'HelpRequestExtended', data: { requestId, closesOn, extendedBy, extendedAt: command.now.toISOString() } }];
}

/**
 * Who may close for which reason, in the type: the requester and staff are always named; the
 * scheduled job closes as expired, unnamed; a funded close comes from the ledger's process (unnamed)
 * or from a staff member.
 */
export type HelpRequestCloser =
  | { reason: Extract<HelpCloseReason, 'requester' | 'staff'>; closedBy: string }
  | { reason: Extract<HelpCloseReason, 'funded'>; closedBy: string | null }
  | { reason: Extract<HelpCloseReason, 'expired'>; closedBy: null };

export type CloseHelpRequestCommand = { requestId: string; now: Date } & HelpRequestCloser;

/**
 * Closing a published request: it takes no new gifts afterwards. Closing a closed request records
 * nothing whatever the reason (the job and a person may race to it). An 'expired' close is taken
 * only once the closing date has come (isPastClosing), so a job that read the request before an
 * extension cannot close it.
 */
export function decideClose(command: CloseHelpRequestCommand, state: HelpRequestState): HelpRequestClosed[] {
  requireRequest(state);
  if (command.reason === 'requester' && command.closedBy !== state.requesterId) throw new AppError('FORBIDDEN', { userMessage: HELP_ONLY_REQUESTER_CLOSES });
  if (command.reason !== 'requester' && command.closedBy !== null) refuseOwnRequest(state, command.closedBy);
  if (state.status === 'closed') return [];
  refuseFinal(state);
  if (state.status !== 'published') throw new AppError('CONFLICT', { userMessage: HELP_NOT_PUBLISHED });
  if (command.reason === 'expired' && !isPastClosing(state, indiaToday(command.now))) throw new AppError('CONFLICT', { userMessage: HELP_NOT_YET_EXPIRED });
  const { requestId, reason, closedBy } = command;
  return [{ type: 'HelpRequestClosed', data: { requestId, reason, closedBy, closedAt: command.now.toISOString() } }];
}

export const HELP_ONLY_REQUESTER_UPDATES = 'Only the person who asked for help, or staff, can post an update.';

/**
 * An update on the request's page, by its requester or by staff (never staff on their own request:
 * they post as its requester). Only once the request is public: published, or closed after it.
 */
export function decidePostUpdate(
  /** `text`: the BilingualText sealed by the caller under help-<requestId> (issue 29). */
  command: { requestId: string; text: Sealed; by: 'requester' | 'staff'; postedBy: string; now: Date },
  state: HelpRequestState,
): HelpUpdatePosted[] {
  requireRequest(state);
  if (command.by === 'requester' && command.postedBy !== state.requesterId) throw new AppError('FORBIDDEN', { userMessage: HELP_ONLY_REQUESTER_UPDATES });
  if (command.by === 'staff') refuseOwnRequest(state, command.postedBy);
  if (state.status !== 'published' && state.status !== 'closed') throw new AppError('CONFLICT', { userMessage: HELP_NOT_PUBLISHED });
  const { requestId, text, by, postedBy } = command;
  return [{ type: 'HelpUpdatePosted', data: { requestId, text, by, postedBy, postedAt: command.now.toISOString() } }];
}

// The help stream's one decider (docs/decisions/052): a request's life, its direct gifts, the money
// held for it (earmarks and withdrawals) and its closing as funded — every decision made on
// `help-<requestId>`, each pure and each with its given/when/then specification.

// ---- direct gifts on the request (were direct-gift.decider.ts) ----

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

// ---- the money held for the request: earmarks and withdrawals (were disbursement-ledger.ts) ----

/**
 * The money the foundation holds for one help request (PRODUCT.md §8, issue 14): a pure fold of the
 * ledger's events and the pure decisions that move money out of it. The balance is never a stored
 * number: it is recomputed from the events every time, so replay and the live stream agree.
 *
 * Available balance = earmarked − every disbursement not rejected (requested, approved or paid): a
 * request reserves its amount the moment it is made, so two requests cannot both spend the last
 * rupees.
 *
 * A donation cancelled after its money was paid out (an un-earmark) can leave more disbursed than
 * earmarked. That is a fact, not an error: the fold records it as `deficitPaise` (money the
 * foundation paid from its own funds) and reports `availablePaise` as 0, so no new request can be
 * made until donations cover the deficit.
 */

/** The ledger's events, as help.events.ts declares them. */
export type LedgerEvent = HelpLedgerEvent;

const LEDGER_EVENT_TYPES: ReadonlySet<string> = new Set<LedgerEvent['type']>([
  'HelpDonationEarmarked',
  'HelpDonationUnearmarked',
  'DisbursementRequested',
  'DisbursementApproved',
  'DisbursementRejected',
  'DisbursementPaid',
]);

/**
 * Whether an event moves the ledger. By type alone: the event store gives back each type with the
 * data it was appended with, and the request's stream holds other help events the fold skips.
 */
export function isLedgerEvent(event: DomainEvent): event is LedgerEvent {
  return LEDGER_EVENT_TYPES.has(event.type);
}

// ---- messages (English; the web translates them) ----

// The admin charge and the form's limits are shared with the web's withdrawal form (issue 30).
export {
  adminChargeOf,
  CONTACT_NUMBER_REQUIRED,
  CONTACT_NUMBER_TOO_LONG,
  INVALID_WITHDRAWAL_AMOUNT,
  MAX_CHARGE_BASIS_POINTS,
  MAX_CONTACT_NUMBER_LENGTH,
  MIN_WITHDRAWAL_PAISE,
  previewDisbursement,
  type DisbursementPreview,
} from '#server/shared/withdrawals';
export const NOT_THE_REQUESTER = 'Only the person who asked for this help can request a withdrawal.';
export const DISBURSEMENT_ID_TAKEN = 'A different withdrawal request already has this ID.';
export const ADMIN_CHARGE_BROKEN = 'The admin charge in settings is not valid (it must be between 0% and 100%). Ask an admin with settings to fix it.';
export const DISBURSEMENT_NOT_FOUND = 'No withdrawal request has this ID.';
export const DISBURSEMENT_ALREADY_APPROVED = 'This withdrawal request has already been approved.';
export const DISBURSEMENT_ALREADY_REJECTED = 'This withdrawal request has already been rejected.';
export const DISBURSEMENT_ALREADY_PAID = 'This withdrawal has already been paid.';
export const DISBURSEMENT_NOT_APPROVED = 'Only an approved withdrawal can be marked paid.';
export const DISBURSEMENT_NOT_COVERED =
  'The money held for this request no longer covers this withdrawal (a donation was cancelled). Reject it, or ask the beneficiary for a smaller amount.';
export const REJECTION_REASON_REQUIRED = 'Give a reason for the rejection.';
export const PAID_ON_FUTURE = 'The payment date cannot be in the future.';
export const PAID_ON_BEFORE_APPROVAL = 'The payment date cannot be before the approval.';
export const UTR_USED = 'This UTR is already recorded for another payment.';

/** "The amount is more than the balance of ₹1,250.50." — the maximum in the words the form shows beside the field. */
export function amountAboveBalance(maxPaise: number): string {
  return `The amount is more than the balance of ${formatRupees(maxPaise)}.`;
}

// ---- the ledger ----

export type DisbursementStatus = 'requested' | 'approved' | 'rejected' | 'paid';

export interface Disbursement {
  disbursementId: string;
  amountPaise: number;
  adminChargePaise: number;
  netPaise: number;
  /** Sealed; revealed only for the finance Details dialog. */
  contactNumber: Sealed;
  status: DisbursementStatus;
  requestedBy: string;
  requestedAt: string;
  approval: { approvedBy: string; approvedAt: string } | null;
  /** The reason as recorded: sealed since version 2, clear in version 1, null once erased. */
  rejection: { reason: Sealed | string | null; rejectedBy: string; rejectedAt: string } | null;
  payment: { utr: string; paidOn: string; paidBy: string; paidAt: string } | null;
}

export interface Ledger {
  /** Verified donations earmarked for the request and not cancelled, by donation reference. */
  earmarks: Readonly<Record<string, number>>;
  earmarkedPaise: number;
  /** In the order they were requested (IDs are UUIDs, so the record keeps insertion order). */
  disbursements: Readonly<Record<string, Disbursement>>;
  /** What a new request may take: earmarked − every disbursement not rejected, never below 0. */
  availablePaise: number;
  /** How far disbursements exceed earmarks after a cancelled donation; 0 when they do not. */
  deficitPaise: number;
}

export const emptyLedger: Ledger = { earmarks: {}, earmarkedPaise: 0, disbursements: {}, availablePaise: 0, deficitPaise: 0 };

/** Reads a record by own key only, so an ID such as "constructor" is never mistaken for a prototype member. */
function ownEntry<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function disbursementOf(ledger: Ledger, disbursementId: string): Disbursement | undefined {
  return ownEntry(ledger.disbursements, disbursementId);
}

function sumOf(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** Money reserved or gone: every disbursement that is not rejected. */
export function committedPaise(ledger: Pick<Ledger, 'disbursements'>): number {
  return sumOf(Object.values(ledger.disbursements).flatMap((d) => (d.status === 'rejected' ? [] : [d.amountPaise])));
}

/** Money the foundation has agreed to pay or has paid: approved and paid disbursements. */
function releasedPaise(ledger: Ledger): number {
  return sumOf(Object.values(ledger.disbursements).flatMap((d) => (d.status === 'approved' || d.status === 'paid' ? [d.amountPaise] : [])));
}

/** Earmarked − every disbursement not rejected, clamped at 0: what a new request may take. */
export function availableBalance(ledger: Pick<Ledger, 'earmarkedPaise' | 'disbursements'>): number {
  return Math.max(0, ledger.earmarkedPaise - committedPaise(ledger));
}

/** The part of disbursements no longer covered by earmarks (a donation cancelled after payout). */
export function balanceDeficit(ledger: Pick<Ledger, 'earmarkedPaise' | 'disbursements'>): number {
  return Math.max(0, committedPaise(ledger) - ledger.earmarkedPaise);
}

function withBalance(ledger: Omit<Ledger, 'availablePaise' | 'deficitPaise'>): Ledger {
  return { ...ledger, availablePaise: availableBalance(ledger), deficitPaise: balanceDeficit(ledger) };
}

function withDisbursement(ledger: Ledger, disbursement: Disbursement): Ledger {
  return withBalance({ ...ledger, disbursements: { ...ledger.disbursements, [disbursement.disbursementId]: disbursement } });
}

/**
 * One event applied to the ledger. Never throws on recorded history: an earmark of a reference
 * already earmarked, an un-earmark of one that is not, and a decision on a disbursement never
 * requested (or already past that step) leave the ledger as it is. An un-earmark takes back the
 * amount that was earmarked for the reference.
 */
export function evolveLedger(ledger: Ledger, event: DomainEvent): Ledger {
  if (!isLedgerEvent(event)) return ledger;
  switch (event.type) {
    case 'HelpDonationEarmarked': {
      const { reference, amountPaise } = event.data;
      if (ownEntry(ledger.earmarks, reference) !== undefined) return ledger;
      return withBalance({ ...ledger, earmarks: { ...ledger.earmarks, [reference]: amountPaise }, earmarkedPaise: ledger.earmarkedPaise + amountPaise });
    }
    case 'HelpDonationUnearmarked': {
      const { reference } = event.data;
      const earmarked = ownEntry(ledger.earmarks, reference);
      if (earmarked === undefined) return ledger;
      const earmarks = Object.fromEntries(Object.entries(ledger.earmarks).filter(([key]) => key !== reference));
      return withBalance({ ...ledger, earmarks, earmarkedPaise: ledger.earmarkedPaise - earmarked });
    }
    case 'DisbursementRequested': {
      const { data } = event;
      if (disbursementOf(ledger, data.disbursementId)) return ledger;
      return withDisbursement(ledger, {
        disbursementId: data.disbursementId,
        amountPaise: data.amountPaise,
        adminChargePaise: data.adminChargePaise,
        netPaise: data.netPaise,
        contactNumber: data.contactNumber,
        status: 'requested',
        requestedBy: data.requestedBy,
        requestedAt: data.requestedAt,
        approval: null,
        rejection: null,
        payment: null,
      });
    }
    case 'DisbursementApproved': {
      const { disbursementId, approvedBy, approvedAt } = event.data;
      const disbursement = disbursementOf(ledger, disbursementId);
      if (disbursement?.status !== 'requested') return ledger;
      return withDisbursement(ledger, { ...disbursement, status: 'approved', approval: { approvedBy, approvedAt } });
    }
    case 'DisbursementRejected': {
      const { disbursementId, reason, rejectedBy, rejectedAt } = event.data;
      const disbursement = disbursementOf(ledger, disbursementId);
      if (disbursement?.status !== 'requested') return ledger;
      return withDisbursement(ledger, { ...disbursement, status: 'rejected', rejection: { reason, rejectedBy, rejectedAt } });
    }
    case 'DisbursementPaid': {
      const { disbursementId, utr, paidOn, paidBy, paidAt } = event.data;
      const disbursement = disbursementOf(ledger, disbursementId);
      if (disbursement?.status !== 'approved') return ledger;
      return withDisbursement(ledger, { ...disbursement, status: 'paid', payment: { utr, paidOn, paidBy, paidAt } });
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The ledger after `events`, in order; events that do not move money are skipped. */
export function foldLedger(events: Iterable<DomainEvent>): Ledger {
  let ledger = emptyLedger;
  for (const event of events) ledger = evolveLedger(ledger, event);
  return ledger;
}

// ---- earmarks (the reaction to a verified or cancelled donation) ----

/** A verified donation for the request; the same reference again records nothing (a redelivered job). */
export function decideEarmarkDonation(command: { requestId: string; reference: string; amountPaise: number }, ledger: Ledger): HelpDonationEarmarked[] {
  if (ownEntry(ledger.earmarks, command.reference) !== undefined) return [];
  return [{ type: 'HelpDonationEarmarked', data: { requestId: command.requestId, reference: command.reference, amountPaise: command.amountPaise } }];
}

/**
 * A cancelled donation takes back what was earmarked for it, whatever has been disbursed (the
 * cancellation has happened; the deficit shows it). A reference never earmarked records nothing.
 */
export function decideUnearmarkDonation(command: { requestId: string; reference: string }, ledger: Ledger): HelpDonationUnearmarked[] {
  const amountPaise = ownEntry(ledger.earmarks, command.reference);
  if (amountPaise === undefined) return [];
  return [{ type: 'HelpDonationUnearmarked', data: { requestId: command.requestId, reference: command.reference, amountPaise } }];
}

// ---- disbursements ----

function badField(field: string, message: string): AppError {
  return new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { [field]: [message] } });
}

export interface RequestDisbursementCommand {
  requestId: string;
  /** Chosen by the caller (a UUID), so a retried request finds its own disbursement. */
  disbursementId: string;
  amountPaise: number;
  /** As typed (the caller trims it), checked here and sealed in `sealedContactNumber`. */
  contactNumber: string;
  /** The same number sealed by the caller under the request's subject; the decider only carries it. */
  sealedContactNumber: Sealed;
  /** The admin charge setting at the time of the request. */
  chargeBasisPoints: number;
  /** Who is asking (recorded as requestedBy). */
  requesterId: string;
  /** Whether that person is the help request's requester. */
  isRequester: boolean;
  now: Date;
}

/**
 * The beneficiary asks for money held for the request. Who asks is checked first, so a stranger
 * learns nothing about the balance. The charge is fixed now, at the setting of the day; the same
 * disbursement ID with the same amount from the same person records nothing (a retried request;
 * the contact cannot be compared, as each sealing differs).
 */
export function decideRequestDisbursement(command: RequestDisbursementCommand, ledger: Ledger): DisbursementRequested[] {
  if (!command.isRequester) throw new AppError('FORBIDDEN', { userMessage: NOT_THE_REQUESTER });
  const existing = disbursementOf(ledger, command.disbursementId);
  if (existing) {
    if (existing.amountPaise === command.amountPaise && existing.requestedBy === command.requesterId) return [];
    throw new AppError('CONFLICT', { userMessage: DISBURSEMENT_ID_TAKEN });
  }
  if (!Number.isSafeInteger(command.amountPaise) || command.amountPaise < MIN_WITHDRAWAL_PAISE) throw badField('amount', INVALID_WITHDRAWAL_AMOUNT);
  if (command.contactNumber.trim() === '') throw badField('contactNumber', CONTACT_NUMBER_REQUIRED);
  if ([...command.contactNumber].length > MAX_CONTACT_NUMBER_LENGTH) throw badField('contactNumber', CONTACT_NUMBER_TOO_LONG);
  if (!isChargeValid(command.chargeBasisPoints)) throw new AppError('CONFLICT', { userMessage: ADMIN_CHARGE_BROKEN });
  const available = availableBalance(ledger);
  if (command.amountPaise > available) throw badField('amount', amountAboveBalance(available));
  const { adminChargePaise, netPaise } = previewDisbursement(command.amountPaise, command.chargeBasisPoints);
  return [
    {
      type: 'DisbursementRequested',
      data: {
        requestId: command.requestId,
        disbursementId: command.disbursementId,
        amountPaise: command.amountPaise,
        adminChargePaise,
        netPaise,
        contactNumber: command.sealedContactNumber,
        requestedBy: command.requesterId,
        requestedAt: command.now.toISOString(),
      },
    },
  ];
}

function requireDisbursement(ledger: Ledger, disbursementId: string): Disbursement {
  const disbursement = disbursementOf(ledger, disbursementId);
  if (!disbursement) throw new AppError('NOT_FOUND', { userMessage: DISBURSEMENT_NOT_FOUND });
  return disbursement;
}

/** Why a disbursement past 'requested' cannot be approved or rejected. */
function refuseDecided(disbursement: Disbursement): never {
  const message =
    disbursement.status === 'paid' ? DISBURSEMENT_ALREADY_PAID : disbursement.status === 'rejected' ? DISBURSEMENT_ALREADY_REJECTED : DISBURSEMENT_ALREADY_APPROVED;
  throw new AppError('CONFLICT', { userMessage: message });
}

/**
 * Finance approves a pending request. Approving again by the same admin records nothing (a doubled
 * click); another admin is told it is already approved, so exactly one approval is on record and
 * each admin knows whose it is. An approval is refused when the money earmarked no longer covers it
 * together with what is already approved or paid (a donation was cancelled since the request):
 * the foundation never agrees to pay out money it does not hold. Other pending requests do not
 * count here, so finance can approve one and reject another.
 */
export function decideApproveDisbursement(
  command: { requestId: string; disbursementId: string; approvedBy: string; now: Date },
  ledger: Ledger,
): DisbursementApproved[] {
  const disbursement = requireDisbursement(ledger, command.disbursementId);
  if (disbursement.status === 'approved' && disbursement.approval?.approvedBy === command.approvedBy) return [];
  if (disbursement.status !== 'requested') refuseDecided(disbursement);
  if (releasedPaise(ledger) + disbursement.amountPaise > ledger.earmarkedPaise) throw new AppError('CONFLICT', { userMessage: DISBURSEMENT_NOT_COVERED });
  return [
    {
      type: 'DisbursementApproved',
      data: { requestId: command.requestId, disbursementId: command.disbursementId, approvedBy: command.approvedBy, approvedAt: command.now.toISOString() },
    },
  ];
}

/**
 * Finance rejects a pending request with a reason; its amount returns to the balance. Only from
 * 'requested': an approved one is already promised, a paid one gone. The same admin rejecting again
 * records nothing.
 */
export function decideRejectDisbursement(
  command: { requestId: string; disbursementId: string; reason: string; rejectedBy: string; now: Date },
  ledger: Ledger,
): DisbursementRejected[] {
  const disbursement = requireDisbursement(ledger, command.disbursementId);
  if (disbursement.status === 'rejected' && disbursement.rejection?.rejectedBy === command.rejectedBy) return [];
  if (disbursement.status !== 'requested') refuseDecided(disbursement);
  const reason = command.reason.trim();
  if (reason === '') throw badField('reason', REJECTION_REASON_REQUIRED);
  return [
    {
      type: 'DisbursementRejected',
      data: { requestId: command.requestId, disbursementId: command.disbursementId, reason, rejectedBy: command.rejectedBy, rejectedAt: command.now.toISOString() },
    },
  ];
}

/**
 * Finance records the bank transfer of an approved disbursement. It records a payment that has
 * happened, so it is not refused for a balance that fell since the approval (that shows as a
 * deficit). The same UTR and date again records nothing; a different one is refused.
 * `isUtrUsed`: whether the UTR is already recorded for another payment (the caller looks it up).
 */
export function decideMarkPaid(
  command: { requestId: string; disbursementId: string; utr: string; paidOn: string; paidBy: string; isUtrUsed: boolean; cause: HelpDonationCause; now: Date },
  ledger: Ledger,
): DisbursementPaid[] {
  const disbursement = requireDisbursement(ledger, command.disbursementId);
  if (disbursement.status === 'paid') {
    if (disbursement.payment?.utr === command.utr && disbursement.payment.paidOn === command.paidOn) return [];
    throw new AppError('CONFLICT', { userMessage: DISBURSEMENT_ALREADY_PAID });
  }
  if (disbursement.status === 'rejected') throw new AppError('CONFLICT', { userMessage: DISBURSEMENT_ALREADY_REJECTED });
  if (disbursement.status !== 'approved' || !disbursement.approval) throw new AppError('CONFLICT', { userMessage: DISBURSEMENT_NOT_APPROVED });
  if (command.paidOn > indiaToday(command.now)) throw badField('paidOn', PAID_ON_FUTURE);
  if (command.paidOn < indiaToday(new Date(disbursement.approval.approvedAt))) throw badField('paidOn', PAID_ON_BEFORE_APPROVAL);
  if (command.isUtrUsed) throw new AppError('CONFLICT', { userMessage: UTR_USED, fieldErrors: { utr: [UTR_USED] } });
  return [
    {
      type: 'DisbursementPaid',
      data: {
        requestId: command.requestId,
        disbursementId: command.disbursementId,
        utr: command.utr,
        paidOn: command.paidOn,
        paidBy: command.paidBy,
        paidAt: command.now.toISOString(),
        amountPaise: disbursement.amountPaise,
        netPaise: disbursement.netPaise,
        cause: command.cause,
      },
    },
  ];
}

// ---- the stream folded whole (was whole-request.ts) ----

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

// ---- the requester's withdrawals and finance's decisions on them (the rules were closures in disbursements.ts) ----

/** A help request's stream folded twice over: its life (who asked, its state) and the money held for it. */
export interface HeldMoney {
  request: HelpRequestState;
  ledger: Ledger;
}

export const noHeldMoney: HeldMoney = { request: noHelpRequest, ledger: emptyLedger };

export function evolveHeldMoney(state: HeldMoney, event: DomainEvent): HeldMoney {
  return { request: isHelpRequestEvent(event) ? evolveHelpRequest(state.request, event) : state.request, ledger: evolveLedger(state.ledger, event) };
}

/** The stream that claims a bank transfer's UTR for one withdrawal. */
export function helpUtrStreamId(utr: string): string {
  return `${HELP_UTR_STREAM_PREFIX}${utr}`;
}

/** The stream that claims a withdrawal's ID for one request (finance finds the request by it). */
export function helpDisbursementIdStreamId(disbursementId: string): string {
  return `${HELP_DISBURSEMENT_ID_STREAM_PREFIX}${disbursementId}`;
}

/**
 * Who may ask for a request's money: its requester, of a request that exists. Nobody else learns
 * what it holds. Asked before the contact number is sealed, and again by decideRequestWithdrawal.
 */
export function refuseWithdrawalRequest(held: HeldMoney, requesterId: string): void {
  if (!held.request.exists) throw new AppError('NOT_FOUND', { userMessage: HELP_REQUEST_NOT_FOUND });
  if (held.request.requesterId !== requesterId) throw new AppError('FORBIDDEN', { userMessage: NOT_THE_REQUESTER });
}

export interface RequestWithdrawalState extends HeldMoney {
  /** The admin charge setting read with the stream. */
  chargeBasisPoints: number;
  /** The request whose withdrawal holds this withdrawal ID already, or null. */
  idClaimedBy: string | null;
}

/**
 * The requester asks for a withdrawal: on the request's stream (decideRequestDisbursement, at the
 * charge of the day) and, the first time, the withdrawal's ID claimed on its own stream. An ID a
 * withdrawal of another request holds is refused.
 */
export function decideRequestWithdrawal(
  command: Omit<RequestDisbursementCommand, 'chargeBasisPoints' | 'isRequester'>,
  state: RequestWithdrawalState,
): StreamEvents<DisbursementRequested | HelpDisbursementIdClaimed>[] {
  refuseWithdrawalRequest(state, command.requesterId);
  const decided = decideRequestDisbursement({ ...command, chargeBasisPoints: state.chargeBasisPoints, isRequester: true }, state.ledger);
  if (state.idClaimedBy !== null && state.idClaimedBy !== command.requestId) throw new AppError('CONFLICT', { userMessage: DISBURSEMENT_ID_TAKEN });
  const claimed: HelpDisbursementIdClaimed[] =
    decided.length > 0 && state.idClaimedBy === null
      ? [{ type: 'HelpDisbursementIdClaimed', data: { disbursementId: command.disbursementId, requestId: command.requestId, claimedAt: command.now.toISOString() } }]
      : [];
  return [
    { streamId: helpStreamId(command.requestId), events: decided },
    { streamId: helpDisbursementIdStreamId(command.disbursementId), events: claimed },
  ];
}

/** Finance decides on withdrawals of a request that exists, and never on those of their own request. */
function refuseOwnWithdrawal(held: HeldMoney, staffId: string): void {
  if (!held.request.exists) throw new AppError('NOT_FOUND', { userMessage: HELP_REQUEST_NOT_FOUND });
  if (held.request.requesterId === staffId) throw new AppError('FORBIDDEN', { userMessage: HELP_OWN_REQUEST });
}

/** Finance approves a withdrawal (decideApproveDisbursement), not one of their own request. */
export function decideApproveWithdrawal(command: { requestId: string; disbursementId: string; approvedBy: string; now: Date }, held: HeldMoney): DisbursementApproved[] {
  refuseOwnWithdrawal(held, command.approvedBy);
  return decideApproveDisbursement(command, held.ledger);
}

/** Finance rejects a withdrawal (decideRejectDisbursement), not one of their own request. */
export function decideRejectWithdrawal(command: { requestId: string; disbursementId: string; reason: string; rejectedBy: string; now: Date }, held: HeldMoney): DisbursementRejected[] {
  refuseOwnWithdrawal(held, command.rejectedBy);
  return decideRejectDisbursement(command, held.ledger);
}

export interface MarkWithdrawalPaidState extends HeldMoney {
  /** The withdrawal that holds the UTR already, or null. */
  claimedBy: string | null;
}

/**
 * Finance records the bank transfer of a withdrawal (decideMarkPaid), not one of their own request;
 * the UTR is claimed on its own stream in the same append, so one bank payment is never recorded
 * for two withdrawals.
 */
export function decideMarkWithdrawalPaid(
  command: { requestId: string; disbursementId: string; utr: string; paidOn: string; paidBy: string; cause: HelpDonationCause; now: Date },
  state: MarkWithdrawalPaidState,
): StreamEvents<DisbursementPaid | HelpDisbursementUtrClaimed>[] {
  refuseOwnWithdrawal(state, command.paidBy);
  const isUtrUsed = state.claimedBy !== null && state.claimedBy !== command.disbursementId;
  const paid = decideMarkPaid({ ...command, isUtrUsed }, state.ledger);
  const claimed: HelpDisbursementUtrClaimed[] =
    paid.length > 0 && state.claimedBy === null
      ? [{ type: 'HelpDisbursementUtrClaimed', data: { utr: command.utr, requestId: command.requestId, disbursementId: command.disbursementId, claimedAt: command.now.toISOString() } }]
      : [];
  return [
    { streamId: helpStreamId(command.requestId), events: paid },
    { streamId: helpUtrStreamId(command.utr), events: claimed },
  ];
}

/**
 * A verified donation given for the request is earmarked to it, and closes it as funded when it
 * reaches the amount needed; its cancellation (or a donation found cancelled meanwhile) takes the
 * earmark back. The same reference twice records nothing.
 */
export function decideApplyDonation(
  command: { requestId: string; reference: string; amountPaise: number; isCancellation: boolean; now: Date },
  state: { held: WholeRequest; isCancelled: boolean },
): (HelpDonationEarmarked | HelpDonationUnearmarked | HelpRequestClosed)[] {
  const { requestId, reference, amountPaise } = command;
  if (command.isCancellation || state.isCancelled) return decideUnearmarkDonation({ requestId, reference }, state.held.ledger);
  return withFundedClose(state.held, decideEarmarkDonation({ requestId, reference, amountPaise }, state.held.ledger), command.now);
}

/** The help stream (`help-<requestId>`) folded whole, configured once for the command handler. */
export const helpRequestStream = streamType<WholeRequest, DomainEvent>({ prefix: HELP_STREAM_PREFIX, evolve: evolveWholeRequest, initialState: noWholeRequest });
