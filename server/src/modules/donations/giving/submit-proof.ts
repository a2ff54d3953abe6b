import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand } from '#server/event-store/command-handler';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import type { ImageMediaType } from '#server/uploads/upload-types';
import { formatReference, utrKindOf } from '../donation-fields.schema.ts';
import { evolveDonation, NO_MATCHING_DONATION, noDonation, type DonationState } from '../donation.decider.ts';
import { contactKeyOf } from '../donor-keys.ts';
import { donationStreamId, type DonationProofSubmitted, type DonationStatus, type UtrKind } from '../donations.events.ts';

export const PROOF_ALREADY_VERIFIED = 'This donation has already been verified. Thank you!';
export const PROOF_AFTER_REJECTION = 'This donation was rejected, so proof can no longer be added. Please make a new donation or write to us.';
export const PROOF_AFTER_CANCELLATION = 'This donation was cancelled, so proof can no longer be added. Please write to us.';

/** The file store's kinds: the screenshot as received (until the job has made the image), and the image finance sees. */
export const PROOF_UPLOAD_KIND = 'donation-proof-upload';
export const PROOF_IMAGE_KIND = 'donation-proof';

/** As the schema gives them: the contact normalised, the UTR in capitals without spaces. */
export interface ProofFields {
  contact: string;
  utr: string;
}

export interface ProofState {
  donation: DonationState;
  /** Whether the contact given is one given with the donation (from the read model, under the current blind-index key). */
  isContactMatch: boolean;
}

/**
 * Pure: the donor's proof of payment. Any wrong reference or contact gets one and the same answer,
 * so the answer tells nothing about which half was wrong. Proof reopens an abandoned pledge and may
 * correct an earlier one while the donation waits; the same UTR again without a screenshot is
 * already recorded (nothing new). A decided donation takes no more proof.
 */
export function decideSubmitProof(
  command: { reference: string; utr: string; utrKind: UtrKind; screenshotUploadId: string | null; now: Date },
  state: ProofState,
): DonationProofSubmitted[] {
  const { donation } = state;
  if (!donation.exists || !state.isContactMatch) throw new AppError('NOT_FOUND', { userMessage: NO_MATCHING_DONATION });
  if (donation.status === 'verified') throw new AppError('CONFLICT', { userMessage: PROOF_ALREADY_VERIFIED });
  if (donation.status === 'cancelled') throw new AppError('CONFLICT', { userMessage: PROOF_AFTER_CANCELLATION });
  if (donation.status === 'rejected') throw new AppError('CONFLICT', { userMessage: PROOF_AFTER_REJECTION });
  if (command.screenshotUploadId === null && donation.status === 'proof_received' && donation.proof?.utr === command.utr) return [];
  return [
    {
      type: 'DonationProofSubmitted',
      data: {
        reference: command.reference,
        utr: command.utr,
        utrKind: command.utrKind,
        screenshotUploadId: command.screenshotUploadId,
        submittedAt: command.now.toISOString(),
      },
    },
  ];
}

/** Whether `contactKey` is among the donation's contact keys in the read model (none after erasure). */
export async function isContactOfDonation(tx: Queryable, reference: string, contactKey: string): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM donations WHERE reference = $1 AND $2 = ANY(contact_keys)`, [reference, contactKey]);
  return rows.length > 0;
}

/** Counts one look-up of a donation by reference and contact from this address (status, proof, receipt). */
export async function consumeLookup(services: Pick<Services, 'db' | 'limits' | 'now'>, meta: Pick<RequestMeta, 'ip'>): Promise<void> {
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('donation-lookup', meta.ip), services.limits.donationLookupPerIp, services.now());
}

/**
 * `donations.submitProof` and POST /api/donations/:reference/proof: records the UTR (and the
 * screenshot, stored sealed under the donation's key in the same transaction, for the image job to
 * process). The caller has counted the look-up against the rate limit and received the upload.
 */
export async function submitProof(
  services: Services,
  input: { reference: string } & ProofFields,
  screenshot: { bytes: Buffer; mediaType: ImageMediaType } | null,
  meta: RequestMeta,
): Promise<{ reference: string; status: DonationStatus }> {
  const now = services.now();
  const streamId = donationStreamId(input.reference);
  const contactKey = contactKeyOf((purpose, value) => services.vault.blindIndex(purpose, value), input.contact);
  const utrKind = utrKindOf(input.utr);
  // The schema admits only UTRs of a known kind; this guards a caller that skipped it.
  if (!utrKind) throw new Error('submitProof: the UTR was not validated');
  const uploadId = screenshot ? crypto.randomUUID() : null;
  await handleCommand(services, {
    async read(tx) {
      const folded = await foldStream(services.eventStore, tx, streamId, evolveDonation, noDonation);
      return { state: { donation: folded.state, isContactMatch: await isContactOfDonation(tx, input.reference, contactKey) }, versions: folded.versions };
    },
    decide: (state) => [{ streamId, events: decideSubmitProof({ reference: input.reference, utr: input.utr, utrKind, screenshotUploadId: uploadId, now }, state) }],
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      if (screenshot && uploadId) {
        await services.files.put({ fileId: uploadId, subjectId: streamId, kind: PROOF_UPLOAD_KIND, mediaType: screenshot.mediaType, bytes: screenshot.bytes }, tx);
      }
    },
  });
  return { reference: formatReference(input.reference), status: 'proof_received' };
}
