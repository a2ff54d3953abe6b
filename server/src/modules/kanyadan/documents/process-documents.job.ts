import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand } from '#server/event-store/command-handler';
import type { EventMetadata } from '#server/event-store/types';
import { defineJob } from '#server/queue/job';
import type { JobContext } from '#server/queue/queue';
import type { Services } from '#server/services';
import { reencodeImage, type ReencodeImageOptions } from '#server/uploads/reencode-image';
import { sanitizePdf } from '#server/uploads/sanitize-pdf';
import { IMAGE_TOO_MANY_PIXELS, PDF_UNAVAILABLE } from '#server/uploads/upload-messages';
import { decideDocumentResult, evolveApplication, noApplication, type ApplicationState } from '../application.decider.ts';
import { REG_NO_PATTERN, type StoredDocumentKind, type StoredDocumentMediaType } from '../submission/kanyadan-fields.schema.ts';
import { kanyadanStreamId, type KanyadanApplicationSubmitted, type KanyadanBenefitRequested, type KanyadanDocumentRejected } from '../kanyadan.events.ts';
import { documentKindOf, uploadKindOf } from '../submission/submit-application.ts';

/** Enough to read an Aadhaar card or a certificate on a laptop screen, small enough to open on a slow line. */
export const DOCUMENT_MAX_SIDE = 2000;
export const MAX_DOCUMENT_PAGES = 10;
/**
 * JPEG rather than WebP, plain libjpeg-turbo rather than mozjpeg, a linear rather than a lanczos3
 * reduction, libjpeg's standard Huffman tables rather than a second pass for the image's own: a
 * third of the CPU per image of WebP at effort 0 with lanczos3, for files about half again as
 * large, which the team opens on office connections (bench/kanyadan; docs/decisions/026).
 */
export const DOCUMENT_IMAGE: ReencodeImageOptions = { maxSide: DOCUMENT_MAX_SIDE, format: 'jpeg', quality: 80, kernel: 'linear', mozjpeg: false, optimiseCoding: false };

type Outcome = { fileId: string; mediaType: StoredDocumentMediaType; pages: number } | { rejected: KanyadanDocumentRejected['data']['reason'] };

async function readApplication(services: Pick<Services, 'db' | 'eventStore'>, regNo: string): Promise<ApplicationState> {
  const { state } = await services.db.transaction((tx) => foldStream(services.eventStore, tx, kanyadanStreamId(regNo), evolveApplication, noApplication));
  return state;
}

/**
 * Makes one waiting document safe and records it: an image is decoded under the pixel limit,
 * turned upright and written fresh as JPEG (DOCUMENT_IMAGE) with no EXIF, GPS, XMP or ICC; a PDF is checked by qpdf
 * and rewritten without scripts, actions, forms, attachments or links. The result is stored sealed
 * under the application's key, recorded, and the upload removed, in one transaction. A second
 * delivery, or an application erased meanwhile, records nothing.
 */
async function processDocument(
  services: Pick<Services, 'db' | 'eventStore' | 'files' | 'log' | 'now'> | JobContext,
  regNo: string,
  kind: StoredDocumentKind,
  uploadId: string,
  metadata: EventMetadata,
): Promise<void> {
  const subjectId = kanyadanStreamId(regNo);
  const raw = await services.files.get(uploadId, { subjectId, kind: uploadKindOf(kind) });
  if (!raw) {
    const state = await readApplication(services, regNo);
    const document = state.documents[kind];
    // Done by another delivery, replaced, or erased (the key and its files went together).
    if (state.isErased || !document || document.uploadId !== uploadId || document.status !== 'processing') return;
    throw new Error(`process-kanyadan-documents: the upload ${uploadId} waits, but its file is not in the store`);
  }
  const fileId = crypto.randomUUID();
  let result: { bytes: Buffer; mediaType: StoredDocumentMediaType; pages: number } | null = null;
  let rejected: KanyadanDocumentRejected['data']['reason'] | null = null;
  try {
    if (raw.mediaType === 'application/pdf') {
      // Checked by qpdf at submission (checkFiles), and read back from the sealed store unchanged.
      const pdf = await sanitizePdf(raw.bytes, { log: services.log, maxPages: MAX_DOCUMENT_PAGES, isChecked: true });
      result = { bytes: pdf.bytes, mediaType: 'application/pdf', pages: pdf.pageCount };
    } else {
      const image = await reencodeImage(raw.bytes, DOCUMENT_IMAGE);
      result = { bytes: image.bytes, mediaType: 'image/jpeg', pages: 1 };
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // qpdf missing or too slow on this machine right now says nothing about the family's file,
    // which passed the same check when it was sent: retry (then the failed-jobs list), never reject it.
    if (error.userMessage === PDF_UNAVAILABLE || /timed out/.test(error.message)) throw error;
    rejected = error.userMessage === IMAGE_TOO_MANY_PIXELS ? 'too-many-pixels' : /pages/i.test(error.userMessage ?? '') ? 'too-many-pages' : 'unreadable';
    services.log.warn({ err: error, regNo, kind, reason: rejected }, 'Kanyadan document refused by the document job');
  }
  const outcome: Outcome = result ? { fileId, mediaType: result.mediaType, pages: result.pages } : { rejected: rejected ?? 'unreadable' };
  await handleCommand(services, {
    streamId: subjectId,
    evolve: evolveApplication,
    initialState: noApplication,
    decide: (state) => decideDocumentResult({ regNo, kind, uploadId, outcome, now: services.now() }, state),
    metadata,
    async onRecorded(tx) {
      if (result) await services.files.put({ fileId, subjectId, kind: documentKindOf(kind), mediaType: result.mediaType, bytes: result.bytes }, tx);
      await services.files.remove(uploadId, { subjectId, tx });
    },
  });
}

/** Every document of the application still waiting, one after another (one in memory at a time). */
export async function processApplicationDocuments(
  services: Pick<Services, 'db' | 'eventStore' | 'files' | 'log' | 'now'> | JobContext,
  regNo: string,
  metadata: EventMetadata,
): Promise<void> {
  const state = await readApplication(services, regNo);
  if (!state.exists || state.isErased) return;
  for (const [kind, document] of Object.entries(state.documents) as [StoredDocumentKind, NonNullable<ApplicationState['documents'][StoredDocumentKind]>][]) {
    if (document.status !== 'processing') continue;
    await processDocument(services, regNo, kind, document.uploadId, metadata);
  }
}

export const processKanyadanDocumentsJob = defineJob<KanyadanApplicationSubmitted | KanyadanBenefitRequested, { regNo: string }>({
  name: 'process-kanyadan-documents',
  on: ['KanyadanApplicationSubmitted', 'KanyadanBenefitRequested'],
  payload: z.object({ regNo: z.string().regex(REG_NO_PATTERN) }),
  async run({ event, payload }, context) {
    await processApplicationDocuments(context, payload.regNo, { actor: 'system', correlationId: event.metadata.correlationId, causationId: event.eventId, ip: null });
  },
});
