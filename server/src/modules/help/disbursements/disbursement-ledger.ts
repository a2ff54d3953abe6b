import { AppError } from '#server/errors/app-error';
import type { Sealed } from '#server/event-store/sealing/personal-data';
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
import type { DisbursementApproved, DisbursementPaid, HelpDonationCause, DisbursementRejected, DisbursementRequested, HelpDonationEarmarked, HelpDonationUnearmarked, HelpLedgerEvent } from '../help.events.ts';

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
