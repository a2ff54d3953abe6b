import { AppError } from '#server/errors/app-error';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import { oneTimeCodeExpiry } from '#server/lib/one-time-code';
import type { PersonalDataErased } from '#server/event-store/sealing/personal-data';
import { statementCodeStreamId, type StatementCodeEvent, type StatementCodeRequested, type StatementCodeResent, type StatementCodeVerified } from './statement-codes.events.ts';

/** How long a right code's proof may download statements: time to choose the years wanted. */
export const STATEMENT_PROOF_TTL_MINUTES = 30;

/**
 * The one answer to every code that is not accepted: wrong, expired, used, past its tries, or for a
 * contact that was never sent one (decision 049, review). A different answer for a contact with no
 * code ("expired") than for a donor's live code ("not correct, 4 tries left") would tell anyone who
 * asked for a code and guessed once whether the contact is a donor's.
 */
export const STATEMENT_CODE_NOT_ACCEPTED = 'This code is not correct or is no longer valid. Check the 6 digits in the latest message we sent, or ask for a new code.';

export interface StatementCodeState {
  isRequested: boolean;
  isVerified: boolean;
  isErased: boolean;
}

export const noStatementCode: StatementCodeState = { isRequested: false, isVerified: false, isErased: false };

export function evolveStatementCode(state: StatementCodeState, event: Recorded<StatementCodeEvent>): StatementCodeState {
  switch (event.type) {
    case 'StatementCodeRequested':
      return { ...state, isRequested: true };
    case 'StatementCodeResent':
      return state;
    case 'StatementCodeVerified':
      return { ...state, isVerified: true };
    case 'PersonalDataErased':
      return { ...state, isErased: true };
    default:
      return state;
  }
}

/** Pure: a new code for a contact, once per code ID. Whether the contact gave anything is not asked. */
export function decideRequestStatementCode(
  command: { codeId: string; contactKey: string; channel: 'email' | 'sms'; contact: Sealed; now: Date },
  state: StatementCodeState,
): StatementCodeRequested[] {
  if (state.isRequested) return [];
  return [
    {
      type: 'StatementCodeRequested',
      data: {
        codeId: command.codeId,
        contactKey: command.contactKey,
        channel: command.channel,
        contact: command.contact,
        requestedAt: command.now.toISOString(),
        expiresAt: oneTimeCodeExpiry(command.now).toISOString(),
      },
    },
  ];
}

/** Pure: the live code sent again; not once it was used or its contact shredded (a new code is made instead). */
export function decideResendStatementCode(command: { codeId: string; channel: 'email' | 'sms'; contact: Sealed; now: Date }, state: StatementCodeState): StatementCodeResent[] {
  if (!state.isRequested || state.isVerified || state.isErased) return [];
  return [{ type: 'StatementCodeResent', data: { codeId: command.codeId, channel: command.channel, contact: command.contact, resentAt: command.now.toISOString() } }];
}

/** Pure: a right code is used once; a second use (a racing try with the same code) is told to ask again. */
export function decideVerifyStatementCode(command: { codeId: string; now: Date }, state: StatementCodeState): StatementCodeVerified[] {
  if (!state.isRequested || state.isVerified) throw new AppError('BAD_REQUEST', { userMessage: STATEMENT_CODE_NOT_ACCEPTED, fieldErrors: { code: [STATEMENT_CODE_NOT_ACCEPTED] } });
  const proofExpiresAt = new Date(command.now.getTime() + STATEMENT_PROOF_TTL_MINUTES * 60_000);
  return [{ type: 'StatementCodeVerified', data: { codeId: command.codeId, verifiedAt: command.now.toISOString(), proofExpiresAt: proofExpiresAt.toISOString() } }];
}

/** Why an expired code's contact is shredded (no personal data: it is recorded as is). */
export const STATEMENT_CODE_SHRED_REASON = 'The one-time code expired; the contact it was sent to is no longer needed.';

/** Pure: an expired code's contact is shredded once; a second run (or a racing one) records nothing. */
export function decideShredStatementCode(command: { codeId: string; now: Date }, state: StatementCodeState): PersonalDataErased[] {
  if (!state.isRequested || state.isErased) return [];
  return [{ type: 'PersonalDataErased', data: { subjectId: statementCodeStreamId(command.codeId), erasedAt: command.now.toISOString(), reason: STATEMENT_CODE_SHRED_REASON } }];
}

/** Tries a code takes before it is of no more use (its row counts them). */
export const STATEMENT_CODE_TRIES_PER_CODE = 10;

/** Whether a contact's unused code is still the one to send again: not expired, tries left. */
export function isCodeLive(code: { attempts: number; expiresAt: Date }, now: Date): boolean {
  return code.expiresAt > now && code.attempts < STATEMENT_CODE_TRIES_PER_CODE;
}

/** What a request for a code decides on: a new code's ID, or the contact's live code and its stream. */
export type CodeRequestState = { kind: 'new'; codeId: string } | { kind: 'resend'; codeId: string; code: StatementCodeState };

/** Pure: a contact's request — its live code sent again, or a new code. */
export function decideSendStatementCode(
  command: { contactKey: string; channel: 'email' | 'sms'; contact: Sealed; now: Date },
  state: CodeRequestState,
): (StatementCodeRequested | StatementCodeResent)[] {
  const { contactKey, channel, contact, now } = command;
  if (state.kind === 'resend') return decideResendStatementCode({ codeId: state.codeId, channel, contact, now }, state.code);
  return decideRequestStatementCode({ codeId: state.codeId, contactKey, channel, contact, now }, noStatementCode);
}
