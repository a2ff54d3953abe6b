import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand, type StreamEvents } from '#server/event-store/command-handler';
import type { Queryable } from '#server/db/db';
import { isEventOf } from '#server/event-store/types';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { getSettings } from '#server/modules/site/site.api';
import type { TSettings } from '#server/modules/site/settings.schema';
import type { Services } from '#server/services';
import { formatReference } from './donation-fields.schema.ts';
import { DONATION_NOT_FOUND, evolveDonation, evolveUtrClaim, noDonation, noUtrClaim, type DonationState, type UtrClaimState } from './donation.decider.ts';
import {
  donationStreamId,
  instrumentStreamId,
  receiptSerialStreamId,
  utrStreamId,
  type DonationEvent,
  type DonationMode,
  type DonationVerified,
  type InstrumentClaimed,
  type ReceiptIssuer,
  type ReceiptSerialAllocated,
  type UtrClaimed,
} from './donations.events.ts';
import { financialYearOf, formatSerial, indiaDateOf, isCashAboveLimit, startOfPreviousFinancialYear } from './receipt-serial.ts';
import type { TVerifyDonationResponse } from './verify-donation.schema.ts';
import { streamVersion } from '#server/event-store/queries';

export const VERIFY_WITHOUT_PROOF = 'No proof of payment has been submitted for this donation yet.';
export const VERIFY_REJECTED = 'This donation was rejected, so it cannot be verified.';
export const VERIFY_CANCELLED = 'This donation was cancelled, so it cannot be verified again.';
export const RECEIVED_IN_FUTURE = 'The date the money arrived cannot be in the future.';
export const RECEIVED_BEFORE_PLEDGE = 'The money cannot have arrived before the donation was made. Check the date.';
export const RECEIVED_TOO_LONG_AGO = 'The date the money arrived must fall in this financial year or the last one. Check the date.';
/** "This UTR already verified donation {reference}." */
export const UTR_ALREADY_USED = 'This UTR already verified donation {reference}.';
export const VERIFY_CONFLICT = 'Another verification was recorded at the same moment. Please try again.';
/** "This cheque or DD (same number and amount) already verified donation {reference}." */
export const INSTRUMENT_ALREADY_USED = 'This cheque or DD (same number and amount) already verified donation {reference}.';
export const UTR_CHANGED = 'The donor changed the UTR since this page was loaded. Check the new UTR against the bank statement, then verify.';

export function utrAlreadyUsed(reference: string): string {
  return UTR_ALREADY_USED.replace('{reference}', formatReference(reference));
}

export function instrumentAlreadyUsed(reference: string): string {
  return INSTRUMENT_ALREADY_USED.replace('{reference}', formatReference(reference));
}

/** A claim stream (a UTR's or a cheque's) as read for a decision: who holds it, and whether that donation was cancelled since. */
export interface ClaimRead {
  streamId: string;
  claim: UtrClaimState;
  isHolderCancelled: boolean;
}

/** Whether `claim` stops `reference` from claiming: held by another donation that still stands. */
export function isClaimedByAnother(claim: ClaimRead | null, reference: string): string | null {
  const holder = claim?.claim.claimedBy ?? null;
  return holder !== null && holder !== reference && !claim!.isHolderCancelled ? holder : null;
}

/**
 * Folds a claim stream and the donation holding it (a cancelled holder frees the claim). Adds the
 * stream's version to `versions`, so a claim made meanwhile makes the append conflict and retry.
 */
export async function readClaim(services: Pick<Services, 'eventStore'>, tx: Queryable, streamId: string, reference: string, versions: Record<string, number | null>): Promise<ClaimRead> {
  const folded = await foldStream<UtrClaimState, UtrClaimed | InstrumentClaimed>(services.eventStore, tx, streamId, evolveUtrClaim, noUtrClaim);
  Object.assign(versions, folded.versions);
  const holder = folded.state.claimedBy;
  const isHolderCancelled =
    holder !== null && holder !== reference && (await foldStream(services.eventStore, tx, donationStreamId(holder), evolveDonation, noDonation)).state.status === 'cancelled';
  return { streamId, claim: folded.state, isHolderCancelled };
}

/** The claim stream of a cheque or DD verification; none for other modes. */
export function instrumentClaimStreamOf(mode: DonationMode, instrumentNumber: string | null, amountPaise: number): string | null {
  return (mode === 'cheque' || mode === 'dd') && instrumentNumber ? instrumentStreamId(mode, instrumentNumber, amountPaise) : null;
}

/** Where the next receipt serial comes from: the serial stream of the receipt prefix and the financial year of `receivedOn`. */
export interface SerialSlot {
  streamId: string;
  prefix: string;
  financialYear: string;
  /** The stream's version, read holding the stream's lock: the number of the last serial issued (null: none yet). */
  version: number | null;
}

/** What a receipt says about the foundation, from the settings in force when it is issued. */
export function receiptIssuerOf(settings: TSettings): ReceiptIssuer {
  return {
    foundationName: settings.foundationName,
    address: settings.address,
    pan: settings.pan,
    registrationNo: settings.registrationNo,
    twelveANo: settings.twelveANo,
    taxExemptionNo: settings.taxExemptionNo,
    taxSectionLabel: settings.taxSectionLabel,
    phone: settings.phone,
    email: settings.email,
  };
}

