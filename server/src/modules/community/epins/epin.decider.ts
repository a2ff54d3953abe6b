import { AppError } from '#server/errors/app-error';
import { streamType, type StreamEvents } from '#server/event-store/command-handler';
import type { Recorded } from '#server/event-store/types';
import { decideRegisterAccount, INVALID_REFERRAL, userStreamId, type RegisterAccountCommand } from '#server/modules/identity/identity.api';
import { isSelfTransfer, isTransferCountValid, TRANSFER_INVALID_COUNT, TRANSFER_SELF } from '#server/shared/epin-transfers';
import { EPIN_STREAM_PREFIX, epinHolderStreamId, epinStreamId, type EpinEvent, type EpinGenerated, type EpinReserved, type EpinsReceived, type EpinsSent, type EpinTransferred, type EpinUsed } from './epin.events.ts';

// The invite code stream's one decider (docs/decisions/052): a code's state and every decision
// made on codes — generated, shared in a link, passed on to another member (with the holders'
// streams written beside them), used to register (with the new member's account, identity's
// decideRegisterAccount, written beside it).

/** One invite code, folded from its own stream (`epin-<code>`). */
export interface EpinState {
  exists: boolean;
  heldBy: string | null;
  usedBy: string | null;
  /** Until when the holder's shared link keeps it (null: never shared, or passed on since). */
  reservedUntil: string | null;
}

export const noEpin: EpinState = { exists: false, heldBy: null, usedBy: null, reservedUntil: null };

export function evolveEpin(state: EpinState, event: Recorded<EpinEvent>): EpinState {
  switch (event.type) {
    case 'EpinGenerated':
      return { exists: true, heldBy: event.data.heldBy, usedBy: null, reservedUntil: null };
    case 'EpinTransferred':
      return { ...state, heldBy: event.data.to, reservedUntil: null };
    case 'EpinReserved':
      return { ...state, reservedUntil: event.data.reservedUntil };
    case 'EpinUsed':
      return { ...state, usedBy: event.data.usedBy };
    case 'EpinsSent':
    case 'EpinsReceived':
      return state;
    default: {
      const _unknown: never = event;
      return state;
    }
  }
}

/** Pure: the events that put new `codes` into the hands of the admin who generated them. */
export function decideGenerateEpins(command: { codes: readonly string[]; adminId: string; now: Date }): StreamEvents<EpinGenerated>[] {
  return command.codes.map((code) => ({
    streamId: epinStreamId(code),
    events: [{ type: 'EpinGenerated', data: { code, generatedBy: command.adminId, heldBy: command.adminId, generatedAt: command.now.toISOString() } }],
  }));
}

/** A shared link keeps its code this long; unused, the code is free again after it. */
export const SHARE_VALID_HOURS = 48;

export const SHARE_NOT_YOURS = 'This invite code is not one of your unused codes.';

/**
 * Pure: the holder shares an unused code of theirs in a link, which keeps it for 48 hours. Sharing
 * it again while the link is open changes nothing (the same link); no money or reward is attached.
 */
export function decideShareEpin(command: { code: string; holder: string; now: Date }, state: EpinState): EpinReserved[] {
  if (!state.exists || state.heldBy !== command.holder || state.usedBy) {
    throw new AppError('CONFLICT', { userMessage: SHARE_NOT_YOURS, fieldErrors: { code: [SHARE_NOT_YOURS] } });
  }
  if (state.reservedUntil && Date.parse(state.reservedUntil) > command.now.getTime()) return [];
  const reservedUntil = new Date(command.now.getTime() + SHARE_VALID_HOURS * 3600_000).toISOString();
  return [{ type: 'EpinReserved', data: { code: command.code, heldBy: command.holder, reservedAt: command.now.toISOString(), reservedUntil } }];
}

// The transfer rules and their words are shared with the web's transfer form (issue 30).
export { TRANSFER_INVALID_COUNT, TRANSFER_SELF } from '#server/shared/epin-transfers';

export interface HeldCode {
  code: string;
}

/**
 * Pure: the events of one transfer — on each code's stream, and on both holders' streams. `held` is
 * the sender's unused codes, oldest first.
 */
export function decideTransfer(
  command: { transferId: string; from: string; to: string; count: number; now: Date },
  held: readonly HeldCode[],
): StreamEvents<EpinTransferred | EpinsSent | EpinsReceived>[] {
  if (isSelfTransfer(command.from, command.to)) throw new AppError('BAD_REQUEST', { userMessage: TRANSFER_SELF, fieldErrors: { toUserId: [TRANSFER_SELF] } });
  if (!isTransferCountValid(command.count, held.length)) {
    throw new AppError('BAD_REQUEST', { userMessage: TRANSFER_INVALID_COUNT, fieldErrors: { count: [TRANSFER_INVALID_COUNT] } });
  }
  const codes = held.slice(0, command.count).map((code) => code.code);
  const base = { transferId: command.transferId, from: command.from, to: command.to, transferredAt: command.now.toISOString() };
  return [
    ...codes.map((code) => ({ streamId: epinStreamId(code), events: [{ type: 'EpinTransferred' as const, data: { code, ...base } }] })),
    { streamId: epinHolderStreamId(command.from), events: [{ type: 'EpinsSent', data: { ...base, codes } }] },
    { streamId: epinHolderStreamId(command.to), events: [{ type: 'EpinsReceived', data: { ...base, codes } }] },
  ];
}

/** The invite code stream (`epin-<code>`), configured once for the command handler. */
export const epinStream = streamType<EpinState, EpinEvent>({ prefix: EPIN_STREAM_PREFIX, evolve: evolveEpin, initialState: noEpin });

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
 * Pure: joining the community (PRODUCT.md §4), the code's use recorded on its stream. The community decides on the sponsor and the invite
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
