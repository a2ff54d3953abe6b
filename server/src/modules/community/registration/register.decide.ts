import { AppError } from '#server/errors/app-error';
import type { StreamEvents } from '#server/event-store/command-handler';
import { decideRegisterAccount, INVALID_REFERRAL, userStreamId, type RegisterAccountCommand } from '#server/modules/identity/identity.api';
import { epinStreamId, type EpinUsed } from '../epins/epin.events.ts';
import type { EpinState } from '../epins/epin.decider.ts';

export interface RegistrationState {
  /** The sponsor named by the referral ID: undefined when none was given, null when it does not exist. */
  sponsor: { userId: string } | null | undefined;
  /** The invite code given: undefined when none was given, its folded stream otherwise. */
  epin: (EpinState & { code: string }) | undefined;
  isEmailTaken: boolean;
  isInviteOnly: boolean;
}

export type RegisterCommand = Omit<RegisterAccountCommand, 'role' | 'permissions' | 'sponsorId' | 'epin' | 'isCreatedByOperator'>;

export const EPIN_REQUIRED = 'An invite code is required to register';
export const EPIN_UNKNOWN = 'Invalid invite code';
export const EPIN_USED = 'This invite code has already been used';

/**
 * Pure: joining the community (PRODUCT.md §4). The community decides on the sponsor and the invite
 * code and records the code's use on the code's stream; the account itself is identity's decision
 * (decideRegisterAccount) on the new member's stream. Both are appended in one transaction.
 */
export function decideRegistration(command: RegisterCommand, state: RegistrationState): StreamEvents[] {
  if (state.sponsor === null) {
    throw new AppError('BAD_REQUEST', { userMessage: INVALID_REFERRAL, fieldErrors: { referralId: [INVALID_REFERRAL] } });
  }
  if (state.epin === undefined && state.isInviteOnly) {
    throw new AppError('BAD_REQUEST', { userMessage: EPIN_REQUIRED, fieldErrors: { epin: [EPIN_REQUIRED] } });
  }
  if (state.epin && !state.epin.exists) {
    throw new AppError('BAD_REQUEST', { userMessage: EPIN_UNKNOWN, fieldErrors: { epin: [EPIN_UNKNOWN] } });
  }
  if (state.epin?.usedBy) {
    throw new AppError('CONFLICT', { userMessage: EPIN_USED, fieldErrors: { epin: [EPIN_USED] } });
  }
  const account = decideRegisterAccount(
    { ...command, role: 'member', permissions: [], sponsorId: state.sponsor?.userId ?? null, epin: state.epin?.code ?? null, isCreatedByOperator: false },
    state,
  );
  const batches: StreamEvents[] = [{ streamId: userStreamId(command.userId), events: account }];
  if (state.epin) {
    const used: EpinUsed = { type: 'EpinUsed', data: { code: state.epin.code, usedBy: command.userId, usedAt: command.now.toISOString() } };
    batches.push({ streamId: epinStreamId(state.epin.code), events: [used] });
  }
  return batches;
}