export interface VerificationCommand {
  reference: string;
  /** The UTR the admin checked; the proof must still carry it. Undefined: not given (offline gifts, older clients). */
  expectedUtr?: string;
  receivedOn: string;
  mode: DonationMode;
  instrumentNumber: string | null;
  issuer: ReceiptIssuer;
  now: Date;
}

/**
 * Pure: the events of a verification once it is allowed — DonationVerified with its receipt frozen,
 * the next serial of the year on the serial stream (its version becomes the serial's number, so no
 * number is skipped or issued twice), and the UTR's claim. Shared with offline gifts.
 */
export function verificationEvents(
  command: VerificationCommand,
  donation: Pick<DonationState, 'amountPaise' | 'cause' | 'donorKey' | 'referrerId' | 'memberId' | 'channel' | 'pledgedAt'> & Partial<Pick<DonationState, 'helpRequestId'>>,
  serial: SerialSlot,
  utr: { value: string; streamId: string } | null,
  instrument: { streamId: string } | null = null,
): StreamEvents<DonationEvent>[] {
  const issuedOn = indiaDateOf(command.now);
  const refuseDate = (message: string) => new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { receivedOn: [message] } });
  if (command.receivedOn > issuedOn) throw refuseDate(RECEIVED_IN_FUTURE);
  // A serial, once issued, is never taken back: a mistyped year would open a financial year's series for good.
  if (command.receivedOn < startOfPreviousFinancialYear(issuedOn)) throw refuseDate(RECEIVED_TOO_LONG_AGO);
  if (donation.channel === 'online' && donation.pledgedAt && command.receivedOn < indiaDateOf(new Date(donation.pledgedAt))) throw refuseDate(RECEIVED_BEFORE_PLEDGE);
  const number = (serial.version ?? 0) + 1;
  const serialText = formatSerial(serial.prefix, serial.financialYear, number);
  const at = command.now.toISOString();
  const verified: DonationVerified = {
    type: 'DonationVerified',
    data: {
      reference: command.reference,
      amountPaise: donation.amountPaise,
      ...(donation.helpRequestId ? { helpRequestId: donation.helpRequestId } : {}),
      cause: donation.cause,
      donorKey: donation.donorKey,
      referrerId: donation.referrerId,
      memberId: donation.memberId,
      receivedOn: command.receivedOn,
      mode: command.mode,
      instrumentNumber: command.instrumentNumber,
      utr: utr?.value ?? null,
      receipt: {
        serial: serialText,
        financialYear: serial.financialYear,
        number,
        issuedOn,
        issuer: command.issuer,
        isCashAboveLimit: isCashAboveLimit(command.mode, donation.amountPaise),
      },
      verifiedAt: at,
    },
  };
  const allocated: ReceiptSerialAllocated = { type: 'ReceiptSerialAllocated', data: { serial: serialText, number, reference: command.reference, allocatedAt: at } };
  const batches: StreamEvents<DonationEvent>[] = [
    { streamId: donationStreamId(command.reference), events: [verified] },
    { streamId: serial.streamId, events: [allocated] },
  ];
  if (utr) {
    const claimed: UtrClaimed = { type: 'UtrClaimed', data: { reference: command.reference, claimedAt: at } };
    batches.push({ streamId: utr.streamId, events: [claimed] });
  }
  if (instrument) {
    const claimed: InstrumentClaimed = { type: 'InstrumentClaimed', data: { reference: command.reference, claimedAt: at } };
    batches.push({ streamId: instrument.streamId, events: [claimed] });
  }
  return batches;
}

export interface VerifyState {
  donation: DonationState;
  serial: SerialSlot;
  /** The UTR of the proof and its claim stream; null when the donation has no proof. */
  utr: ({ value: string } & ClaimRead) | null;
  /** The cheque's or DD's claim when verifying with one; null otherwise. */
  instrument: ClaimRead | null;
}

/**
 * Pure: a finance admin verifies a donation whose proof arrived. Verifying again finds it done (no
 * events). One UTR verifies one donation: a UTR another donation verified with is refused with that
 * donation's reference — unless that donation was cancelled since, which frees the UTR.
 */
