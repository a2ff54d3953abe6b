import { z } from 'zod';
import type { EventMetadata } from '#server/event-store/types';
import { defineJob } from '#server/queue/job';
import type { JobContext } from '#server/queue/queue';
import type { Services } from '#server/services';
import type { IdPhotoUploaded } from '../identity.events.ts';
import { ID_PHOTO } from './id-photo.ts';
import { processProfileImageUpload } from './profile-image.ts';

/**
 * Turns a member's I-card photo upload into the photo the card shows (processProfileImageUpload):
 * under the same pixel limit as the QR (40 MP), turned upright, cropped to a 300 × 375 portrait
 * around the busiest part of the picture (a face, usually), WebP, no metadata; IdPhotoProcessed, or
 * IdPhotoRejected when it is not a usable image. An upload a newer one (or a removal) overtook is
 * dropped; a second delivery finds the result recorded and records nothing.
 */
export function processIdPhotoUpload(
  services: Pick<Services, 'db' | 'eventStore' | 'files' | 'log' | 'now'> | JobContext,
  upload: { userId: string; uploadId: string },
  metadata: EventMetadata,
): Promise<void> {
  return processProfileImageUpload(services, upload, metadata, ID_PHOTO);
}

export const processIdPhotoJob = defineJob<IdPhotoUploaded, { userId: string; uploadId: string }>({
  name: 'process-id-photo',
  on: ['IdPhotoUploaded'],
  payload: z.object({ userId: z.string().min(1), uploadId: z.uuid() }),
  run: ({ event, payload }, context) =>
    processIdPhotoUpload(context, payload, { actor: 'system', correlationId: event.metadata.correlationId, causationId: event.eventId, ip: null }),
});
