import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand } from '#server/event-store/command-handler';
import { findEvents } from '#server/event-store/queries';
import type { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import type { EventStore } from '#server/event-store/event-store';
import type { FileStore } from '#server/files/file-store';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { PdfSigningIdentity } from '#server/pdf/pdf-signing';
import type { Services } from '#server/services';
import type { SessionUser } from '#server/shared/access';
import { reencodeImage } from '#server/uploads/reencode-image';
import { receiveUpload } from '#server/uploads/receive-upload';
import { isImageType, PKCS12_TYPE } from '#server/uploads/upload-types';
import { UPLOAD_WRONG_TYPE_IMAGES } from '#server/uploads/upload-messages';
import { SIGNATURE_IMAGE_STREAM, SIGNING_CERTIFICATE_STREAM, type SigningCertificateSummary } from '../site.events.ts';
import { readSigningCertificate } from './signing-certificate.ts';
import {
  decideRemoveSigningCertificate,
  decideUploadSignatureImage,
  decideUploadSigningCertificate,
  evolveSignatureImage,
  evolveSigningCertificate,
  noSignatureImage,
  noSigningCertificate,
} from './signing.decider.ts';
import type { TSigningStatus } from './signing.schema.ts';

/** The file store's kinds: the signature image (JPEG) and the signing certificate (PKCS#12). */
export const SIGNATURE_IMAGE_KIND = 'signatory-signature';
export const SIGNING_CERTIFICATE_KIND = 'signing-certificate';
/** PRODUCT.md §11: uploads up to 5 MB. */
const MAX_SIGNATURE_UPLOAD_BYTES = 5 * 1024 * 1024;
/**
 * The signature as kept: at most this many pixels on its longer side (printed about 5 cm wide, that
 * is 300 dpi), as JPEG: pdfkit embeds a JPEG as it is, where a PNG is re-packed for every receipt,
 * and a phone photo of paper is a few tens of KB as JPEG but megabytes as PNG. A 12-megapixel photo
 * is decoded within the pipeline's pixel limit (40 MP) and scaled down.
 */
const SIGNATURE_MAX_SIDE = 600;

export const SIGNATURE_CONFLICT = 'Someone else uploaded a signature at the same moment. Reload to see it.';
export const CERTIFICATE_CONFLICT = 'Someone else changed the signing certificate at the same moment. Reload to see it.';

/**
 * The signatory's signature (finance or settings admins): received with the size cap, its type from
 * its content, re-encoded by the image pipeline (pixel limit checked on the header, metadata
 * dropped, scaled down) and kept as a new version. A refusal leaves nothing.
 */
export async function uploadSignatureImage(services: Services, user: SessionUser, req: IncomingMessage, meta: RequestMeta): Promise<TSigningStatus> {
  const upload = await receiveUpload(req, { field: 'signature', maxBytes: MAX_SIGNATURE_UPLOAD_BYTES, accept: 'images' });
  if (!isImageType(upload.mediaType)) throw new AppError('BAD_REQUEST', { userMessage: UPLOAD_WRONG_TYPE_IMAGES });
  return recordSignatureImage(services, user, upload.bytes, meta);
}

/** The signature's bytes as received (an image of an accepted type), re-encoded and recorded as a new version. */
export async function recordSignatureImage(services: Services, user: Pick<SessionUser, 'userId'>, bytes: Buffer, meta: RequestMeta): Promise<TSigningStatus> {
  const image = await reencodeImage(bytes, { format: 'jpeg', quality: 85, maxSide: SIGNATURE_MAX_SIDE });
  const sha256 = crypto.createHash('sha256').update(image.bytes).digest('hex');
  const fileId = crypto.randomUUID();
  const now = services.now();
  await handleCommand(services, {
    streamId: SIGNATURE_IMAGE_STREAM,
    evolve: evolveSignatureImage,
    initialState: noSignatureImage,
    decide: (state) => decideUploadSignatureImage({ fileId, sha256, width: image.width, height: image.height, by: user.userId, now }, state),
    metadata: eventMetadata(meta),
    conflictMessage: SIGNATURE_CONFLICT,
    async onRecorded(tx, events) {
      if (events.length > 0) await services.files.put({ fileId, subjectId: SIGNATURE_IMAGE_STREAM, kind: SIGNATURE_IMAGE_KIND, mediaType: image.mediaType, bytes: image.bytes }, tx);
    },
  });
  return getSigningStatus(services);
}

/**
 * The foundation's signing certificate (finance: staff who sign in with a second factor; a
 * super-admin holds finance): a PKCS#12 file and its password in one form. The file is opened with
 * the password before anything is written; then the file is kept sealed and the password sealed in
 * the event, both under the certificate's own data key.
 */
export async function uploadSigningCertificate(services: Services, user: Pick<SessionUser, 'userId'>, upload: { bytes: Buffer; password: string }, meta: RequestMeta): Promise<TSigningStatus> {
  const { password } = upload;
  const { summary } = readSigningCertificate(upload.bytes, password);
  const fileId = crypto.randomUUID();
  const now = services.now();
  await handleCommand(services, {
    streamId: SIGNING_CERTIFICATE_STREAM,
    evolve: evolveSigningCertificate,
    initialState: noSigningCertificate,
    decide: async (state, { seal }) =>
      decideUploadSigningCertificate({ certificate: summary, fileId, password: await seal(SIGNING_CERTIFICATE_STREAM, password), by: user.userId, now }, state),
    metadata: eventMetadata(meta),
    conflictMessage: CERTIFICATE_CONFLICT,
    async onRecorded(tx, events) {
      if (events.length > 0) await services.files.put({ fileId, subjectId: SIGNING_CERTIFICATE_STREAM, kind: SIGNING_CERTIFICATE_KIND, mediaType: PKCS12_TYPE, bytes: upload.bytes }, tx);
    },
  });
  return getSigningStatus(services);
}

/** Receipts are drawn unsigned from now on (a certificate withdrawn or compromised). */
export async function removeSigningCertificate(services: Services, user: SessionUser, meta: RequestMeta): Promise<TSigningStatus> {
  const now = services.now();
  await handleCommand(services, {
    streamId: SIGNING_CERTIFICATE_STREAM,
    evolve: evolveSigningCertificate,
    initialState: noSigningCertificate,
    decide: (state) => decideRemoveSigningCertificate({ by: user.userId, now }, state),
    metadata: eventMetadata(meta),
    conflictMessage: CERTIFICATE_CONFLICT,
  });
  return getSigningStatus(services);
}

/** What the settings page shows: the signature's version and size, and the certificate's public details. Never the key, file or password. */
export async function getSigningStatus(services: Pick<Services, 'db' | 'eventStore'>): Promise<TSigningStatus> {
  const [image, certificate] = await Promise.all([
    foldStream(services.eventStore, services.db, SIGNATURE_IMAGE_STREAM, evolveSignatureImage, noSignatureImage),
    foldStream(services.eventStore, services.db, SIGNING_CERTIFICATE_STREAM, evolveSigningCertificate, noSigningCertificate),
  ]);
  const signature = image.state.current;
  const current = certificate.state.current;
  const summary: SigningCertificateSummary | null = current
    ? { subject: current.subject, issuer: current.issuer, serialNumber: current.serialNumber, validFrom: current.validFrom, validUntil: current.validUntil, fingerprint: current.fingerprint }
    : null;
  return {
    signatureImage: signature ? { version: signature.version, width: signature.width, height: signature.height, uploadedAt: signature.uploadedAt, uploadedBy: signature.uploadedBy } : null,
    certificate: current && summary ? { ...summary, uploadedAt: current.uploadedAt, uploadedBy: current.uploadedBy } : null,
  };
}

/** The signature image in force (its file ID), for a receipt's frozen issuer; null when none was uploaded. */
export async function currentSignatureFileId(eventStore: EventStore, db: Queryable): Promise<string | null> {
  return (await foldStream(eventStore, db, SIGNATURE_IMAGE_STREAM, evolveSignatureImage, noSignatureImage)).state.current?.fileId ?? null;
}

/** A version of the signature image (a receipt names the one it was issued with); null when gone or not one. */
export async function signatureImageBytes(files: FileStore, fileId: string): Promise<Buffer | null> {
  return (await files.get(fileId, { subjectId: SIGNATURE_IMAGE_STREAM, kind: SIGNATURE_IMAGE_KIND }))?.bytes ?? null;
}

/** The signature image of one version (the settings page's preview); null when there is no such version. */
export async function signatureImageOfVersion(services: Pick<Services, 'db' | 'eventStore' | 'files'>, version: number): Promise<Buffer | null> {
  const events = await findEvents(services.db, { streamId: SIGNATURE_IMAGE_STREAM, types: ['SignatureImageUploaded'] });
  const event = events.find((candidate) => candidate.streamVersion === version);
  const fileId = event?.data.fileId;
  return typeof fileId === 'string' ? signatureImageBytes(services.files, fileId) : null;
}

/** Opened identities by file ID: the key is decrypted once per process, not once per receipt. */
const identities = new Map<string, PdfSigningIdentity>();

/**
 * The identity that signs PDFs now, or null when no certificate is uploaded (PDFs are then drawn
 * unsigned) or the one uploaded has expired since (a signature by an expired certificate is one
 * no reader accepts: unsigned, and the dashboard has been warning).
 */
export async function currentSigningIdentity(context: { db: Queryable; eventStore: EventStore; files: FileStore; vault: PersonalDataVault }, now: Date): Promise<PdfSigningIdentity | null> {
  const { state } = await foldStream(context.eventStore, context.db, SIGNING_CERTIFICATE_STREAM, evolveSigningCertificate, noSigningCertificate);
  const current = state.current;
  if (!current || new Date(current.validUntil).getTime() <= now.getTime() || new Date(current.validFrom).getTime() > now.getTime()) return null;
  const known = identities.get(current.fileId);
  if (known) return known;
  const file = await context.files.get(current.fileId, { subjectId: SIGNING_CERTIFICATE_STREAM, kind: SIGNING_CERTIFICATE_KIND });
  const password = await context.vault.reveal<string>(context.db, current.password);
  if (!file || password === null) throw new Error('The signing certificate in force cannot be read: its file or password is missing');
  const { identity } = readSigningCertificate(file.bytes, password);
  identities.clear();
  identities.set(current.fileId, identity);
  return identity;
}
