import type { IncomingMessage } from 'node:http';
import Busboy from 'busboy';
import { AppError } from '#server/errors/app-error';
import { UPLOAD_EMPTY, UPLOAD_INTERRUPTED, UPLOAD_MALFORMED, UPLOAD_NO_FILE, UPLOAD_ONE_FILE_ONLY, uploadTooLarge } from './upload-messages.ts';
import { detectUploadType, SNIFF_BYTES, wrongTypeMessage, type UploadAccept, type UploadMediaType } from './upload-types.ts';

export interface ReceiveUploadOptions {
  /** The multipart form field that carries the file. */
  field: string;
  /** Cap on the file's bytes, enforced while they arrive; keep it to a few MB (they are held in memory). */
  maxBytes: number;
  accept: UploadAccept;
}

export interface ReceivedUpload {
  /** The file exactly as sent: not yet re-encoded or checked beyond its type. */
  bytes: Buffer;
  /** Found from the content; the client's Content-Type and file name are never looked at. */
  mediaType: UploadMediaType;
}

/** Room for the multipart boundaries and part headers around the file when judging Content-Length. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
export const MAX_IN_MEMORY_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * Reads the one file of a multipart/form-data request into memory.
 *
 * - The size cap holds while streaming: a declared Content-Length above it is refused before a
 *   byte is read, and a body that crosses it is refused (413) the moment it does.
 * - The type is decided from the first bytes (file-type) as soon as they arrive.
 * - A second file, any other form field, a file under another field name, a malformed body or a
 *   client that goes away: refused, and what was read is dropped.
 * Nothing touches the disk, and the file name the client sent is never read.
 *
 * On refusal the rest of the body is drained (so the client can read the answer instead of a
 * reset connection); adapters may add `Connection: close` to a 413 to stop a large body sooner.
 */
export async function receiveUpload(req: IncomingMessage, options: ReceiveUploadOptions): Promise<ReceivedUpload> {
  if (options.maxBytes > MAX_IN_MEMORY_UPLOAD_BYTES) throw new Error(`receiveUpload: maxBytes ${options.maxBytes} is above the in-memory limit`);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes + MULTIPART_OVERHEAD_BYTES) {
    req.resume();
    throw new AppError('PAYLOAD_TOO_LARGE', { userMessage: uploadTooLarge(options.maxBytes), message: `upload refused: Content-Length ${declared} above ${options.maxBytes}` });
  }
  let busboy: Busboy.Busboy;
  try {
    // busboy reports 'limit' on reaching fileSize, so one more byte than allowed is the trigger.
    busboy = Busboy({ headers: req.headers, limits: { files: 1, fields: 0, fileSize: options.maxBytes + 1, headerPairs: 20 } });
  } catch (error) {
    req.resume();
    throw new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, cause: error });
  }

  return new Promise<ReceivedUpload>((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let isFileSeen = false;
    let isFileComplete = false;
    let isSettled = false;
    let sniffed: Promise<UploadMediaType | null> | null = null;

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
    const sniff = () => {
      sniffed ??= detectUploadType(Buffer.concat(chunks).subarray(0, SNIFF_BYTES), options.accept).then((type) => {
        if (!type) fail(new AppError('BAD_REQUEST', { userMessage: wrongTypeMessage(options.accept) }));
        return type;
      });
      return sniffed;
    };
    const finish = async () => {
      if (isSettled) return;
      if (!isFileSeen) return fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_NO_FILE }));
      if (!isFileComplete) return fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED }));
      if (size === 0) return fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_EMPTY }));
      const mediaType = await sniff();
      if (isSettled || !mediaType) return;
      isSettled = true;
      detach();
      resolve({ bytes: Buffer.concat(chunks, size), mediaType });
    };
    const onAborted = () => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_INTERRUPTED, message: 'upload aborted by the client' }));
    const onClose = () => {
      if (!req.complete) onAborted();
    };

    busboy.on('file', (field, stream) => {
      if (field !== options.field) {
        stream.on('error', () => {});
        stream.resume();
        return fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_NO_FILE, message: `upload refused: file in field "${field}", expected "${options.field}"` }));
      }
      isFileSeen = true;
      stream.on('data', (chunk: Buffer) => {
        if (isSettled) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= SNIFF_BYTES) void sniff();
      });
      stream.on('limit', () => fail(new AppError('PAYLOAD_TOO_LARGE', { userMessage: uploadTooLarge(options.maxBytes) })));
      stream.on('end', () => {
        isFileComplete = !stream.truncated;
      });
      stream.on('error', (error: Error) => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, cause: error })));
    });
    const oneFileOnly = () => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_ONE_FILE_ONLY }));
    busboy.on('field', oneFileOnly);
    busboy.on('fieldsLimit', oneFileOnly);
    busboy.on('filesLimit', oneFileOnly);
    busboy.on('error', (error: Error) => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, cause: error })));
    busboy.on('close', () => void finish());
    req.on('aborted', onAborted);
    req.on('error', onAborted);
    req.on('close', onClose);
    req.pipe(busboy);
  });
}
