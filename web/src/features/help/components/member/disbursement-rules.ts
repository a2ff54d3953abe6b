import { CONTACT_NUMBER_REQUIRED, CONTACT_NUMBER_TOO_LONG, INVALID_WITHDRAWAL_AMOUNT, MAX_CONTACT_NUMBER_LENGTH, MIN_WITHDRAWAL_PAISE } from '@sahay/server/shared/withdrawals';
import { parseRupees, rupeesText } from '#web/features/donations/amount.public.ts';
import { formatMoney } from '#web/ui/format.ts';

/**
 * The beneficiary's withdrawal form, without React, so the form can say at once what the server's
 * ledger (the help request's decider, server/src/modules/help/help-request.decider.ts) would say. The
 * admin charge, the limits and their messages are the ledger's own (server/src/shared/withdrawals.ts); the server checks
 * everything again, and its messages are the same English texts, translated through serverMessages.
 */

export { MAX_CONTACT_NUMBER_LENGTH };
/** The ledger's preview: the admin charge (basis points of the amount, rounded down to the paisa) and what the beneficiary receives. */
export { previewDisbursement as previewWithdrawal } from '@sahay/server/shared/withdrawals';

/** The server's `amountAboveBalance`, with the maximum as this page shows money. */
export function amountAboveBalance(maxPaise: number): string {
  return `The amount is more than the balance of ${formatMoney(maxPaise)}.`;
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
