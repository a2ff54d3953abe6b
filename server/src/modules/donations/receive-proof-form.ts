import { UNKNOWN_FIELD } from '#server/errors/field-errors';
import type { IncomingMessage } from 'node:http';
import Busboy from 'busboy';
import { AppError } from '#server/errors/app-error';
import { UPLOAD_EMPTY, UPLOAD_INTERRUPTED, UPLOAD_MALFORMED, UPLOAD_ONE_FILE_ONLY, uploadTooLarge } from '#server/uploads/upload-messages';
import { detectUploadType, isImageType, SNIFF_BYTES, wrongTypeMessage, type ImageMediaType } from '#server/uploads/upload-types';
import { MAX_SCREENSHOT_BYTES, PROOF_SCREENSHOT_FIELD } from './submit-proof.schema.ts';

/** Room for the boundaries, the part headers and the two short text fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/** A contact or a UTR is short; anything longer is not one. */
const MAX_FIELD_BYTES = 1024;
const MAX_FIELDS = 10;

export interface ProofForm {
  /** The text fields as sent (checked by the caller with ZProofFormSchema, which refuses unknown ones by name). */
  fields: Record<string, string>;
  screenshot: { bytes: Buffer; mediaType: ImageMediaType } | null;
}

/**
 * Reads the proof form (multipart/form-data: `contact`, `utr` and at most one file `screenshot`)
 * into memory, as uploads/receive-upload.ts reads a single file — which cannot be used here since it
 * refuses every text field. The size cap holds while the file streams (a declared Content-Length
 * above it is refused before a byte is read); the type is decided from the file's first bytes,
 * never its name or claimed type; a file under another name, a second file, an oversized field, a
 * malformed body or a client that goes away are refused. Nothing touches the disk.
 */
export async function receiveProofForm(req: IncomingMessage): Promise<ProofForm> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_SCREENSHOT_BYTES + MULTIPART_OVERHEAD_BYTES) {
    req.resume();
    throw new AppError('PAYLOAD_TOO_LARGE', { userMessage: uploadTooLarge(MAX_SCREENSHOT_BYTES), message: `proof refused: Content-Length ${declared}` });
  }
  let busboy: Busboy.Busboy;
  try {
    // busboy reports 'limit' on reaching fileSize, so one more byte than allowed is the trigger.
    busboy = Busboy({ headers: req.headers, limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, fileSize: MAX_SCREENSHOT_BYTES + 1, headerPairs: 20 } });
  } catch (error) {
    req.resume();
    throw new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, cause: error });
  }

  return new Promise<ProofForm>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let chunks: Buffer[] = [];
    let size = 0;
    let isFileSeen = false;
    let isFileComplete = true;
    let isSettled = false;

    const detach = () => {
      req.off('aborted', onAborted);
      req.off('error', onAborted);
      req.off('close', onClose);
    };
    const fail = (error: AppError) => {
      if (isSettled) return;
      isSettled = true;
      chunks = [];
      detach();
      req.unpipe(busboy);
      busboy.removeAllListeners();
      // Errors from busboy after we gave up (the drained rest of a bad body) are of no interest.
      busboy.on('error', () => {});
      // Not at once: busboy may be inside its own write, which still touches the file stream.
      setImmediate(() => busboy.destroy());
      req.resume();
      reject(error);
    };
    const finish = async () => {
      if (isSettled) return;
      if (!isFileComplete) return fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED }));
      let screenshot: ProofForm['screenshot'] = null;
      if (isFileSeen) {
        if (size === 0) return fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_EMPTY, fieldErrors: { [PROOF_SCREENSHOT_FIELD]: [UPLOAD_EMPTY] } }));
        const bytes = Buffer.concat(chunks, size);
        const mediaType = await detectUploadType(bytes.subarray(0, SNIFF_BYTES), 'images');
        if (isSettled) return;
        if (!mediaType || !isImageType(mediaType)) {
          const message = wrongTypeMessage('images');
          return fail(new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { [PROOF_SCREENSHOT_FIELD]: [message] } }));
        }
        screenshot = { bytes, mediaType };
      }
      isSettled = true;
      detach();
      resolve({ fields, screenshot });
    };
    const onAborted = () => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_INTERRUPTED, message: 'proof upload aborted by the client' }));
    const onClose = () => {
      if (!req.complete) onAborted();
    };

    busboy.on('file', (field, stream, info) => {
      if (field !== PROOF_SCREENSHOT_FIELD) {
        stream.on('error', () => {});
        stream.resume();
        return fail(new AppError('BAD_REQUEST', { userMessage: UNKNOWN_FIELD, fieldErrors: { [field]: [UNKNOWN_FIELD] } }));
      }
      // A form whose file input was left empty sends a part with no name and no bytes: no screenshot.
      const isEmptyInput = info.filename === undefined || info.filename === '';
      isFileComplete = false;
      stream.on('data', (chunk: Buffer) => {
        if (isSettled) return;
        isFileSeen = true;
        chunks.push(chunk);
        size += chunk.length;
      });
      stream.on('limit', () => {
        const message = uploadTooLarge(MAX_SCREENSHOT_BYTES);
        fail(new AppError('PAYLOAD_TOO_LARGE', { userMessage: message, fieldErrors: { [PROOF_SCREENSHOT_FIELD]: [message] } }));
      });
      stream.on('end', () => {
        isFileComplete = !stream.truncated;
        if (!isEmptyInput) isFileSeen = true;
      });
      stream.on('error', (error: Error) => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, cause: error })));
    });
    busboy.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) {
        fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, fieldErrors: { [name]: [UPLOAD_MALFORMED] } }));
        return;
      }
      fields[name] = value;
    });
    busboy.on('fieldsLimit', () => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED })));
    busboy.on('filesLimit', () => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_ONE_FILE_ONLY })));
    busboy.on('error', (error: Error) => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, cause: error })));
    busboy.on('close', () => void finish());
    req.on('aborted', onAborted);
    req.on('error', onAborted);
    req.on('close', onClose);
    req.pipe(busboy);
  });
}
