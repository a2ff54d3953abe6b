import type { IncomingMessage } from 'node:http';
import Busboy from 'busboy';
import { AppError } from '#server/errors/app-error';
import { UNKNOWN_FIELD } from '#server/errors/field-errors';
import { UPLOAD_EMPTY, UPLOAD_INTERRUPTED, UPLOAD_MALFORMED, uploadTooLarge } from './upload-messages.ts';
import { detectUploadType, SNIFF_BYTES, wrongTypeMessage, type AcceptedMediaType, type DocumentMediaType, type UploadAccept, type UploadMediaType } from './upload-types.ts';

export interface FormFileRule<A extends UploadAccept = UploadAccept> {
  accept: A;
  maxBytes: number;
}

export interface ReceiveFormOptions<F extends string, A extends UploadAccept = UploadAccept> {
  /** The file fields the form may carry, each at most once. */
  files: Record<F, FormFileRule<A>>;
  /** Text fields: how many, and how long each may be. */
  maxFields: number;
  maxFieldBytes: number;
}

/** A file as received, of a type its rule accepts (documents: images and PDFs, unless said otherwise). */
export interface ReceivedFormFile<M extends UploadMediaType = DocumentMediaType> {
  bytes: Buffer;
  mediaType: M;
}

export interface ReceivedForm<F extends string, M extends UploadMediaType = DocumentMediaType> {
  /** The text fields as sent; the caller checks them with a strict schema, which names unknown ones. */
  fields: Record<string, string>;
  files: Partial<Record<F, ReceivedFormFile<M>>>;
}

/** Room for the boundaries and the part headers. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a multipart form of text fields and several named files into memory (nothing touches the
 * disk), as receive-upload.ts reads a single file. Each file's cap holds while it streams (a
 * declared Content-Length above the sum of the caps is refused before a byte is read); its type is
 * decided from its first bytes, never its name or claimed type; a file under a name the form does
 * not have, the same file field twice, an oversized text field, a malformed body or a client that
 * goes away are refused, naming the field where there is one. A file input left empty (no name, no
 * bytes) counts as absent.
 */
