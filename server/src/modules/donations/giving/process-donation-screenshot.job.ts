import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand } from '#server/event-store/command-handler';
import type { EventMetadata } from '#server/event-store/types';
import { defineJob } from '#server/queue/job';
import type { JobContext } from '#server/queue/queue';
import type { Services } from '#server/services';
import { reencodeImage } from '#server/uploads/reencode-image';
import { IMAGE_TOO_MANY_PIXELS } from '#server/uploads/upload-messages';
import { REFERENCE_PATTERN } from '../donation-fields.schema.ts';
import { evolveDonation, noDonation, type ScreenshotOutcome, decideScreenshotResult, donationStream } from '../donation.decider.ts';
import { donationStreamId, type DonationProofSubmitted, type DonationScreenshotRejected } from '../donations.events.ts';
import { PROOF_IMAGE_KIND, PROOF_UPLOAD_KIND } from './submit-proof.ts';

/** Long enough to read a phone's payment screen (1080 × 2400 fits), small enough to look at quickly. */
export const SCREENSHOT_MAX_SIDE = 2400;

/**
 * Turns a proof screenshot into the image finance sees: re-encoded (at most 40 MP decoded, turned
 * upright, at most 2400 px a side, WebP, no metadata), stored sealed under the donation's key with
 * DonationScreenshotProcessed — or DonationScreenshotRejected when it is no usable image — in one
 * transaction that also removes the upload. As identity's process-qr-code: a replaced upload is
 * dropped, and a second delivery finds the result recorded and records nothing.
 */
export async function processDonationScreenshot(
  services: Pick<Services, 'db' | 'eventStore' | 'files' | 'log' | 'now'> | JobContext,
  upload: { reference: string; uploadId: string },
  metadata: EventMetadata,
): Promise<void> {
  const { reference, uploadId } = upload;
  const subjectId = donationStreamId(reference);
  // An erased donation's upload went with its key: there is nothing left to process.
  const isPending = async () => {
    const { state } = await services.db.transaction((tx) => foldStream(services.eventStore, tx, subjectId, evolveDonation, noDonation));
    return state.pendingScreenshotUploadId === uploadId && !state.isErased;
  };
  if (!(await isPending())) {
    await services.files.remove(uploadId, { subjectId, kind: PROOF_UPLOAD_KIND });
    return;
  }
  const raw = await services.files.get(uploadId, { subjectId, kind: PROOF_UPLOAD_KIND });
  if (!raw) {
    // Another delivery of this job may have just finished it: the upload goes with the result.
    if (!(await isPending())) return;
    throw new Error(`process-donation-screenshot: the upload ${uploadId} waits, but its file is not in the store`);
  }
  const fileId = crypto.randomUUID();
  let image: Awaited<ReturnType<typeof reencodeImage>> | null = null;
  let rejected: DonationScreenshotRejected['data']['reason'] | null = null;
  try {
    image = await reencodeImage(raw.bytes, { maxSide: SCREENSHOT_MAX_SIDE, format: 'webp', quality: 85 });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    rejected = error.userMessage === IMAGE_TOO_MANY_PIXELS ? 'too-many-pixels' : 'unreadable';
    services.log.warn({ err: error, uploadId, reason: rejected }, 'Donation screenshot refused by the image job');
  }
  const outcome: ScreenshotOutcome = image ? { fileId, width: image.width, height: image.height } : { rejected: rejected ?? 'unreadable' };
  await handleCommand(services, {
    stream: donationStream,
    id: reference,
    decide: (state) => decideScreenshotResult({ reference, uploadId, outcome, now: services.now() }, state),
    metadata,
    async onRecorded(tx) {
      // An earlier processed screenshot stays: it is part of what the donor sent.
      if (image) await services.files.put({ fileId, subjectId, kind: PROOF_IMAGE_KIND, mediaType: image.mediaType, bytes: image.bytes }, tx);
      await services.files.remove(uploadId, { subjectId, tx });
    },
  });
}

export const processDonationScreenshotJob = defineJob<DonationProofSubmitted, { reference: string; screenshotUploadId: string | null }>({
  name: 'process-donation-screenshot',
  on: ['DonationProofSubmitted'],
  payload: z.object({ reference: z.string().regex(REFERENCE_PATTERN), screenshotUploadId: z.uuid().nullable() }),
  async run({ event, payload }, context) {
    // A proof without a screenshot has nothing to process.
    if (payload.screenshotUploadId === null) return;
    await processDonationScreenshot(
      context,
      { reference: payload.reference, uploadId: payload.screenshotUploadId },
      { actor: 'system', correlationId: event.metadata.correlationId, causationId: event.eventId, ip: null },
    );
  },
});
