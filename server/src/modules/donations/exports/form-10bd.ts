import { stringify } from 'csv-stringify/sync';
import { rupeesText } from '#server/lib/amount-in-words';
import { formatReference } from '../donation-fields.schema.ts';
import type { Cause, DonationMode } from '../donations.events.ts';
import { financialYearOf, financialYearRange } from '../receipts/receipt-serial.ts';

/**
 * Form 10BD, "Statement of particulars of donations received" (s.80G(5)(viii), rule 18AB): Part B
 * is uploaded to the income-tax portal as a CSV in the portal's template, once per financial year.
 * These functions turn the year's donations into that file's rows and into a list of the gifts that
 * cannot be reported yet for want of a donor ID. Pure: the caller reads the verified, not-cancelled
 * donations and the foundation's section label; nothing here reads a database or a clock.
 *
 * The template's texts (column names, ID codes, donation types, modes of receipt) follow the
 * portal's "Instructions for filling Form 10BD – Part-B CSV Template": the cells carry the
 * dropdown's text ("Permanent Account Number"), not a number.
 */

export type DonorIdKind = 'pan' | 'aadhaar' | 'tin' | 'passport' | 'voter-id' | 'driving-licence' | 'ration-card';

export interface Form10BDDonation {
  /** The canonical 8 characters, e.g. 'ABCD2345'. */
  reference: string;
  /** YYYY-MM-DD: the day the money arrived. */
  receivedOn: string;
  /** Integer paise, at least 1. */
  amountPaise: number;
  mode: DonationMode;
  cause: Cause;
  /** Tells donors apart (blind index of e-mail or phone); null once erased. Not used to group: see form10BDRows. */
  donorKey: string | null;
  /** Null once the donor's personal data was erased. */
  donorName: string | null;
  donorAddress: string | null;
  /** The PAN given with the donation, or another ID staff recorded; null when there is none. */
  donorId: { kind: DonorIdKind; number: string } | null;
}

/**
 * The template's ID codes (Annexure I of the instructions) with their numbers, in one table. The
 * CSV carries the label; the instructions ask for PAN or Aadhaar and for the others only when the
 * donor has neither.
 */
export const ID_CODES = {
  pan: { code: 1, label: 'Permanent Account Number' },
  aadhaar: { code: 2, label: 'Aadhaar Number' },
  tin: { code: 3, label: 'Tax Identification Number' },
  passport: { code: 4, label: 'Passport number' },
  'voter-id': { code: 5, label: "Elector's photo identity number" },
  'driving-licence': { code: 6, label: 'Driving License number' },
  'ration-card': { code: 7, label: 'Ration card number' },
} as const satisfies Record<DonorIdKind, { code: number; label: string }>;

export type Form10BDIdCode = (typeof ID_CODES)[DonorIdKind]['label'];

export const FORM_10BD_DONATION_TYPES = ['Corpus', 'Specific grant', 'Others'] as const;
export type Form10BDDonationType = (typeof FORM_10BD_DONATION_TYPES)[number];

export const FORM_10BD_MODES_OF_RECEIPT = ['Cash', 'Kind', 'Electronic modes including account payee cheque/draft', 'Others'] as const;
export type Form10BDModeOfReceipt = (typeof FORM_10BD_MODES_OF_RECEIPT)[number];

/** One line of Part B: one donor's gifts of one type received one way in the year (rule 18AB). */
export interface Form10BDRow {
  /** 1..n in the order of the rows. */
  serialNumber: number;
  idKind: DonorIdKind;
  idCode: Form10BDIdCode;
  /** Upper case, without spaces: the same ID however it was typed. */
  idNumber: string;
  sectionCode: string;
  /** Empty when every gift in the row was erased: see form10BDRows. */
  donorName: string;
  /** On one line (the template has one cell for it); empty when not given. */
  donorAddress: string;
  donationType: Form10BDDonationType;
  modeOfReceipt: Form10BDModeOfReceipt;
  /** The exact sum of the gifts, in paise; the CSV writes it in rupees. */
  amountPaise: number;
  /** The donations added up in this row, sorted: for staff to check the row against receipts. */
  references: string[];
  /** No gift in the row has its donor's name any more: staff must fill it in before filing. */
  isDonorErased: boolean;
}

/** A donation that cannot go into the statement until staff record an ID of its donor. */
export interface MissingIdRow {
  reference: string;
  receivedOn: string;
  amountPaise: number;
  mode: DonationMode;
  cause: Cause;
  /** The donor's name, or ERASED_DONOR_NAME. */
  donorName: string;
}

