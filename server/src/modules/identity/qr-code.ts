import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage } from 'node:http';
import Busboy from 'busboy';
import sharp from 'sharp';
import type { Config } from '#server/config';
import { AppError } from '#server/errors/app-error';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { hasRun, runOnce } from '#server/queue/job-effects';
import type { JobHandler } from '#server/queue/queue';
import type { Services } from '#server/services';
import { userStreamId, type IdentityEvent, type QrCodeProcessed, type QrCodeRejected, type QrCodeUploaded } from './identity.events.ts';
import { canReadAnyProfile, PROFILE_EDIT_NOT_YOURS, PROFILE_NOT_YOURS, qrCodeUrl, type Viewer } from './profile.ts';
import { eventMetadata, type RequestMeta } from './request-meta.ts';

/** PRODUCT.md §11: uploads up to 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Decoding stops above this many pixels: a small file must not expand into gigabytes (a "decompression bomb"). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const QR_MAX_SIDE = 1024;
export const QR_UPLOAD_FIELD = 'qrCode';

export const UPLOAD_TOO_LARGE = 'The image is larger than 5 MB. Please choose a smaller one.';
export const UPLOAD_WRONG_TYPE = 'Only JPEG, PNG or WebP images can be uploaded.';
export const UPLOAD_NO_FILE = `Choose an image to upload (form field "${QR_UPLOAD_FIELD}").`;
export const UPLOAD_MALFORMED = 'The upload could not be read. Send the image as multipart/form-data.';
export const QR_IMAGE_NOT_FOUND = 'This image does not exist. A new upload is shown once it has been processed.';

type ImageType = QrCodeUploaded['data']['mediaType'];

/** The type of an image from its first bytes, never from its name or the type the client claims. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const bytes = Buffer.from(head);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Folders under $SAHAY_DATA_DIR/files: raw uploads waiting for the job, and the processed images. */
export function uploadsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'files', 'uploads');
}
export function qrCodesDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'files', 'qr-codes');
}
/** Names are made by the server from an upload's UUID; nothing the client sent is ever part of a path. */
function rawUploadPath(config: Pick<Config, 'dataDir'>, uploadId: string): string {
  return path.join(uploadsDir(config), uploadId);
}
function qrFileName(uploadId: string): string {
  return `${uploadId}.webp`;
}
const QR_FILE_PATTERN = /^[0-9a-f-]{36}\.webp$/;

async function removeFile(file: string): Promise<void> {
  await fsp.rm(file, { force: true });
}

/** Counts bytes and checks the magic bytes as the data passes, failing the stream at once on a bad type. */
class ImageSniffer extends Transform {
  head = Buffer.alloc(0);
  mediaType: ImageType | null = null;
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (!this.mediaType) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, 12);
      if (this.head.length >= 12) {
        this.mediaType = sniffImageType(this.head);
        if (!this.mediaType) return callback(new AppError('BAD_REQUEST', { userMessage: UPLOAD_WRONG_TYPE }));
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.mediaType ??= sniffImageType(this.head);
    callback(this.mediaType ? null : new AppError('BAD_REQUEST', { userMessage: this.bytes === 0 ? UPLOAD_NO_FILE : UPLOAD_WRONG_TYPE }));
  }
}

/**
 * Streams the one file of a multipart request to disk under a fresh random name, enforcing the size
 * cap and the type as the bytes arrive. Any failure removes the partial file and drains what the client
 * still sends (so it reads our answer instead of a reset connection).
 */
