// A beneficiary's withdrawal from the money held for a help request (PRODUCT.md §8): the admin
// charge and the limits of the form. Pure, and shared by help's ledger (which decides) and the web's
// withdrawal form (which shows the charge as the amount is typed and checks before sending), so the
// two cannot disagree by a paisa (issue 30). Nothing here imports anything.

// ---- messages (English; the web translates them through serverMessages) ----

export const INVALID_WITHDRAWAL_AMOUNT = 'Invalid withdrawal amount';
export const CONTACT_NUMBER_REQUIRED = 'Enter a contact number.';
export const CONTACT_NUMBER_TOO_LONG = 'The contact number can have at most 15 characters.';

/** The smallest withdrawal: ₹1. */
export const MIN_WITHDRAWAL_PAISE = 100;
export const MAX_CONTACT_NUMBER_LENGTH = 15;
/** 100% in basis points: the admin charge can never exceed the amount. */
export const MAX_CHARGE_BASIS_POINTS = 10_000;

// ---- the admin charge ----

/**
 * The admin charge on an amount: `chargeBasisPoints` (1 = 0.01%) of it, rounded down to the paisa
 * so the beneficiary is never charged a fraction more. Exact in BigInt for any whole amount.
 */
export function adminChargeOf(amountPaise: number, chargeBasisPoints: number): number {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError(`An admin charge needs a whole, non-negative amount of paise, got ${String(amountPaise)}`);
  if (!isChargeValid(chargeBasisPoints)) throw new RangeError(`The admin charge must be 0 to 10000 basis points, got ${String(chargeBasisPoints)}`);
  return Number((BigInt(amountPaise) * BigInt(chargeBasisPoints)) / BigInt(MAX_CHARGE_BASIS_POINTS));
}

/** A charge the settings may hold: a whole number of basis points from 0 to 100%. */
export function isChargeValid(chargeBasisPoints: number): boolean {
  return Number.isSafeInteger(chargeBasisPoints) && chargeBasisPoints >= 0 && chargeBasisPoints <= MAX_CHARGE_BASIS_POINTS;
}

export interface DisbursementPreview {
  amountPaise: number;
  adminChargePaise: number;
  netPaise: number;
}

/** What the beneficiary's form shows before sending, and what the ledger records: the charge and what reaches them. */
export function previewDisbursement(amountPaise: number, chargeBasisPoints: number): DisbursementPreview {
  const adminChargePaise = adminChargeOf(amountPaise, chargeBasisPoints);
  return { amountPaise, adminChargePaise, netPaise: amountPaise - adminChargePaise };
}
