import type { IncomingMessage } from 'node:http';
import { receiveForm } from '#server/uploads/receive-form';
import { isImageType, type ImageMediaType } from '#server/uploads/upload-types';
import { MAX_SCREENSHOT_BYTES, PROOF_SCREENSHOT_FIELD } from './submit-proof.schema.ts';

/** A contact or a UTR is short; anything longer is not one. */
const MAX_FIELD_BYTES = 1024;
const MAX_FIELDS = 10;

export interface ProofForm {
  /** The text fields as sent (checked by the caller with ZProofFormSchema, which refuses unknown ones by name). */
  fields: Record<string, string>;
  screenshot: { bytes: Buffer; mediaType: ImageMediaType } | null;
}

/**
 * Reads the proof form (multipart/form-data: `contact`, `utr` and at most one image `screenshot`)
 * with the platform's form reader (uploads/receive-form.ts): the cap holds while the file streams,
 * the type comes from its first bytes, a file under another name is refused by name, and nothing
 * touches the disk.
 */
export async function receiveProofForm(req: IncomingMessage): Promise<ProofForm> {
  const form = await receiveForm(req, {
    files: { [PROOF_SCREENSHOT_FIELD]: { accept: 'images', maxBytes: MAX_SCREENSHOT_BYTES } },
    maxFields: MAX_FIELDS,
    maxFieldBytes: MAX_FIELD_BYTES,
  });
  const file = form.files[PROOF_SCREENSHOT_FIELD];
  return { fields: form.fields, screenshot: file && isImageType(file.mediaType) ? { bytes: file.bytes, mediaType: file.mediaType } : null };
}