/** Shown in the missing-ID list, which only staff read, for a donor whose data was erased. */
export const ERASED_DONOR_NAME = '(erased)';

/**
 * The donation type a cause reports as. A gift to a named cause was directed by its donor, so it is
 * a specific grant; a general gift is "Others". Never "Corpus": no corpus donations are taken online,
 * and a gift is corpus only when the donor says so in writing. Change it here if that ever changes.
 */
export function donationTypeOf(cause: Cause): Form10BDDonationType {
  return cause === 'general' ? 'Others' : 'Specific grant';
}

/** Cash is reported apart; UPI, bank transfers, account-payee cheques and drafts are "electronic modes". */
export function modeOfReceiptOf(mode: DonationMode): Form10BDModeOfReceipt {
  switch (mode) {
    case 'cash':
      return 'Cash';
    case 'upi':
    case 'bank-transfer':
    case 'cheque':
    case 'dd':
      return 'Electronic modes including account payee cheque/draft';
    default: {
      const unknown: never = mode;
      throw new Error(`No Form 10BD mode of receipt for ${String(unknown)}`);
    }
  }
}

/** PAN ' abcde 1234f' and 'ABCDE1234F' are one donor: upper case, without white space. */
export function normaliseIdNumber(number: string): string {
  return number.replace(/\s+/g, '').toUpperCase();
}