export async function receiveImageUpload(
  req: IncomingMessage,
  options: { field: string; dir: string; maxBytes: number },
): Promise<{ uploadId: string; file: string; mediaType: ImageType; bytes: number }> {
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({ headers: req.headers, limits: { files: 1, fileSize: options.maxBytes, fields: 0 } });
  } catch (error) {
    req.resume();
    throw new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, cause: error });
  }
  await fsp.mkdir(options.dir, { recursive: true, mode: 0o700 });
  const uploadId = crypto.randomUUID();
  const file = path.join(options.dir, uploadId);
  const partial = `${file}.part`;

  let saved: Promise<{ mediaType: ImageType; bytes: number }> | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => reject(error);
      busboy.on('file', (field, stream) => {
        if (field !== options.field || saved) {
          stream.resume();
          fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_NO_FILE }));
          return;
        }
        const sniffer = new ImageSniffer();
        stream.on('limit', () => {
          const error = new AppError('PAYLOAD_TOO_LARGE', { userMessage: UPLOAD_TOO_LARGE });
          stream.destroy(error);
          fail(error);
        });
        saved = pipeline(stream, sniffer, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 })).then(() => ({
          mediaType: sniffer.mediaType!,
          bytes: sniffer.bytes,
        }));
        saved.catch(fail);
      });
      busboy.on('field', () => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_NO_FILE })));
      busboy.on('filesLimit', () => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_NO_FILE })));
      busboy.on('fieldsLimit', () => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_NO_FILE })));
      busboy.on('error', (error) => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED, cause: error })));
      busboy.on('close', () => (saved ? saved.then(() => resolve(), fail) : fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_NO_FILE }))));
      req.on('aborted', () => fail(new AppError('BAD_REQUEST', { userMessage: UPLOAD_MALFORMED })));
      req.pipe(busboy);
    });
    const { mediaType, bytes } = await saved!;
    await fsp.rename(partial, file);
    return { uploadId, file, mediaType, bytes };
  } catch (error) {
    req.unpipe(busboy);
    req.resume();
    // The write stream may still be closing; wait for it before removing what it wrote.
    await (saved as Promise<unknown> | null)?.catch(() => undefined);
    await removeFile(partial);
    await removeFile(file);
    throw error;
  }
}

/**
 * POST /api/users/upload-profile-assets/:id — the member's own ID only. Checks who asks and the rate
 * limits before reading a byte, streams the file to disk, then records QrCodeUploaded; the job turns it
 * into the image the profile shows. A refused upload leaves no file behind.
 */
export async function uploadQrCode(
  services: Services,
  viewer: Viewer,
  targetUserId: string,
  req: IncomingMessage,
  meta: RequestMeta,
): Promise<{ qrCode: string; status: 'processing' }> {
  if (targetUserId !== viewer.userId) throw new AppError('FORBIDDEN', { userMessage: PROFILE_EDIT_NOT_YOURS });
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, `upload:ip:${meta.ip}`, services.limits.uploadPerIp, now);
  await consumeRateLimit(services.db, `upload:user:${viewer.userId}`, services.limits.uploadPerAccount, now);
  const upload = await receiveImageUpload(req, { field: QR_UPLOAD_FIELD, dir: uploadsDir(services.config), maxBytes: MAX_UPLOAD_BYTES });
  const event: QrCodeUploaded = {
    type: 'QrCodeUploaded',
    data: { userId: viewer.userId, uploadId: upload.uploadId, mediaType: upload.mediaType, bytes: upload.bytes, uploadedAt: now.toISOString() },
  };
  try {
    await services.eventStore.append([{ streamId: userStreamId(viewer.userId), expected: 'stream_exists', events: [event] }], eventMetadata(meta));
  } catch (error) {
    await removeFile(upload.file);
    throw error;
  }
  return { qrCode: qrCodeUrl(viewer.userId, upload.uploadId), status: 'processing' };
}

/** The processed QR image of an upload, for the member and for admins who may read any profile; null when there is none. */
export async function findQrCodeFile(services: Pick<Services, 'db' | 'config'>, viewer: Viewer, userId: string, uploadId: string): Promise<string | null> {
  if (userId !== viewer.userId && !canReadAnyProfile(viewer)) throw new AppError('FORBIDDEN', { userMessage: PROFILE_NOT_YOURS });
  const { rows } = await services.db.query<{ qr_file: string }>(
    `SELECT p.qr_file FROM member_profiles p JOIN users u ON u.user_id = p.user_id
     WHERE p.user_id = $1 AND p.qr_upload_id = $2 AND p.qr_file IS NOT NULL AND u.status <> 'erased' AND (p.user_id = $3 OR $4::boolean)`,
    [userId, uploadId, viewer.userId, canReadAnyProfile(viewer)],
  );
  const name = rows[0]?.qr_file;
  return name && QR_FILE_PATTERN.test(name) ? path.join(qrCodesDir(services.config), name) : null;
}

/**
 * Re-encodes an uploaded QR image with sharp: at most 40 MP decoded, turned upright, at most 1024 px a
 * side, WebP, and no metadata (sharp writes none unless asked). Records QrCodeProcessed, or
 * QrCodeRejected when the file is not a usable image, then removes the raw upload and any image it
 * replaced. An upload that a newer one replaced before processing is dropped.
 */
