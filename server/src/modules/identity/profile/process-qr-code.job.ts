import { z } from 'zod';
import type { EventMetadata } from '#server/event-store/types';
import { defineJob } from '#server/queue/job';
import type { JobContext } from '#server/queue/queue';
import type { Services } from '#server/services';
import type { QrCodeUploaded } from '../identity.events.ts';
import { processProfileImageUpload } from './profile-image.ts';
import { QR_IMAGE } from './qr-code.ts';

/**
 * Turns a member's QR upload into the image the profile shows (processProfileImageUpload): at most
 * 40 MP decoded, turned upright, at most 1024 px a side, WebP, no metadata, stored sealed under the
 * member's key with QrCodeProcessed — or QrCodeRejected when it is not a usable image. An upload a
 * newer one replaced is dropped; a second delivery finds the result recorded and records nothing.
 */
export function processQrUpload(
  services: Pick<Services, 'db' | 'eventStore' | 'files' | 'log' | 'now'> | JobContext,
  upload: { userId: string; uploadId: string },
  metadata: EventMetadata,
): Promise<void> {
  return processProfileImageUpload(services, upload, metadata, QR_IMAGE);
}

export const processQrCodeJob = defineJob<QrCodeUploaded, { userId: string; uploadId: string }>({
  name: 'process-qr-code',
  on: ['QrCodeUploaded'],
  payload: z.object({ userId: z.string().min(1), uploadId: z.uuid() }),
  run: ({ event, payload }, context) =>
    processQrUpload(context, payload, { actor: 'system', correlationId: event.metadata.correlationId, causationId: event.eventId, ip: null }),
});
