import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec, fold } from '#server/testing/deciders/decider-spec';
import type { DonationCancelled, DonationPledged, DonationStreamEvent, DonationVerified, PersonalDataErased, ReceiptIssuer, ReceiptRendered } from '../donations.events.ts';
import { receiptPdfInput } from './render-donation-receipt.job.ts';
import { decideReceiptRendered, evolveReceiptJob, noReceiptJobState } from '../donation.decider.ts';

const reference = 'ABCD2345';
const now = new Date('2026-05-02T06:00:00Z');
const fileId = '0a3c6a43-4f1e-4a53-9a4f-0f3d9b1d2c11';
const otherFileId = '7d1f0c9e-2b7a-4a5e-8c3d-1e2f3a4b5c6d';
const serial = 'SAHAY/2026-27/000001';
const sealed: Sealed = { $sealed: 1, subject: `donation-${reference}`, iv: 'aXY=', tag: 'dGFn', ct: 'Y3Q=' };
const issuer: ReceiptIssuer = {
  foundationName: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' },
  address: { en: 'Patna', hi: 'पटना' },
  pan: 'AAATS1234F',
  registrationNo: '',
  twelveANo: '',
  taxExemptionNo: '',
  taxSectionLabel: '',
  phone: '',
  email: '',
};

const pledged: DonationPledged = {
  type: 'DonationPledged',
  data: {
    reference,
    amountPaise: 1_250_00,
    cause: 'kanyadan',
    helpRequestId: null,
    donor: sealed,
    donorKey: 'donor-key',
    contactKeys: ['contact-key'],
    hasPan: true,
    showName: false,
    referrerId: null,
    memberId: null,
    channel: 'offline',
    pledgedAt: '2026-05-01T10:00:00.000Z',
  },
};
const verified: DonationVerified = {
  type: 'DonationVerified',
  data: {
    reference,
    amountPaise: 1_250_00,
    cause: 'kanyadan',
    donorKey: 'donor-key',
    referrerId: null,
    memberId: null,
    receivedOn: '2026-05-01',
    mode: 'cheque',
    instrumentNumber: '004512',
    utr: null,
    receipt: { serial, financialYear: '2026-27', number: 1, issuedOn: '2026-05-01', issuer, isCashAboveLimit: false },
    verifiedAt: '2026-05-01T10:00:00.000Z',
  },
};
const cancelled: DonationCancelled = {
  type: 'DonationCancelled',
  data: { reference, amountPaise: 1_250_00, donorKey: 'donor-key', referrerId: null, memberId: null, reason: 'Cheque bounced', cancelledAt: '2026-05-20T09:00:00.000Z' },
};
const rendered = (variant: 'issued' | 'cancelled', file = otherFileId): ReceiptRendered => ({
  type: 'ReceiptRendered',
  data: { reference, serial, variant, fileId: file, renderedAt: '2026-05-01T10:00:05.000Z' },
});
const erased: PersonalDataErased = { type: 'PersonalDataErased', data: { subjectId: `donation-${reference}`, erasedAt: '2026-05-03T00:00:00.000Z', reason: 'Asked' } };

const spec = deciderSpec<Parameters<typeof decideReceiptRendered>[0], ReturnType<typeof evolveReceiptJob>, DonationStreamEvent, ReceiptRendered[]>({
  decide: decideReceiptRendered,
  evolve: evolveReceiptJob,
  initialState: noReceiptJobState,
});

describe('recording a drawn receipt', () => {
  it('records the issued receipt once, with the serial the verification issued', () => {
    spec([pledged, verified]).when({ reference, variant: 'issued', fileId, now }).then([
      { type: 'ReceiptRendered', data: { reference, serial, variant: 'issued', fileId, renderedAt: now.toISOString() } },
    ]);
    spec([pledged, verified, rendered('issued')]).when({ reference, variant: 'issued', fileId, now }).thenNothing();
  });

  it('records the cancelled receipt beside the issued one, once', () => {
    spec([pledged, verified, rendered('issued'), cancelled]).when({ reference, variant: 'cancelled', fileId, now }).then([
      { type: 'ReceiptRendered', data: { reference, serial, variant: 'cancelled', fileId, renderedAt: now.toISOString() } },
    ]);
    spec([pledged, verified, rendered('issued'), cancelled, rendered('cancelled')]).when({ reference, variant: 'cancelled', fileId, now }).thenNothing();
    // The cancellation arriving before the issued receipt was drawn: both are still drawn, each once.
    spec([pledged, verified, cancelled, rendered('cancelled')]).when({ reference, variant: 'issued', fileId, now }).then([
      { type: 'ReceiptRendered', data: { reference, serial, variant: 'issued', fileId, renderedAt: now.toISOString() } },
    ]);
  });

  it('records nothing for an erased donation', () => {
    spec([pledged, verified, erased]).when({ reference, variant: 'issued', fileId, now }).thenNothing();
  });

  it('fails the job for a variant whose event is not on the stream', () => {
    const decide = (events: DonationStreamEvent[], variant: 'issued' | 'cancelled') => () =>
      decideReceiptRendered({ reference, variant, fileId, now }, fold({ evolve: evolveReceiptJob, initialState: noReceiptJobState }, events));
    expect(decide([pledged], 'issued')).toThrow(`render-donation-receipt: donation ${reference} has no issued receipt`);
    expect(decide([pledged, verified], 'cancelled')).toThrow(`render-donation-receipt: donation ${reference} is not cancelled`);
  });
});

describe('what the receipt is drawn from', () => {
  const donor = { name: 'Ramesh Kumar', email: null, phone: '9876543210', pan: 'ABCDE1234F', address: null };
  const state = fold({ evolve: evolveReceiptJob, initialState: noReceiptJobState }, [pledged, verified, cancelled]);

  it('takes everything from the events and the donor, dated by the event it draws', () => {
    const issued = receiptPdfInput(state, donor, { reference, variant: 'issued', checkUrl: 'https://sahay.example/x' });
    expect(issued).toEqual({
      variant: 'issued',
      serial,
      issuedOn: '2026-05-01',
      issuer,
      reference,
      donor: { name: 'Ramesh Kumar', pan: 'ABCDE1234F', address: null },
      amountPaise: 1_250_00,
      cause: 'kanyadan',
      // A verification recorded before the donation type was chosen says "others" (decision 057).
      donationType: 'others',
      mode: 'cheque',
      receivedOn: '2026-05-01',
      utr: null,
      // Verified by finance, not through the payment gateway: no payment ID (decision 066).
      paymentId: null,
      instrumentNumber: '004512',
      // Verified before issue 31: no bank and date recorded, no signature image, not signed.
      instrument: null,
      isCashAboveLimit: false,
      checkUrl: 'https://sahay.example/x',
      signatureImage: null,
      signing: null,
      createdAt: new Date('2026-05-01T10:00:00.000Z'),
    });
    const withdrawn = receiptPdfInput(state, donor, { reference, variant: 'cancelled', checkUrl: 'https://sahay.example/x' });
    expect(withdrawn).toMatchObject({ variant: 'cancelled', cancellation: { cancelledAt: cancelled.data.cancelledAt, reason: 'Cheque bounced' }, createdAt: new Date(cancelled.data.cancelledAt) });
  });
});