export function decideVerify(command: VerificationCommand, state: VerifyState): StreamEvents<DonationEvent>[] {
  const { donation } = state;
  if (!donation.exists) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  switch (donation.status) {
    case 'verified':
      return [];
    case 'cancelled':
      throw new AppError('CONFLICT', { userMessage: VERIFY_CANCELLED });
    case 'rejected':
      throw new AppError('CONFLICT', { userMessage: VERIFY_REJECTED });
    case 'awaiting_payment':
    case 'abandoned':
    case null:
      throw new AppError('CONFLICT', { userMessage: VERIFY_WITHOUT_PROOF });
    case 'proof_received':
      break;
    default: {
      const unhandled: never = donation.status;
      return unhandled;
    }
  }
  const { utr } = state;
  if (command.expectedUtr !== undefined && command.expectedUtr !== utr?.value) {
    throw new AppError('CONFLICT', { userMessage: UTR_CHANGED, fieldErrors: { utr: [UTR_CHANGED] } });
  }
  const utrHolder = isClaimedByAnother(utr, command.reference);
  if (utrHolder) throw new AppError('CONFLICT', { userMessage: utrAlreadyUsed(utrHolder) });
  const instrumentHolder = isClaimedByAnother(state.instrument, command.reference);
  if (instrumentHolder) throw new AppError('CONFLICT', { userMessage: instrumentAlreadyUsed(instrumentHolder), fieldErrors: { instrumentNumber: [instrumentAlreadyUsed(instrumentHolder)] } });
  return verificationEvents(command, donation, state.serial, utr && { value: utr.value, streamId: utr.streamId }, state.instrument && { streamId: state.instrument.streamId });
}

/** The first key of the serial streams' advisory locks (the second is the stream ID's hash): fixed, shared by every process. */
const SERIAL_LOCK_NAMESPACE = 0x5e41_0001;

/**
 * Takes the year's serial stream's lock and reads its version, so verifications (on every server
 * process) queue here instead of all reading the same version and retrying; the append then writes
 * at exactly that version, and the lock goes with the commit. A transaction-level advisory lock,
 * not `FOR UPDATE` on the stream's row: its waiters are served in order (row-lock waiters race
 * each other for the new row version, which left one verification in a hundred waiting 100 ms
 * behind the others in bench/donations), and it exists before the year's first serial does. The
 * append's version check still guards the number if a hash ever collided.
 */
export async function lockSerialSlot(tx: Queryable, settings: TSettings, receivedOn: string): Promise<SerialSlot> {
  const financialYear = financialYearOf(receivedOn);
  const prefix = settings.receiptPrefix;
  const streamId = receiptSerialStreamId(prefix, financialYear);
  await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [SERIAL_LOCK_NAMESPACE, streamId], { name: 'sahay_lock_receipt_serials' });
  const version = await streamVersion(tx, streamId, { name: 'sahay_read_receipt_serials' });
  return { streamId, prefix, financialYear, version };
}

/**
 * `donations.admin.verify` / POST /api/admin/donations/:reference/verify (finance). In one
 * transaction: fold the donation and its UTR's claim, lock the serial stream, decide, and append to
 * all three at the versions read.
 */
export async function verifyDonation(
  services: Services,
  input: { reference: string; receivedOn: string; mode: DonationMode; instrumentNumber?: string | null; utr?: string },
  meta: RequestMeta,
): Promise<TVerifyDonationResponse> {
  return (await recordVerification(services, input, meta)).result;
}

/** verifyDonation, telling too whether this call verified it (false: it was verified already, the same way). */
export async function recordVerification(
  services: Services,
  input: { reference: string; receivedOn: string; mode: DonationMode; instrumentNumber?: string | null; utr?: string },
  meta: RequestMeta,
): Promise<{ result: TVerifyDonationResponse; isNew: boolean }> {
  const now = services.now();
  const streamId = donationStreamId(input.reference);
  const { state, events } = await handleCommand(services, {
    async read(tx) {
      const { settings } = await getSettings(tx);
      const donation = await foldStream(services.eventStore, tx, streamId, evolveDonation, noDonation);
      const versions: Record<string, number | null> = { ...donation.versions };
      let utr: VerifyState['utr'] = null;
      const proofUtr = donation.state.proof?.utr;
      if (proofUtr) utr = { value: proofUtr, ...(await readClaim(services, tx, utrStreamId(proofUtr), input.reference, versions)) };
      const instrumentStream = instrumentClaimStreamOf(input.mode, input.instrumentNumber ?? null, donation.state.amountPaise);
      const instrument = instrumentStream ? await readClaim(services, tx, instrumentStream, input.reference, versions) : null;
      // Last: every verification of the year waits here for the one before it to commit, so the
      // lock is held only for the decision and the append, not for the reads above.
      const serial = await lockSerialSlot(tx, settings, input.receivedOn);
      versions[serial.streamId] = serial.version;
      return { state: { donation: donation.state, serial, utr, instrument, issuer: receiptIssuerOf(settings) }, versions };
    },
    decide: (state) =>
      decideVerify(
        { reference: input.reference, expectedUtr: input.utr, receivedOn: input.receivedOn, mode: input.mode, instrumentNumber: input.instrumentNumber ?? null, issuer: state.issuer, now },
        state,
      ),
    metadata: eventMetadata(meta),
    conflictMessage: VERIFY_CONFLICT,
  });
  const verified = events.find((event) => isEventOf<DonationVerified>(event, ['DonationVerified']));
  const receiptSerial = verified?.data.receipt.serial ?? state.donation.verification?.receipt.serial;
  if (!receiptSerial) throw new Error('verifyDonation: a verified donation without a receipt');
  return { result: { reference: formatReference(input.reference), status: 'verified', receiptSerial }, isNew: verified !== undefined };
}
