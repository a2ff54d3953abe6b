import { foldStream, handleCommand } from '#server/event-store/command-handler';
import type { Queryable } from '#server/db/db';
import { isEventOf } from '#server/event-store/types';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { currentSignatureFileId, getSettings } from '#server/modules/site/site.api';
import type { TSettings } from '#server/modules/site/settings/settings.schema';
import type { Services } from '#server/services';
import { formatReference } from '../donation-fields.schema.ts';
import { isForeignContribution, evolveDonation, evolveUtrClaim, noDonation, noUtrClaim, type UtrClaimState, type ClaimRead, type SerialSlot, VERIFY_CONFLICT, type VerifyState, decideVerify, receiptIssuerOf } from '../donation.decider.ts';
import {
  donationStreamId,
  foreignReceiptPrefixOf,
  instrumentStreamId,
  receiptSerialStreamId,
  utrStreamId,
  type DonationMode,
  type DonationType,
  type DonationVerified,
  type InstrumentClaimed,
  type UtrClaimed,
} from '../donations.events.ts';
import { financialYearOf } from '../receipts/receipt-serial.ts';
import type { TVerifyDonationResponse } from './verify-donation.schema.ts';
import { streamVersion } from '#server/event-store/queries';
import { receiptSerialAllocation, timed } from '#server/lib/metrics';

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
export async function lockSerialSlot(tx: Queryable, settings: TSettings, receivedOn: string, isForeignSeries = false): Promise<SerialSlot> {
  const financialYear = financialYearOf(receivedOn);
  // A foreign contribution's receipt has its own series and stream (decision 058).
  const prefix = isForeignSeries ? foreignReceiptPrefixOf(settings.receiptPrefix) : settings.receiptPrefix;
  const streamId = receiptSerialStreamId(prefix, financialYear);
  // Timed for /metrics (sahay_receipt_serial_allocation_seconds): mostly the wait for the verification before.
  const version = await timed(receiptSerialAllocation, async () => {
    await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [SERIAL_LOCK_NAMESPACE, streamId], { name: 'sahay_lock_receipt_serials' });
    return streamVersion(tx, streamId, { name: 'sahay_read_receipt_serials' });
  });
  return { streamId, prefix, financialYear, version, ...(isForeignSeries ? { isForeignSeries } : {}) };
}

interface VerifyInput {
  reference: string;
  receivedOn: string;
  mode: DonationMode;
  instrumentNumber?: string | null;
  utr?: string;
  /** Absent: the default of the gift's cause (decision 057). */
  donationType?: DonationType;
}

/**
 * `donations.admin.verify` / POST /api/admin/donations/:reference/verify (finance). In one
 * transaction: fold the donation and its UTR's claim, lock the serial stream, decide, and append to
 * all three at the versions read.
 */
export async function verifyDonation(
  services: Services,
  input: VerifyInput,
  meta: RequestMeta,
): Promise<TVerifyDonationResponse> {
  return (await recordVerification(services, input, meta)).result;
}

/** verifyDonation, telling too whether this call verified it (false: it was verified already, the same way). */
export async function recordVerification(
  services: Services,
  input: VerifyInput,
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
      const serial = await lockSerialSlot(tx, settings, input.receivedOn, isForeignContribution(donation.state));
      versions[serial.streamId] = serial.version;
      return { state: { donation: donation.state, serial, utr, instrument, issuer: receiptIssuerOf(settings, await currentSignatureFileId(services.eventStore, tx)) }, versions };
    },
    decide: (state) =>
      decideVerify(
        {
          reference: input.reference,
          expectedUtr: input.utr,
          receivedOn: input.receivedOn,
          mode: input.mode,
          instrumentNumber: input.instrumentNumber ?? null,
          issuer: state.issuer,
          ...(input.donationType ? { donationType: input.donationType } : {}),
          now,
        },
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
