import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { receiveUpload, type ReceiveUploadOptions } from './receive-upload.ts';
import { reencodeImage, type ReencodeImageOptions } from './reencode-image.ts';
import { sanitizePdf, type SanitizePdfOptions } from './sanitize-pdf.ts';
import { isImageType, type ImageMediaType } from './upload-types.ts';

export interface AcceptUploadOptions extends ReceiveUploadOptions {
  log: Logger;
  image?: ReencodeImageOptions;
  pdf?: Omit<SanitizePdfOptions, 'log'>;
}

/** An upload made safe to keep and show: what to hand to FileStore.put. */
export type AcceptedUpload =
  | { kind: 'image'; bytes: Buffer; mediaType: ImageMediaType; width: number; height: number; receivedBytes: number }
  | { kind: 'pdf'; bytes: Buffer; mediaType: 'application/pdf'; pageCount: number; receivedBytes: number };

/**
 * The whole upload path in one call: receive (size cap, type from content), then re-encode an
 * image or check and strip a PDF. Every refusal is an AppError with a message for the person
 * (4xx); nothing is written anywhere, so a refusal leaves nothing behind. Store the result with
 * `services.files.put(...)`, inside the transaction that records the event naming it.
 */
export async function acceptUpload(req: IncomingMessage, options: AcceptUploadOptions): Promise<AcceptedUpload> {
  const received = await receiveUpload(req, options);
  if (isImageType(received.mediaType)) {
    const image = await reencodeImage(received.bytes, options.image);
    return { kind: 'image', ...image, receivedBytes: received.bytes.length };
  }
  const pdf = await sanitizePdf(received.bytes, { ...options.pdf, log: options.log });
  return { kind: 'pdf', bytes: pdf.bytes, mediaType: 'application/pdf', pageCount: pdf.pageCount, receivedBytes: received.bytes.length };
}
