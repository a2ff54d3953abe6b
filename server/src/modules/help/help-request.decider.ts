import { AppError } from '#server/errors/app-error';
import type { PersonalDataErased, Sealed } from '#server/event-store/sealing/personal-data';
import type { DomainEvent } from '#server/event-store/types';
import { indiaToday } from '#server/modules/kanyadan/submission/age.schema';
import type {
  HelpCloseReason,
  HelpIdentityChecked,
  HelpIdKind,
  HelpInformationGiven,
  HelpInformationRequested,
  HelpRequestClosed,
  HelpRequested,
  HelpUpdatePosted,
  HelpRequestEvent,
  HelpRequestExtended,
  HelpRequestPublished,
  HelpRequestRejected,
  HelpRequestStatus,
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
