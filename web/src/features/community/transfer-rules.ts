import { USER_ID_PATTERN } from '@sahay/server/modules/identity/fields.schema';
import { ZTransferEpinsRequestSchema, type TTransferEpinsRequest } from '@sahay/server/modules/community/epins/epins.schema';
import { isSelfTransfer, isTransferCountValid, TRANSFER_INVALID_COUNT, TRANSFER_SELF, TRANSFER_USER_NOT_FOUND } from '@sahay/server/shared/epin-transfers';

/**
 * The words of PRODUCT.md §4 and the rules behind them are the server's own
 * (server/src/shared/epin-transfers.ts); the web's serverMessages dictionary translates the words
 * like any message from the server.
 */
export { TRANSFER_INVALID_COUNT, TRANSFER_SELF, TRANSFER_USER_NOT_FOUND };

export interface TransferContext {
  /** The sender's own user ID. */
  selfId: string;
  /** Unused codes the sender holds now. */
  available: number;
  /** What the receiver lookup said, if it has answered. */
  receiver: 'found' | 'notFound' | 'unknown';
}

export type TransferCheck = { ok: true; input: { toUserId: string; count: number } } | { ok: false; fieldErrors: Record<'toUserId' | 'count', string[]> };

/** The receiver's user ID as the server reads it, or null while it is not a whole user ID. */
export function receiverIdOf(typed: string): string | null {
  const userId = typed.trim().toUpperCase();
  return USER_ID_PATTERN.test(userId) ? userId : null;
}

/**
 * The transfer form's rules, checked before sending (the server checks them all again): the shared
 * schema, then not to oneself, a receiver who exists, and a count from 1 to what the sender holds.
 */
export function checkTransfer(typed: { toUserId: string; count: string }, context: TransferContext): TransferCheck {
  const input: TTransferEpinsRequest = { toUserId: typed.toUserId, count: typed.count.trim() === '' ? Number.NaN : Number(typed.count) };
  const parsed = ZTransferEpinsRequestSchema.safeParse(input);
  const fieldErrors: Record<'toUserId' | 'count', string[]> = { toUserId: [], count: [] };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'count' ? 'count' : 'toUserId';
      if (!fieldErrors[field].includes(issue.message)) fieldErrors[field].push(issue.message);
    }
  }
  const toUserId = typed.toUserId.trim().toUpperCase();
  if (toUserId !== '' && isSelfTransfer(context.selfId.toUpperCase(), toUserId)) fieldErrors.toUserId = [TRANSFER_SELF];
  else if (context.receiver === 'notFound' && fieldErrors.toUserId.length === 0) fieldErrors.toUserId = [TRANSFER_USER_NOT_FOUND];
  if (parsed.success && !isTransferCountValid(parsed.data.count, context.available)) fieldErrors.count = [TRANSFER_INVALID_COUNT];
  if (!parsed.success || fieldErrors.toUserId.length > 0 || fieldErrors.count.length > 0) return { ok: false, fieldErrors };
  return { ok: true, input: parsed.data };
}
