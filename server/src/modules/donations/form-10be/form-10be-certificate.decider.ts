import { AppError } from '#server/errors/app-error';
import { streamType } from '#server/event-store/command-handler';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import type { MatchOutcome } from './certificate-match.ts';
import { MATCH_NOT_A_GIFT_OF_YEAR } from './form-10be.schema.ts';
import {
  FORM_10BE_STREAM_PREFIX,
  type CertificateIdKind,
  type DeliveryChannel,
  type Form10BECertificateEvent,
  type Form10BECertificateLeftUnmatched,
  type Form10BECertificateMatched,
  type Form10BECertificateOpened,
  type Form10BECertificateSent,
  type Form10BECertificateUploaded,
} from './form-10be.events.ts';

// The Form 10BE certificate stream's decider (docs/decisions/052): a certificate uploaded once per
// file, matched to its donor (at once, or by finance), delivered once per channel, opened once.
// Its given/when/then is in form-10be-certificate.decider.test.ts.

export const CERTIFICATE_NOT_FOUND = 'This certificate was not found. It may have been erased.';
export const CERTIFICATE_ALREADY_MATCHED = 'This certificate is already matched to a donor.';

export interface CertificateState {
  isUploaded: boolean;
  financialYear: string | null;
  /** The donor's donations, latest first, once matched. */
  references: string[] | null;
  sent: DeliveryChannel[];
  isOpened: boolean;
  isErased: boolean;
}

export const noCertificate: CertificateState = { isUploaded: false, financialYear: null, references: null, sent: [], isOpened: false, isErased: false };

export function evolveCertificate(state: CertificateState, event: Recorded<Form10BECertificateEvent>): CertificateState {
  switch (event.type) {
    case 'Form10BECertificateUploaded':
      return { ...state, isUploaded: true, financialYear: event.data.financialYear };
    case 'Form10BECertificateLeftUnmatched':
      return state;
    case 'Form10BECertificateMatched':
      return { ...state, references: event.data.references };
    case 'Form10BECertificateSent':
      return { ...state, sent: [...state.sent, event.data.channel] };
    case 'Form10BECertificateOpened':
      return { ...state, isOpened: true };
    case 'PersonalDataErased':
      return { ...state, isErased: true };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const certificateStream = streamType<CertificateState, Form10BECertificateEvent>({ prefix: FORM_10BE_STREAM_PREFIX, evolve: evolveCertificate, initialState: noCertificate });

export interface UploadCertificateCommand {
  certificateId: string;
  fileId: string;
  financialYear: string;
  amountPaise: number;
  arn: string;
  idKind: CertificateIdKind;
  donor: Sealed;
  donationType: string;
  modeOfReceipt: string;
  section: string;
  outcome: MatchOutcome;
  uploadedBy: string;
  now: Date;
}

/**
 * Pure: a certificate seen for the first time is recorded with what the matching found — its
 * donor's donations, or why a person must match it. The same file again records nothing.
 */
export function decideUploadCertificate(command: UploadCertificateCommand, state: CertificateState): (Form10BECertificateUploaded | Form10BECertificateMatched | Form10BECertificateLeftUnmatched)[] {
  if (state.isUploaded) return [];
  const { certificateId, outcome, uploadedBy, now } = command;
  const at = now.toISOString();
  const uploaded: Form10BECertificateUploaded = {
    type: 'Form10BECertificateUploaded',
    data: {
      certificateId,
      fileId: command.fileId,
      financialYear: command.financialYear,
      amountPaise: command.amountPaise,
      arn: command.arn,
      idKind: command.idKind,
      donor: command.donor,
      donationType: command.donationType,
      modeOfReceipt: command.modeOfReceipt,
      section: command.section,
      uploadedBy,
      uploadedAt: at,
    },
  };
  if (outcome.kind === 'matched') {
    return [uploaded, { type: 'Form10BECertificateMatched', data: { certificateId, references: outcome.references, how: 'automatic', matchedBy: uploadedBy, matchedAt: at } }];
  }
  return [uploaded, { type: 'Form10BECertificateLeftUnmatched', data: { certificateId, reason: outcome.reason, at } }];
}

/**
 * Pure: finance gives a certificate the matching could not place to the donor of the donations they
 * chose, which must be a verified gift of the certificate's year (the command asks). The same choice
 * again records nothing; a certificate matched already is not moved (it may have been sent).
 */
export function decideMatchByHand(
  command: { certificateId: string; references: string[]; isGiftOfYear: boolean; matchedBy: string; now: Date },
  state: CertificateState,
): Form10BECertificateMatched[] {
  if (!state.isUploaded || state.isErased) throw new AppError('NOT_FOUND', { userMessage: CERTIFICATE_NOT_FOUND });
  if (!command.isGiftOfYear) throw new AppError('BAD_REQUEST', { userMessage: MATCH_NOT_A_GIFT_OF_YEAR, fieldErrors: { reference: [MATCH_NOT_A_GIFT_OF_YEAR] } });
  if (state.references) {
    if (state.references.join() === command.references.join()) return [];
    throw new AppError('CONFLICT', { userMessage: CERTIFICATE_ALREADY_MATCHED });
  }
  return [{ type: 'Form10BECertificateMatched', data: { certificateId: command.certificateId, references: command.references, how: 'by-hand', matchedBy: command.matchedBy, matchedAt: command.now.toISOString() } }];
}

/** Pure: a delivery recorded once per channel, only for a matched certificate that was not erased. */
export function decideRecordSent(command: { certificateId: string; channel: DeliveryChannel; now: Date }, state: CertificateState): Form10BECertificateSent[] {
  if (!state.references || state.isErased || state.sent.includes(command.channel)) return [];
  return [{ type: 'Form10BECertificateSent', data: { certificateId: command.certificateId, channel: command.channel, sentAt: command.now.toISOString() } }];
}

/** Whether a delivery on this channel is still to be made. */
export function isToSend(state: CertificateState, channel: DeliveryChannel): boolean {
  return decideRecordSent({ certificateId: '', channel, now: new Date(0) }, state).length > 0;
}

/** Pure: the donor's first download is recorded; later ones are not. */
export function decideRecordOpened(command: { certificateId: string; now: Date }, state: CertificateState): Form10BECertificateOpened[] {
  if (!state.references || state.isErased) throw new AppError('NOT_FOUND', { userMessage: CERTIFICATE_NOT_FOUND });
  if (state.isOpened) return [];
  return [{ type: 'Form10BECertificateOpened', data: { certificateId: command.certificateId, openedAt: command.now.toISOString() } }];
}
