import { stringify } from 'csv-stringify/sync';
import { rupeesText } from '#server/lib/amount-in-words';
import { countryName } from '#server/shared/countries';
import type { Cause } from '../donations.events.ts';

/**
 * The foreign contributions of a financial year as the annual return (Form FC-4, FCRA Rules 2011,
 * rule 17) asks for them, donor by donor: name, type (individual or institutional), country,
 * address, amount, date of receipt and purpose. What we relied on, and what we could not check, is
 * in decision 058. Pure: the rows in, the CSV text out.
 */

export interface Fc4Contribution {
  reference: string;
  receiptSerial: string;
  receivedOn: string;
  amountPaise: number;
  cause: Cause;
  country: string;
  /** Null once the donor's data was erased (the retained receipt keeps what the law needs: decision 058). */
  donorName: string | null;
  donorAddress: string | null;
}

export const FC4_COLUMNS = ['Donor name', 'Donor type', 'Country', 'Address', 'Amount (₹)', 'Date of receipt', 'Purpose', 'Receipt serial'] as const;

/** The purpose FC-4 asks for, from the cause the donor gave for. */
export const FC4_PURPOSES: Record<Cause, string> = {
  general: 'General activities of the foundation',
  kanyadan: 'Kanyadan marriage support for girls of poor families',
  medical: 'Medical aid',
  education: 'Education',
  accident: 'Accident relief',
  environment: 'Environment protection',
};

export const FC4_ERASED_NAME = '(erased at the donor’s request; see the retained receipts)';

/**
 * Every gift of an individual: the donate page and the office form take gifts from persons (an
 * institution's grant is recorded by other means today), so the type is always "Individual".
 */
export function fc4Csv(contributions: readonly Fc4Contribution[]): string {
  const rows = [...contributions]
    .sort((a, b) => a.receivedOn.localeCompare(b.receivedOn) || a.receiptSerial.localeCompare(b.receiptSerial))
    .map((gift) => [
      gift.donorName ?? FC4_ERASED_NAME,
      'Individual',
      countryName(gift.country, 'en'),
      gift.donorAddress?.replace(/\s*\n\s*/g, ', ') ?? '',
      rupeesText(gift.amountPaise),
      gift.receivedOn,
      FC4_PURPOSES[gift.cause],
      gift.receiptSerial,
    ]);
  return stringify([FC4_COLUMNS, ...rows], { bom: true, escape_formulas: true, record_delimiter: 'windows' });
}