export const processQrCodeJob: JobHandler = {
  name: 'process-qr-code',
  on: ['QrCodeUploaded'],
  async run(job, context) {
    const { userId, uploadId } = (job.event as unknown as QrCodeUploaded).data;
    const raw = rawUploadPath(context.config, uploadId);
    if (await hasRun(context.db, job.id)) {
      await removeFile(raw);
      return;
    }
    const { rows } = await context.db.query<{ qr_pending_upload_id: string | null }>(`SELECT qr_pending_upload_id FROM member_profiles WHERE user_id = $1`, [userId]);
    if (rows[0]?.qr_pending_upload_id !== uploadId) {
      await removeFile(raw);
      await context.db.query(`INSERT INTO job_effects (job_id) VALUES ($1) ON CONFLICT (job_id) DO NOTHING`, [job.id]);
      return;
    }
    if (!fs.existsSync(raw)) throw new Error(`process-qr-code: the upload ${uploadId} is missing from ${uploadsDir(context.config)}`);

    const metadata = { actor: 'system', correlationId: job.event.metadata.correlationId, causationId: job.event.eventId, ip: null };
    const name = qrFileName(uploadId);
    const output = path.join(qrCodesDir(context.config), name);
    let encoded: { width: number; height: number };
    try {
      await fsp.mkdir(qrCodesDir(context.config), { recursive: true, mode: 0o700 });
      const info = await sharp(raw, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: QR_MAX_SIDE, height: QR_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 90 })
        .toFile(`${output}.part`);
      await fsp.rename(`${output}.part`, output);
      encoded = { width: info.width, height: info.height };
    } catch (error) {
      await removeFile(`${output}.part`);
      const reason = /pixel limit/i.test(String((error as Error).message)) ? 'too-many-pixels' : 'unreadable';
      context.log.warn({ err: error, uploadId, reason }, 'QR upload refused by the image job');
      const rejected: QrCodeRejected = { type: 'QrCodeRejected', data: { userId, uploadId, reason, rejectedAt: new Date().toISOString() } };
      await runOnce(context.db, job.id, async (tx) => {
        await context.eventStore.appendInTransaction(tx, [{ streamId: userStreamId(userId), expected: 'stream_exists', events: [rejected] }], metadata);
      });
      await removeFile(raw);
      return;
    }

    const processed: QrCodeProcessed = {
      type: 'QrCodeProcessed',
      data: { userId, uploadId, file: name, ...encoded, processedAt: new Date().toISOString() },
    };
    const seen = { replaced: null as string | null, isShown: false };
    const isRecordedNow = await runOnce(context.db, job.id, async (tx) => {
      const before = await tx.query<{ qr_file: string | null }>(`SELECT qr_file FROM member_profiles WHERE user_id = $1`, [userId]);
      await context.eventStore.appendInTransaction(tx, [{ streamId: userStreamId(userId), expected: 'stream_exists', events: [processed] }], metadata);
      const after = await tx.query<{ qr_file: string | null }>(`SELECT qr_file FROM member_profiles WHERE user_id = $1`, [userId]);
      seen.replaced = before.rows[0]?.qr_file ?? null;
      seen.isShown = after.rows[0]?.qr_file === name;
    });
    await removeFile(raw);
    // A second delivery that lost the race to record leaves the first one's image alone.
    if (!isRecordedNow) return;
    if (!seen.isShown) await removeFile(output);
    else if (seen.replaced && seen.replaced !== name && QR_FILE_PATTERN.test(seen.replaced)) await removeFile(path.join(qrCodesDir(context.config), seen.replaced));
  },
};

/** When a member is erased, their QR images go too (the projection has already forgotten their names). */
export const eraseQrCodeFilesJob: JobHandler = {
  name: 'erase-qr-code-files',
  on: ['PersonalDataErased'],
  async run(job, context) {
    const { subjectId } = (job.event as unknown as Extract<IdentityEvent, { type: 'PersonalDataErased' }>).data;
    if (!subjectId.startsWith('user-')) return;
    for (const recorded of await context.eventStore.readStream(subjectId)) {
      const event = recorded as unknown as IdentityEvent;
      if (event.type === 'QrCodeUploaded') await removeFile(rawUploadPath(context.config, event.data.uploadId));
      if (event.type === 'QrCodeProcessed' && QR_FILE_PATTERN.test(event.data.file)) await removeFile(path.join(qrCodesDir(context.config), event.data.file));
    }
  },
};
