import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';

import { foldStream, handleCommand } from '#server/event-store/command-handler';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import type { ImageMediaType } from '#server/uploads/upload-types';
import { formatReference, utrKindOf } from '../donation-fields.schema.ts';
import { evolveDonation, noDonation, type ProofFields, decideSubmitProof } from '../donation.decider.ts';
import { contactKeyOf } from '../donor-keys.ts';
import { donationStreamId, type DonationStatus } from '../donations.events.ts';

/** The file store's kinds: the screenshot as received (until the job has made the image), and the image finance sees. */
export const PROOF_UPLOAD_KIND = 'donation-proof-upload';
export const PROOF_IMAGE_KIND = 'donation-proof';

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
