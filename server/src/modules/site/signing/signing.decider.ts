import { AppError } from '#server/errors/app-error';
import { streamType } from '#server/event-store/command-handler';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import {
  SIGNATURE_IMAGE_STREAM,
  SIGNING_CERTIFICATE_STREAM,
  type SignatureImageUploaded,
  type SigningCertificateRemoved,
  type SigningCertificateSummary,
  type SigningCertificateUploaded,
  type SiteEvent,
} from '../site.events.ts';

// The deciders of the signatory's signature image and of the signing certificate (issue 31;
// docs/decisions/052, 056). Each stream holds one thing in versions: the latest upload is the one in
// force. Their given/when/then are in signing.decider.test.ts.

export const CERTIFICATE_EXPIRED = 'This certificate has expired. Upload a certificate that is valid today.';
export const CERTIFICATE_NOT_YET_VALID = 'This certificate is not valid yet. Upload it on or after the day its validity begins.';
export const NO_CERTIFICATE_TO_REMOVE = 'No signing certificate is uploaded.';

export interface SignatureImageState {
  current: { fileId: string; sha256: string; width: number; height: number; uploadedAt: string; uploadedBy: string; version: number } | null;
}

export const noSignatureImage: SignatureImageState = { current: null };

export function evolveSignatureImage(state: SignatureImageState, event: Recorded<SiteEvent>): SignatureImageState {
  if (event.type !== 'SignatureImageUploaded') return state;
  const { fileId, sha256, width, height, uploadedAt, uploadedBy } = event.data;
  return { current: { fileId, sha256, width, height, uploadedAt, uploadedBy, version: event.streamVersion } };
}

/** Pure: a new version of the signature image; the same image again (same bytes once re-encoded) changes nothing. */
export function decideUploadSignatureImage(
  command: { fileId: string; sha256: string; width: number; height: number; by: string; now: Date },
  state: SignatureImageState,
): SignatureImageUploaded[] {
  if (state.current?.sha256 === command.sha256) return [];
  const { fileId, sha256, width, height } = command;
  return [{ type: 'SignatureImageUploaded', data: { fileId, sha256, width, height, uploadedBy: command.by, uploadedAt: command.now.toISOString() } }];
}

export const signatureImageStream = streamType<SignatureImageState, SiteEvent>({ prefix: SIGNATURE_IMAGE_STREAM, evolve: evolveSignatureImage, initialState: noSignatureImage });

export interface SigningCertificateState {
  current: (SigningCertificateSummary & { fileId: string; password: Sealed; uploadedAt: string; uploadedBy: string }) | null;
}

export const noSigningCertificate: SigningCertificateState = { current: null };

export function evolveSigningCertificate(state: SigningCertificateState, event: Recorded<SiteEvent>): SigningCertificateState {
  switch (event.type) {
    case 'SigningCertificateUploaded': {
      const { uploadedBy, uploadedAt, fileId, password, ...summary } = event.data;
      return { current: { ...summary, fileId, password, uploadedAt, uploadedBy } };
    }
    case 'SigningCertificateRemoved':
      return { current: null };
    default:
      return state;
  }
}

/**
 * Pure: the certificate the upload read (its password already checked, its key found) becomes the
 * one in force, unless it is outside its validity today. The same certificate again changes nothing.
 */
export function decideUploadSigningCertificate(
  command: { certificate: SigningCertificateSummary; fileId: string; password: Sealed; by: string; now: Date },
  state: SigningCertificateState,
): SigningCertificateUploaded[] {
  const { certificate, now } = command;
  if (new Date(certificate.validUntil).getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', { userMessage: CERTIFICATE_EXPIRED, fieldErrors: { certificate: [CERTIFICATE_EXPIRED] } });
  if (new Date(certificate.validFrom).getTime() > now.getTime()) throw new AppError('BAD_REQUEST', { userMessage: CERTIFICATE_NOT_YET_VALID, fieldErrors: { certificate: [CERTIFICATE_NOT_YET_VALID] } });
  if (state.current?.fingerprint === certificate.fingerprint) return [];
  return [{ type: 'SigningCertificateUploaded', data: { ...certificate, fileId: command.fileId, password: command.password, uploadedBy: command.by, uploadedAt: now.toISOString() } }];
}

/** Pure: receipts are no longer signed from now on; with none uploaded, nothing to do. */
export function decideRemoveSigningCertificate(command: { by: string; now: Date }, state: SigningCertificateState): SigningCertificateRemoved[] {
  if (!state.current) return [];
  return [{ type: 'SigningCertificateRemoved', data: { fingerprint: state.current.fingerprint, removedBy: command.by, removedAt: command.now.toISOString() } }];
}

export const signingCertificateStream = streamType<SigningCertificateState, SiteEvent>({
  prefix: SIGNING_CERTIFICATE_STREAM,
  evolve: evolveSigningCertificate,
  initialState: noSigningCertificate,
});
