import { describe, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import {
  CERTIFICATE_ALREADY_MATCHED,
  CERTIFICATE_NOT_FOUND,
  decideMatchByHand,
  decideRecordOpened,
  decideRecordSent,
  decideUploadCertificate,
  evolveCertificate,
  noCertificate,
} from './form-10be-certificate.decider.ts';
import type { Form10BECertificateEvent, Form10BECertificateLeftUnmatched, Form10BECertificateMatched, Form10BECertificateUploaded } from './form-10be.events.ts';
import { MATCH_NOT_A_GIFT_OF_YEAR } from './form-10be.schema.ts';

const now = new Date('2027-06-02T06:00:00.000Z');
const certificateId = 'a'.repeat(32);
const donor: Sealed = { $sealed: 1, subject: `form-10be-${certificateId}`, iv: 'aXY', tag: 'dGFn', ct: 'Y3Q' };
const fileId = '0190a000-0000-7000-8000-000000000001';
const upload = {
  certificateId,
  fileId,
  financialYear: '2026-27',
  amountPaise: 12_500_00,
  arn: '123456789012345',
  idKind: 'pan' as const,
  donor,
  donationType: 'Others',
  modeOfReceipt: 'Electronic modes including account payee cheque/draft',
  section: 'Section 80G',
  uploadedBy: 'SH0000001',
  now,
};
const { now: _uploadNow, ...uploadData } = upload;
const uploaded: Form10BECertificateUploaded = {
  type: 'Form10BECertificateUploaded',
  data: { ...uploadData, uploadedAt: now.toISOString() },
};
delete (uploaded.data as { now?: unknown }).now;
const matched: Form10BECertificateMatched = { type: 'Form10BECertificateMatched', data: { certificateId, references: ['ABCD2345'], how: 'automatic', matchedBy: 'SH0000001', matchedAt: now.toISOString() } };
const unmatched: Form10BECertificateLeftUnmatched = { type: 'Form10BECertificateLeftUnmatched', data: { certificateId, reason: 'no-donor', at: now.toISOString() } };
const erased: Form10BECertificateEvent = { type: 'PersonalDataErased', data: { subjectId: `form-10be-${certificateId}`, erasedAt: now.toISOString() } };
const certificate = { evolve: evolveCertificate, initialState: noCertificate };

describe('uploading a certificate', () => {
  const given = deciderSpec({ ...certificate, decide: decideUploadCertificate });
  it('records it with its donor found, or with why a person must match it', () => {
    given([]).when({ ...upload, outcome: { kind: 'matched', references: ['ABCD2345'] } }).then([uploaded, matched]);
    given([]).when({ ...upload, outcome: { kind: 'unmatched', reason: 'no-donor', candidates: [] } }).then([uploaded, unmatched]);
  });
  it('records nothing for the same file again', () => {
    given([uploaded, matched]).when({ ...upload, outcome: { kind: 'matched', references: ['ABCD2345'] } }).thenNothing();
  });
});

describe('matching a certificate by hand', () => {
  const given = deciderSpec({ ...certificate, decide: decideMatchByHand });
  const command = { certificateId, references: ['WXYZ2345'], isGiftOfYear: true, matchedBy: 'SH0000002', now };
  it("gives a waiting certificate to the chosen donation's donor; the same choice again records nothing", () => {
    const byHand: Form10BECertificateMatched = { type: 'Form10BECertificateMatched', data: { certificateId, references: ['WXYZ2345'], how: 'by-hand', matchedBy: 'SH0000002', matchedAt: now.toISOString() } };
    given([uploaded, unmatched]).when(command).then([byHand]);
    given([uploaded, unmatched, byHand]).when(command).thenNothing();
  });
  it('refuses a donation that is not a verified gift of the year, a certificate matched already, and one not there or erased', () => {
    given([uploaded, unmatched]).when({ ...command, isGiftOfYear: false }).thenRefuses('BAD_REQUEST', MATCH_NOT_A_GIFT_OF_YEAR);
    given([uploaded, matched]).when(command).thenRefuses('CONFLICT', CERTIFICATE_ALREADY_MATCHED);
    given([]).when(command).thenRefuses('NOT_FOUND', CERTIFICATE_NOT_FOUND);
    given([uploaded, unmatched, erased]).when(command).thenRefuses('NOT_FOUND', CERTIFICATE_NOT_FOUND);
  });
});

describe('recording a delivery', () => {
  const given = deciderSpec({ ...certificate, decide: decideRecordSent });
  it('records each channel once, for a matched certificate only', () => {
    const sent: Form10BECertificateEvent = { type: 'Form10BECertificateSent', data: { certificateId, channel: 'email', sentAt: now.toISOString() } };
    given([uploaded, matched]).when({ certificateId, channel: 'email', now }).then([sent]);
    given([uploaded, matched, sent]).when({ certificateId, channel: 'email', now }).thenNothing();
    given([uploaded, matched, sent]).when({ certificateId, channel: 'sms', now }).then([{ type: 'Form10BECertificateSent', data: { certificateId, channel: 'sms', sentAt: now.toISOString() } }]);
    given([uploaded, unmatched]).when({ certificateId, channel: 'email', now }).thenNothing();
    given([uploaded, matched, erased]).when({ certificateId, channel: 'email', now }).thenNothing();
  });
});

describe('recording the donor opened it', () => {
  const given = deciderSpec({ ...certificate, decide: decideRecordOpened });
  it('records the first download only', () => {
    const opened: Form10BECertificateEvent = { type: 'Form10BECertificateOpened', data: { certificateId, openedAt: now.toISOString() } };
    given([uploaded, matched]).when({ certificateId, now }).then([opened]);
    given([uploaded, matched, opened]).when({ certificateId, now }).thenNothing();
    given([uploaded, unmatched]).when({ certificateId, now }).thenRefuses('NOT_FOUND', CERTIFICATE_NOT_FOUND);
  });
});
