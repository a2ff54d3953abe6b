import { parseRupees, rupeesText } from '#web/features/donations/amount.ts';
import { formatMoney } from '#web/ui/format.ts';

/**
 * The beneficiary's withdrawal form, without React: the rules of the server's ledger
 * (server/src/modules/help/disbursement-ledger.ts) repeated so the form can say at once what the
 * server would say. The server checks everything again; its messages are the same English texts,
 * translated through serverMessages.
 */

/** The ledger's messages (disbursement-ledger.ts), English keys of serverMessages. */
export const INVALID_WITHDRAWAL_AMOUNT = 'Invalid withdrawal amount';
export const CONTACT_NUMBER_REQUIRED = 'Enter a contact number.';
export const CONTACT_NUMBER_TOO_LONG = 'The contact number can have at most 15 characters.';

/** The smallest withdrawal (₹1) and the longest contact number (MIN_WITHDRAWAL_PAISE, MAX_CONTACT_NUMBER_LENGTH). */
export const MIN_WITHDRAWAL_PAISE = 100;
export const MAX_CONTACT_NUMBER_LENGTH = 15;
const MAX_CHARGE_BASIS_POINTS = 10_000;

/** The server's `amountAboveBalance`, with the maximum as this page shows money. */
export function amountAboveBalance(maxPaise: number): string {
  return `The amount is more than the balance of ${formatMoney(maxPaise)}.`;
}

export interface WithdrawalPreview {
  amountPaise: number;
  adminChargePaise: number;
  netPaise: number;
}

/**
 * The ledger's `previewDisbursement`: the admin charge is `chargeBasisPoints` (1 = 0.01 %) of the
 * amount, rounded down to the paisa, and the beneficiary receives the rest. In BigInt, so the
 * product never loses a paisa however large the amount.
 */
export function previewWithdrawal(amountPaise: number, chargeBasisPoints: number): WithdrawalPreview {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError(`A withdrawal needs a whole, non-negative amount of paise, got ${String(amountPaise)}`);
  if (!Number.isSafeInteger(chargeBasisPoints) || chargeBasisPoints < 0 || chargeBasisPoints > MAX_CHARGE_BASIS_POINTS) {
    throw new RangeError(`The admin charge must be 0 to 10000 basis points, got ${String(chargeBasisPoints)}`);
  }
  const adminChargePaise = Number((BigInt(amountPaise) * BigInt(chargeBasisPoints)) / BigInt(MAX_CHARGE_BASIS_POINTS));
  return { amountPaise, adminChargePaise, netPaise: amountPaise - adminChargePaise };
}

/** Basis points as the percentage people read: 250 → 2.5, 0 → 0. */
export function percentOf(chargeBasisPoints: number): number {
  return chargeBasisPoints / 100;
}

/**
 * The amount as typed, read against the balance. Above the balance the field is set to the maximum
 * (PRODUCT.md §8) and the message says why; `text` is what the field shows afterwards.
 */
export type AmountCheck =
  | { kind: 'empty'; text: string }
  | { kind: 'invalid'; text: string; message: string }
  | { kind: 'clamped'; text: string; paise: number; message: string }
  | { kind: 'ok'; text: string; paise: number };

export function checkAmount(text: string, availablePaise: number): AmountCheck {
  const parsed = parseRupees(text);
  if (parsed.kind === 'empty') return { kind: 'empty', text };
  if (parsed.kind === 'invalid' || parsed.kind === 'tooSmall') return { kind: 'invalid', text, message: INVALID_WITHDRAWAL_AMOUNT };
  if (parsed.paise > availablePaise) return { kind: 'clamped', text: rupeesText(availablePaise), paise: availablePaise, message: amountAboveBalance(availablePaise) };
  return { kind: 'ok', text, paise: parsed.paise };
}

/** The contact number's messages, as the decider gives them (counted in characters, not UTF-16 units). */
export function contactNumberErrors(contactNumber: string): string[] {
  const trimmed = contactNumber.trim();
  if (trimmed === '') return [CONTACT_NUMBER_REQUIRED];
  if ([...trimmed].length > MAX_CONTACT_NUMBER_LENGTH) return [CONTACT_NUMBER_TOO_LONG];
  return [];
}

export interface WithdrawalInput {
  id: string;
  disbursementId: string;
  amountPaise: number;
  contactNumber: string;
}

export type WithdrawalCheck = { isValid: true; input: WithdrawalInput } | { isValid: false; errors: { amount?: string[]; contactNumber?: string[] }; amountText: string };

/**
 * The form's values on submit: the input for help.disbursements.request, or the messages beside
 * the fields (English, server messages). An empty amount is "Invalid withdrawal amount" too, as
 * the server says it; an amount above the balance comes back set to the maximum.
 */
export function checkWithdrawal(values: { id: string; disbursementId: string; amountText: string; contactNumber: string; availablePaise: number }): WithdrawalCheck {
  const amount = checkAmount(values.amountText, values.availablePaise);
  const contactErrors = contactNumberErrors(values.contactNumber);
  const amountErrors = amount.kind === 'empty' ? [INVALID_WITHDRAWAL_AMOUNT] : amount.kind === 'ok' ? [] : [amount.message];
  if (amount.kind === 'ok' && contactErrors.length === 0) {
    return { isValid: true, input: { id: values.id, disbursementId: values.disbursementId, amountPaise: amount.paise, contactNumber: values.contactNumber.trim() } };
  }
  const errors: { amount?: string[]; contactNumber?: string[] } = {};
  if (amountErrors.length > 0) errors.amount = amountErrors;
  if (contactErrors.length > 0) errors.contactNumber = contactErrors;
  return { isValid: false, errors, amountText: amount.text };
}

/** Whether a withdrawal can be asked for at all: at least ₹1 available. */
export function canWithdraw(availablePaise: number): boolean {
  return availablePaise >= MIN_WITHDRAWAL_PAISE;
}
