// Passing invite codes (e-pins) to another member (PRODUCT.md §4): the rules and their words. Pure,
// and shared by community's transfer decision and the web's transfer form, which checks before
// sending so it can say at once what the server would say (issue 30). Nothing here imports anything.

export const TRANSFER_SELF = 'You cannot transfer invite codes to yourself.';
export const TRANSFER_USER_NOT_FOUND = 'User not found';
export const TRANSFER_INVALID_COUNT = 'Invalid transfer count.';

/** Codes go to someone else: a member cannot pass codes to themselves. User IDs as the server reads them (upper case). */
export function isSelfTransfer(fromUserId: string, toUserId: string): boolean {
  return fromUserId === toUserId;
}

/** A whole number of codes, at least one, and no more than the sender holds unused. */
export function isTransferCountValid(count: number, heldCount: number): boolean {
  return Number.isInteger(count) && count >= 1 && count <= heldCount;
}