export async function receiveForm<F extends string, A extends UploadAccept>(req: IncomingMessage, options: ReceiveFormOptions<F, A>): Promise<ReceivedForm<F, AcceptedMediaType<A>>> {
  const rules = options.files as Record<string, FormFileRule>;
  const fileNames = Object.keys(rules);
  const maxBody = fileNames.reduce((sum, name) => sum + rules[name]!.maxBytes, 0) + options.maxFields * options.maxFieldBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBody) {
    req.resume();
    const largest = Math.max(...fileNames.map((name) => rules[name]!.maxBytes));
    throw new AppError('PAYLOAD_TOO_LARGE', { userMessage: uploadTooLarge(largest), message: `form refused: Content-Length ${declared}` });
  }
  let busboy: Busboy.Busboy;
  try {
    const largest = Math.max(...fileNames.map((name) => rules[name]!.maxBytes));
    // busboy reports 'limit' on reaching fileSize, so one more byte than the largest cap is the trigger;
    // smaller caps are checked as the bytes arrive.
    busboy = Busboy({
      headers: req.headers,
      // One file more than the form has, so a file under an unknown name is seen and named, not just counted.
      limits: { files: fileNames.length + 1, fields: options.maxFields, fieldSize: options.maxFieldBytes, fileSize: largest + 1, headerPairs: 20 },
    });
  } catch (error) {
    req.resume();
    throw new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, cause: error });
  }

  return new Promise<ReceivedForm<F, AcceptedMediaType<A>>>((resolve, reject) => {
    // No prototype: a text field named `__proto__` is a field (refused as unknown), not the object's prototype.
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    const parts = new Map<string, { chunks: Buffer[]; size: number; isComplete: boolean; isEmptyInput: boolean }>();
    let isSettled = false;

    const detach = () => {
      req.off('aborted', onAborted);
      req.off('error', onAborted);
      req.off('close', onClose);
    };
    /** Gives up on the form: an AppError is the person's refusal; anything else is our failure (a 500), answered all the same. */
    const fail = (error: unknown) => {
      if (isSettled) return;
      isSettled = true;
      parts.clear();
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
      const files: Partial<Record<string, ReceivedFormFile<UploadMediaType>>> = {};
      for (const [name, part] of parts) {
        if (!part.isComplete) return fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, fieldErrors: { [name]: [UPLOAD_MALFORMED] } }));
        if (part.size === 0) {
          if (part.isEmptyInput) continue;
          return fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_EMPTY, fieldErrors: { [name]: [UPLOAD_EMPTY] } }));
        }
        const bytes = Buffer.concat(part.chunks, part.size);
        // The pieces are copied into `bytes`: let them go now, so the file is held once, not twice
        // until the whole form is read (four 5 MB photos would be 40 MB instead of 20).
        part.chunks = [];
        const rule = rules[name]!;
        const mediaType = await detectUploadType(bytes.subarray(0, SNIFF_BYTES), rule.accept);
        if (isSettled) return;
        if (!mediaType) {
          const message = wrongTypeMessage(rule.accept);
          return fail(new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { [name]: [message] } }));
        }
        files[name] = { bytes, mediaType };
      }
      isSettled = true;
      detach();
      // detectUploadType let through only the types each file's rule accepts.
      resolve({ fields, files: files as Partial<Record<F, ReceivedFormFile<AcceptedMediaType<A>>>> });
    };
    const onAborted = () => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_INTERRUPTED, message: 'form upload aborted by the client' }));
    const onClose = () => {
      if (!req.complete) onAborted();
    };

    busboy.on('file', (field, stream, info) => {
      stream.on('error', () => {});
      // Own rules only: a field named `toString` or `__proto__` must not find Object.prototype's.
      const rule = Object.hasOwn(rules, field) ? rules[field] : undefined;
      if (!rule) {
        stream.resume();
        return fail(new AppError('BAD_REQUEST', { userMessage: UNKNOWN_FIELD, fieldErrors: { [field]: [UNKNOWN_FIELD] } }));
      }
      if (parts.has(field)) {
        stream.resume();
        return fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, fieldErrors: { [field]: ['Send each document once.'] } }));
      }
      const part = { chunks: [] as Buffer[], size: 0, isComplete: false, isEmptyInput: info.filename === undefined || info.filename === '' };
      parts.set(field, part);
      const tooLarge = () => {
        const message = uploadTooLarge(rule.maxBytes);
        fail(new AppError('PAYLOAD_TOO_LARGE', { userMessage: message, fieldErrors: { [field]: [message] } }));
      };
      stream.on('data', (chunk: Buffer) => {
        if (isSettled) return;
        part.chunks.push(chunk);
        part.size += chunk.length;
        if (part.size > rule.maxBytes) tooLarge();
      });
      stream.on('limit', tooLarge);
      stream.on('end', () => {
        part.isComplete = !stream.truncated;
      });
      stream.on('error', (error: Error) => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, cause: error })));
    });
    busboy.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) {
        fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, fieldErrors: { [name]: [UPLOAD_MALFORMED] } }));
        return;
      }
      if (fileNames.includes(name)) {
        // A file field sent as text: the form's file input was not a file.
        fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, fieldErrors: { [name]: [UPLOAD_MALFORMED] } }));
        return;
      }
      fields[name] = value;
    });
    busboy.on('fieldsLimit', () => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED })));
    busboy.on('filesLimit', () => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED })));
    busboy.on('error', (error: Error) => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, cause: error })));
    // Whatever finish() meets, the request gets an answer (an unhandled rejection would end the process).
    busboy.on('close', () => {
      finish().catch(fail);
    });
    req.on('aborted', onAborted);
    req.on('error', onAborted);
    req.on('close', onClose);
    req.pipe(busboy);
  });
}
