import { AppError } from '#server/errors/app-error';
import type { StreamAppend } from '#server/event-store/types';
import { epinStreamId, type EpinUsed } from '#server/modules/community/epin.events';
import type { Sealed } from '#server/event-store/personal-data';
import { userStreamId, type AccountRegistered } from './identity.events.ts';

export interface RegistrationState {
  /** The sponsor named by the referral ID: undefined when none was given, null when it does not exist. */
  sponsor: { userId: string } | null | undefined;
  /** The invite code given: undefined when none was given, null when it does not exist. */
  epin: { code: string; usedBy: string | null; version: number } | null | undefined;
  isEmailTaken: boolean;
  isInviteOnly: boolean;
}

export interface RegisterCommand {
  userId: string;
  emailHash: string;
  passwordHash: string;
  personal: Sealed;
  now: Date;
}

export const INVALID_REFERRAL = 'Invalid referral ID';
export const EMAIL_TAKEN = 'An account with this e-mail already exists';
export const EPIN_REQUIRED = 'An invite code is required to register';
export const EPIN_UNKNOWN = 'Invalid invite code';
export const EPIN_USED = 'This invite code has already been used';

/** Pure: which events a registration records, or why it is refused. */
export function decideRegistration(command: RegisterCommand, state: RegistrationState): StreamAppend[] {
  if (state.sponsor === null) {
    throw new AppError('BAD_REQUEST', { userMessage: INVALID_REFERRAL, fieldErrors: { referralId: [INVALID_REFERRAL] } });
  }
  if (state.epin === undefined && state.isInviteOnly) {
    throw new AppError('BAD_REQUEST', { userMessage: EPIN_REQUIRED, fieldErrors: { epin: [EPIN_REQUIRED] } });
  }
  if (state.epin === null) {
    throw new AppError('BAD_REQUEST', { userMessage: EPIN_UNKNOWN, fieldErrors: { epin: [EPIN_UNKNOWN] } });
  }
  if (state.epin?.usedBy) {
    throw new AppError('CONFLICT', { userMessage: EPIN_USED, fieldErrors: { epin: [EPIN_USED] } });
  }
  if (state.isEmailTaken) {
    throw new AppError('CONFLICT', { userMessage: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] } });
  }
  const joinedAt = command.now.toISOString();
  const registered: AccountRegistered = {
    type: 'AccountRegistered',
    data: {
      userId: command.userId,
      role: 'member',
      permissions: [],
      sponsorId: state.sponsor?.userId ?? null,
      epin: state.epin?.code ?? null,
      emailHash: command.emailHash,
      passwordHash: command.passwordHash,
      personal: command.personal,
      joinedAt,
    },
  };
  const appends: StreamAppend[] = [{ streamId: userStreamId(command.userId), expected: 'no_stream', events: [registered] }];
  if (state.epin) {
    const used: EpinUsed = { type: 'EpinUsed', data: { code: state.epin.code, usedBy: command.userId, usedAt: joinedAt } };
    // The exact version makes two registrations racing for one code conflict: one wins.
    appends.push({ streamId: epinStreamId(state.epin.code), expected: state.epin.version, events: [used] });
  }
  return appends;
}
