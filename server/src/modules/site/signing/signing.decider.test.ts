import { describe, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import type { SignatureImageUploaded, SigningCertificateRemoved, SigningCertificateSummary, SigningCertificateUploaded } from '../site.events.ts';
import {
  CERTIFICATE_EXPIRED,
  CERTIFICATE_NOT_YET_VALID,
  decideRemoveSigningCertificate,
  decideUploadSignatureImage,
  decideUploadSigningCertificate,
  evolveSignatureImage,
  evolveSigningCertificate,
  noSignatureImage,
  noSigningCertificate,
} from './signing.decider.ts';

const now = new Date('2026-06-01T05:30:00Z');
const by = 'SAH100001';

describe('the signatory’s signature image', () => {
  const upload = deciderSpec({ decide: decideUploadSignatureImage, evolve: evolveSignatureImage, initialState: noSignatureImage });
  const first: SignatureImageUploaded = {
    type: 'SignatureImageUploaded',
    data: { fileId: '11111111-1111-4111-8111-111111111111', sha256: 'a'.repeat(64), width: 1200, height: 400, uploadedBy: by, uploadedAt: now.toISOString() },
  };
  const command = { fileId: '22222222-2222-4222-8222-222222222222', sha256: 'b'.repeat(64), width: 900, height: 300, by, now };

  it('records the first upload as its first version', () =>
    upload([]).when(command).then([{ type: 'SignatureImageUploaded', data: { fileId: command.fileId, sha256: command.sha256, width: 900, height: 300, uploadedBy: by, uploadedAt: now.toISOString() } }]));

  it('records another image as a new version', () =>
    upload([first]).when(command).then([{ type: 'SignatureImageUploaded', data: { fileId: command.fileId, sha256: command.sha256, width: 900, height: 300, uploadedBy: by, uploadedAt: now.toISOString() } }]));

  it('finds the same image uploaded again already done', () => upload([first]).when({ ...command, sha256: first.data.sha256 }).thenNothing());
});

describe('the signing certificate', () => {
  const password: Sealed = { $sealed: 1, subject: 'site-signing-certificate', iv: 'aXY=', tag: 'dGFn', ct: 'Y3Q=' };
  const certificate: SigningCertificateSummary = {
    subject: 'CN=Sahay Foundation, O=Sahay Foundation, C=IN',
    issuer: 'CN=Capricorn CA 2014, O=Capricorn Identity Services, C=IN',
    serialNumber: '01A2B3',
    validFrom: '2026-01-01T00:00:00.000Z',
    validUntil: '2028-01-01T00:00:00.000Z',
    fingerprint: 'AB:CD',
  };
  const fileId = '33333333-3333-4333-8333-333333333333';
  const uploaded: SigningCertificateUploaded = { type: 'SigningCertificateUploaded', data: { ...certificate, fileId, password, uploadedBy: by, uploadedAt: now.toISOString() } };
  const removed: SigningCertificateRemoved = { type: 'SigningCertificateRemoved', data: { fingerprint: 'AB:CD', removedBy: by, removedAt: now.toISOString() } };
  const upload = deciderSpec({ decide: decideUploadSigningCertificate, evolve: evolveSigningCertificate, initialState: noSigningCertificate });
  const remove = deciderSpec({ decide: decideRemoveSigningCertificate, evolve: evolveSigningCertificate, initialState: noSigningCertificate });
  const command = { certificate, fileId, password, by, now };

  it('puts a valid certificate in force', () => upload([]).when(command).then([uploaded]));
  it('finds the same certificate uploaded again already done', () => upload([uploaded]).when({ ...command, fileId: '44444444-4444-4444-8444-444444444444' }).thenNothing());
  it('takes the same certificate again after it was removed', () => upload([uploaded, removed]).when(command).then([uploaded]));
  it('replaces a certificate by another', () =>
    upload([uploaded])
      .when({ ...command, certificate: { ...certificate, fingerprint: 'EF:01' } })
      .then([{ ...uploaded, data: { ...uploaded.data, fingerprint: 'EF:01' } }]));
  it('refuses an expired certificate', () => upload([]).when({ ...command, certificate: { ...certificate, validUntil: '2026-06-01T05:30:00.000Z' } }).thenRefuses('BAD_REQUEST', CERTIFICATE_EXPIRED));
  it('refuses a certificate not valid yet', () => upload([]).when({ ...command, certificate: { ...certificate, validFrom: '2026-06-02T00:00:00.000Z' } }).thenRefuses('BAD_REQUEST', CERTIFICATE_NOT_YET_VALID));

  it('removes the certificate in force', () => remove([uploaded]).when({ by, now }).then([removed]));
  it('finds nothing to remove when none is in force', () => remove([uploaded, removed]).when({ by, now }).thenNothing());
  it('finds nothing to remove when none was ever uploaded', () => remove([]).when({ by, now }).thenNothing());
});