/** The template has one cell for the address: its lines are joined with commas. */
function singleLine(text: string | null): string {
  return (text ?? '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(', ');
}

/** Plain code-unit order: the same on every machine and Node version, unlike locale collation. */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** The latest first: by the day received, then by reference (the same order whatever the input's). */
function compareLatestFirst(a: Form10BDDonation, b: Form10BDDonation): number {
  return compareText(b.receivedOn, a.receivedOn) || compareText(b.reference, a.reference);
}

interface Group {
  idKind: DonorIdKind;
  idNumber: string;
  donationType: Form10BDDonationType;
  modeOfReceipt: Form10BDModeOfReceipt;
  donations: Form10BDDonation[];
}

/**
 * Part B's rows for a financial year, and the gifts that cannot be in it yet.
 *
 * - Only donations received (`receivedOn`) in `financialYear` count; the caller passes verified,
 *   not-cancelled ones.
 * - Rule 18AB adds up a donor's gifts of the same nature: one row per donor, donation type and mode
 *   of receipt. Cash stays a row of its own beside the same donor's electronic gifts.
 * - A donor is their ID — kind and normalised number — not their `donorKey`: the same PAN given with
 *   two e-mail addresses is one donor, and two people of the same name are two.
 * - A row's name and address are those of the group's latest gift (by day received, then reference)
 *   that still has its donor's data. If every gift in the row was erased, the row is still listed (the
 *   gift was received, and the donor's deduction depends on it) with an empty name and address and
 *   `isDonorErased`: the portal then refuses the file until staff decide, rather than being told a
 *   made-up name.
 * - A donation without an ID (or with a blank one) goes to `missingId`, one row per donation, so that
 *   staff can ask the donor.
 * - Rows are sorted by donor name, ID kind, ID number, donation type and mode, and numbered 1..n;
 *   the missing-ID list by day received, then reference. The input's order changes nothing.
 */
export function form10BDRows(
  donations: readonly Form10BDDonation[],
  options: { financialYear: string; sectionCode: string },
): { rows: Form10BDRow[]; missingId: MissingIdRow[] } {
  financialYearRange(options.financialYear);
  const groups = new Map<string, Group>();
  const missingId: MissingIdRow[] = [];

  for (const donation of donations) {
    if (!Number.isSafeInteger(donation.amountPaise) || donation.amountPaise < 1) {
      throw new RangeError(`Donation ${donation.reference} has no whole, positive number of paise: ${String(donation.amountPaise)}`);
    }
    if (financialYearOf(donation.receivedOn) !== options.financialYear) continue;
    const idNumber = donation.donorId ? normaliseIdNumber(donation.donorId.number) : '';
    if (!donation.donorId || idNumber === '') {
      missingId.push({
        reference: donation.reference,
        receivedOn: donation.receivedOn,
        amountPaise: donation.amountPaise,
        mode: donation.mode,
        cause: donation.cause,
        donorName: donation.donorName ?? ERASED_DONOR_NAME,
      });
      continue;
    }
    const idKind = donation.donorId.kind;
    const donationType = donationTypeOf(donation.cause);
    const modeOfReceipt = modeOfReceiptOf(donation.mode);
    const key = JSON.stringify([idKind, idNumber, donationType, modeOfReceipt]);
    const group = groups.get(key);
    if (group) group.donations.push(donation);
    else groups.set(key, { idKind, idNumber, donationType, modeOfReceipt, donations: [donation] });
  }

  const unnumbered = [...groups.values()].map((group): Omit<Form10BDRow, 'serialNumber'> => {
    const named = group.donations.filter((donation) => donation.donorName !== null).sort(compareLatestFirst)[0];
    return {
      idKind: group.idKind,
      idCode: ID_CODES[group.idKind].label,
      idNumber: group.idNumber,
      sectionCode: options.sectionCode,
      donorName: named?.donorName ?? '',
      donorAddress: singleLine(named?.donorAddress ?? null),
      donationType: group.donationType,
      modeOfReceipt: group.modeOfReceipt,
      amountPaise: group.donations.reduce((sum, donation) => sum + donation.amountPaise, 0),
      references: group.donations.map((donation) => donation.reference).sort(compareText),
      isDonorErased: named === undefined,
    };
  });
  unnumbered.sort(
    (a, b) =>
      compareText(a.donorName, b.donorName) ||
      compareText(a.idKind, b.idKind) ||
      compareText(a.idNumber, b.idNumber) ||
      FORM_10BD_DONATION_TYPES.indexOf(a.donationType) - FORM_10BD_DONATION_TYPES.indexOf(b.donationType) ||
      FORM_10BD_MODES_OF_RECEIPT.indexOf(a.modeOfReceipt) - FORM_10BD_MODES_OF_RECEIPT.indexOf(b.modeOfReceipt),
  );
  missingId.sort((a, b) => compareText(a.receivedOn, b.receivedOn) || compareText(a.reference, b.reference));
  return { rows: unnumbered.map((row, index) => ({ serialNumber: index + 1, ...row })), missingId };
}

/** The portal template's columns, in its order. */
export const FORM_10BD_COLUMNS = [
  'Sl. No.',
  'Pre Acknowledgement Number',
  'ID Code',
  'Unique Identification Number',
  'Section Code',
  'Unique Registration Number (URN)',
  'Date of Issuance of Unique Registration Number',
  'Name of donor',
  'Address of donor',
  'Donation Type',
  'Mode of receipt',
  'Amount of donation (Indian rupees)',
] as const;

export const MISSING_ID_COLUMNS = ['Reference', 'Received on', 'Amount (₹)', 'Mode', 'Cause', 'Donor'] as const;

/**
 * A CSV that Excel and the portal (Windows tools) read: a UTF-8 byte-order mark, so Hindi names are
 * not shown as mojibake; CRLF line ends; and a cell starting with = + - @, a tab or a carriage return
 * prefixed with `'` by csv-stringify, so a spreadsheet shows it as text instead of running it. Such
 * text is refused when typed (donation-fields.schema.ts); the escape is a second line of defence.
 */
function toCsv(header: readonly string[], records: readonly (readonly string[])[]): string {
  return stringify([header, ...records], { bom: true, escape_formulas: true, record_delimiter: 'windows' });
}

/**
 * The Part B file to upload. The URN is the foundation's own registration number under the section
 * (its approval number, a setting) and its date of issue when known; the pre-acknowledgement number
 * is left blank (none is generated). Amounts are rupees with two decimals, written from the paise
 * sum so no rounding changes a paisa.
 */
export function form10BDCsv(rows: readonly Form10BDRow[], foundation: { urn: string; urnIssuedOn: string } = { urn: '', urnIssuedOn: '' }): string {
  return toCsv(
    FORM_10BD_COLUMNS,
    rows.map((row) => [
      String(row.serialNumber),
      '',
      row.idCode,
      row.idNumber,
      row.sectionCode,
      foundation.urn,
      foundation.urnIssuedOn,
      row.donorName,
      row.donorAddress,
      row.donationType,
      row.modeOfReceipt,
      rupeesText(row.amountPaise),
    ]),
  );
}

/** The gifts staff must find a donor ID for, with the reference as people read it (ABCD-2345). */
export function missingIdCsv(rows: readonly MissingIdRow[]): string {
  return toCsv(
    MISSING_ID_COLUMNS,
    rows.map((row) => [formatReference(row.reference), row.receivedOn, rupeesText(row.amountPaise), row.mode, row.cause, row.donorName]),
  );
}
