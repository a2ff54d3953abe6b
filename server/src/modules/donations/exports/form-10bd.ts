import { stringify } from 'csv-stringify/sync';
import { rupeesText } from '#server/lib/amount-in-words';
import type { TSection10bdCode } from '#server/modules/site/settings/settings.schema';
import { LATIN_NAME_PATTERN } from '#server/shared/latin-name-pattern';
import { formatReference } from '../donation-fields.schema.ts';
import type { Cause, DonationMode, DonationType } from '../donations.events.ts';
import { financialYearOf, financialYearRange } from '../receipts/receipt-serial.ts';

/**
 * Form 10BD, "Statement of particulars of donations received" (s.80G(5)(viii), rule 18AB): Part B
 * is uploaded to the income-tax portal as a CSV in the portal's template, once per financial year.
 * These functions turn the year's donations into that file's rows and into a list of the gifts that
 * cannot be reported yet, each with its reason (no donor ID, no name in Latin letters, the donor
 * erased). Pure: the caller reads the verified, not-cancelled donations and the settings; nothing
 * here reads a database or a clock.
 *
 * The template's texts (column names, ID codes, section codes, donation types, modes of receipt)
 * follow the portal's "Instructions for filling Form 10BD – Part-B CSV Template" as an earlier
 * reading recorded them: the cells carry the dropdown's text ("Permanent Account Number"), not a
 * number. What was relied on, and what could not be checked again, is in docs/decisions/057.
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
  /** Chosen by finance at verification (decision 057). */
  donationType: DonationType;
  /** Tells donors apart (blind index of e-mail or phone); null once erased. Not used to group: see form10BDRows. */
  donorKey: string | null;
  /** Null once the donor's personal data was erased. */
  donorName: string | null;
  /** The name as on the PAN, in Latin letters, given with the gift or recorded by finance; null when none. */
  donorPanName: string | null;
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

/** A gift's type as the template's dropdown writes it. */
export const DONATION_TYPE_LABELS = {
  corpus: 'Corpus',
  'specific-grant': 'Specific grant',
  others: 'Others',
} as const satisfies Record<DonationType, Form10BDDonationType>;

/** The template's "Section Code" dropdown texts, from the notified section held in settings (never from the receipts' label). */
export const SECTION_CODE_LABELS = {
  '80G': 'Section 80G',
  '35(1)(ii)': 'Section 35(1)(ii)',
  '35(1)(iia)': 'Section 35(1)(iia)',
  '35(1)(iii)': 'Section 35(1)(iii)',
} as const satisfies Record<TSection10bdCode, string>;

export type Form10BDSectionCode = (typeof SECTION_CODE_LABELS)[TSection10bdCode];

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
  sectionCode: Form10BDSectionCode;
  /** In Latin letters: the name as on the PAN, else the name given when it was written in Latin letters. */
  donorName: string;
  /** On one line, cleaned (cleanAddress); empty when not given. */
  donorAddress: string;
  donationType: Form10BDDonationType;
  modeOfReceipt: Form10BDModeOfReceipt;
  /** The exact sum of the gifts, in paise; the CSV writes it in rupees. */
  amountPaise: number;
  /** The donations added up in this row, sorted: for staff to check the row against receipts. */
  references: string[];
}

/**
 * Why a gift cannot be filed yet: no ID of its donor; no name in Latin letters (the name typed in
 * Devanagari and no name as on the PAN recorded); its donor's data erased (staff take the name
 * from the receipt data kept for the tax retention period).
 */
export const UNFILEABLE_REASONS = ['no-id', 'no-latin-name', 'donor-erased'] as const;
export type UnfileableReason = (typeof UNFILEABLE_REASONS)[number];

/** How the list for staff says each reason. */
export const UNFILEABLE_REASON_TEXTS: Record<UnfileableReason, string> = {
  'no-id': 'No PAN or other ID of the donor: ask the donor and record one',
  'no-latin-name': 'No name in English letters: record the name as on the PAN',
  'donor-erased': "The donor's data was erased: take the name and ID from the kept receipt data",
};

/** A donation that cannot go into the statement until staff record what it lacks. */
export interface UnfileableRow {
  reference: string;
  receivedOn: string;
  amountPaise: number;
  mode: DonationMode;
  cause: Cause;
  /** The donor's name, or ERASED_DONOR_NAME. */
  donorName: string;
  reason: UnfileableReason;
}



/** Shown in the missing-ID list, which only staff read, for a donor whose data was erased. */
export const ERASED_DONOR_NAME = '(erased)';


/** Cash is reported apart; UPI, bank transfers, account-payee cheques and drafts are "electronic modes". */
export function modeOfReceiptOf(mode: DonationMode): Form10BDModeOfReceipt {
  switch (mode) {
    case 'cash':
      return 'Cash';
    case 'upi':
    case 'bank-transfer':
    case 'cheque':
    case 'dd':
    case 'online':
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

/** Separators a part of an address may start or end with, which say nothing once parts are joined. */
const EDGE_SEPARATORS = /^[\s,;:|/\\\-–—.\u0964\u0965]+|[\s,;:|/\\\-–—\u0964\u0965]+$/gu;

/**
 * The template has one cell for the address: its lines and parts (split at commas and semicolons) are joined with ", "
 * once each, without empty parts, doubled commas, separators at the start or end of a part (a full
 * stop ends a part only as an abbreviation: "Opp. Bank" keeps it) and with single spaces.
 */
export function cleanAddress(text: string | null): string {
  return (text ?? '')
    .normalize('NFC')
    .split(/\r\n|\r|\n|[,;]/)
    .map((part) => part.replace(/\s+/gu, ' ').replace(EDGE_SEPARATORS, '').trim())
    .filter((part) => part !== '')
    .join(', ');
}

/** A name as the template takes it: Latin letters only (LATIN_NAME_PATTERN), single spaces; null when it is not. */
export function latinNameOf(name: string | null): string | null {
  const tidy = (name ?? '').normalize('NFC').replace(/\s+/gu, ' ').trim();
  return tidy !== '' && LATIN_NAME_PATTERN.test(tidy) ? tidy : null;
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

function unfileable(donation: Form10BDDonation, reason: UnfileableReason): UnfileableRow {
  return {
    reference: donation.reference,
    receivedOn: donation.receivedOn,
    amountPaise: donation.amountPaise,
    mode: donation.mode,
    cause: donation.cause,
    donorName: donation.donorName ?? ERASED_DONOR_NAME,
    reason,
  };
}

/**
 * Part B's rows for a financial year, and the gifts that cannot be in it yet with the reason.
 *
 * - Only donations received (`receivedOn`) in `financialYear` count; the caller passes verified,
 *   not-cancelled ones.
 * - Rule 18AB adds up a donor's gifts of the same nature: one row per donor, donation type (chosen
 *   by finance at verification) and mode of receipt. Cash stays a row of its own beside the same
 *   donor's electronic gifts.
 * - A donor is their ID — kind and normalised number — not their `donorKey`: the same PAN given with
 *   two e-mail addresses is one donor, and two people of the same name are two.
 * - A row's name is in Latin letters: the name as on the PAN of the group's latest gift (by day
 *   received, then reference) that has one, else the latest name typed in Latin letters. Its address
 *   is the latest gift's that has one, cleaned (cleanAddress).
 * - A donation without an ID (or with a blank one) is listed apart as 'no-id', one row per donation,
 *   so that staff can ask the donor. A group none of whose gifts has a Latin name is listed apart,
 *   each gift as 'no-latin-name' — or 'donor-erased' when every gift's donor was erased — rather
 *   than filed with a Devanagari or empty name the portal would refuse.
 * - Rows are sorted by donor name, ID kind, ID number, donation type and mode, and numbered 1..n;
 *   the list apart by day received, then reference. The input's order changes nothing.
 */
export function form10BDRows(
  donations: readonly Form10BDDonation[],
  options: { financialYear: string; sectionCode: TSection10bdCode },
): { rows: Form10BDRow[]; unfileable: UnfileableRow[] } {
  financialYearRange(options.financialYear);
  const sectionCode = SECTION_CODE_LABELS[options.sectionCode];
  const groups = new Map<string, Group>();
  const apart: UnfileableRow[] = [];

  for (const donation of donations) {
    if (!Number.isSafeInteger(donation.amountPaise) || donation.amountPaise < 1) {
      throw new RangeError(`Donation ${donation.reference} has no whole, positive number of paise: ${String(donation.amountPaise)}`);
    }
    if (financialYearOf(donation.receivedOn) !== options.financialYear) continue;
    const idNumber = donation.donorId ? normaliseIdNumber(donation.donorId.number) : '';
    if (!donation.donorId || idNumber === '') {
      apart.push(unfileable(donation, 'no-id'));
      continue;
    }
    const idKind = donation.donorId.kind;
    const donationType = DONATION_TYPE_LABELS[donation.donationType];
    const modeOfReceipt = modeOfReceiptOf(donation.mode);
    const key = JSON.stringify([idKind, idNumber, donationType, modeOfReceipt]);
    const group = groups.get(key);
    if (group) group.donations.push(donation);
    else groups.set(key, { idKind, idNumber, donationType, modeOfReceipt, donations: [donation] });
  }

  const unnumbered: Omit<Form10BDRow, 'serialNumber'>[] = [];
  for (const group of groups.values()) {
    const latestFirst = [...group.donations].sort(compareLatestFirst);
    const panNamed = latestFirst.find((donation) => latinNameOf(donation.donorPanName) !== null);
    const latinNamed = latestFirst.find((donation) => latinNameOf(donation.donorName) !== null);
    const name = panNamed ? latinNameOf(panNamed.donorPanName) : latinNamed ? latinNameOf(latinNamed.donorName) : null;
    if (name === null) {
      const isErased = group.donations.every((donation) => donation.donorName === null);
      for (const donation of group.donations) apart.push(unfileable(donation, isErased ? 'donor-erased' : 'no-latin-name'));
      continue;
    }
    const addressed = latestFirst.find((donation) => cleanAddress(donation.donorAddress) !== '');
    unnumbered.push({
      idKind: group.idKind,
      idCode: ID_CODES[group.idKind].label,
      idNumber: group.idNumber,
      sectionCode,
      donorName: name,
      donorAddress: cleanAddress(addressed?.donorAddress ?? null),
      donationType: group.donationType,
      modeOfReceipt: group.modeOfReceipt,
      amountPaise: group.donations.reduce((sum, donation) => sum + donation.amountPaise, 0),
      references: group.donations.map((donation) => donation.reference).sort(compareText),
    });
  }
  unnumbered.sort(
    (a, b) =>
      compareText(a.donorName, b.donorName) ||
      compareText(a.idKind, b.idKind) ||
      compareText(a.idNumber, b.idNumber) ||
      FORM_10BD_DONATION_TYPES.indexOf(a.donationType) - FORM_10BD_DONATION_TYPES.indexOf(b.donationType) ||
      FORM_10BD_MODES_OF_RECEIPT.indexOf(a.modeOfReceipt) - FORM_10BD_MODES_OF_RECEIPT.indexOf(b.modeOfReceipt),
  );
  apart.sort((a, b) => compareText(a.receivedOn, b.receivedOn) || compareText(a.reference, b.reference));
  return { rows: unnumbered.map((row, index) => ({ serialNumber: index + 1, ...row })), unfileable: apart };
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

export const UNFILEABLE_COLUMNS = ['Reference', 'Received on', 'Amount (₹)', 'Mode', 'Cause', 'Donor', 'Reason'] as const;

/**
 * The day as the template's date cells take it: DD-MM-YYYY (decision 057 says what this rests on).
 * One function, so that a different reading of the template changes one line.
 */
export function templateDate(isoDate: string): string {
  if (isoDate === '') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`A date is written YYYY-MM-DD, got ${JSON.stringify(isoDate)}`);
  return `${match[3]}-${match[2]}-${match[1]}`;
}

/**
 * A CSV that Excel and the portal (Windows tools) read: a UTF-8 byte-order mark, so an address in
 * Hindi is not shown as mojibake; CRLF line ends; and a cell starting with = + - @, a tab or a carriage
 * return prefixed with `'` by csv-stringify, so a spreadsheet shows it as text instead of running it.
 * Such text is refused when typed (donation-fields.schema.ts); the escape is a second line of defence.
 */
function toCsv(header: readonly string[], records: readonly (readonly string[])[]): string {
  return stringify([header, ...records], { bom: true, escape_formulas: true, record_delimiter: 'windows' });
}

/** The foundation's part of every row: its URN (the approval number) and the URN's date of issue, from settings. */
export interface Form10BDFoundation {
  urn: string;
  /** YYYY-MM-DD, or '' when settings have none yet. */
  urnIssuedOn: string;
  /**
   * The acknowledgement number of the statement a revised one replaces (the template's "Pre
   * Acknowledgement Number"); '' for an original statement.
   */
  preAcknowledgementNumber?: string;
}

/**
 * The Part B file to upload. The URN is the foundation's own registration number under the section
 * (its approval number, a setting) with its date of issue (a setting); a revised statement carries
 * the filed statement's acknowledgement number in the pre-acknowledgement column. Amounts are rupees
 * with two decimals, written from the paise sum so no rounding changes a paisa.
 */
export function form10BDCsv(rows: readonly Form10BDRow[], foundation: Form10BDFoundation): string {
  const urnIssuedOn = templateDate(foundation.urnIssuedOn);
  return toCsv(
    FORM_10BD_COLUMNS,
    rows.map((row) => [
      String(row.serialNumber),
      foundation.preAcknowledgementNumber ?? '',
      row.idCode,
      row.idNumber,
      row.sectionCode,
      foundation.urn,
      urnIssuedOn,
      row.donorName,
      row.donorAddress,
      row.donationType,
      row.modeOfReceipt,
      rupeesText(row.amountPaise),
    ]),
  );
}

/** The gifts staff must complete before filing, with the reason, and the reference as people read it (ABCD-2345). */
export function unfileableCsv(rows: readonly UnfileableRow[]): string {
  return toCsv(
    UNFILEABLE_COLUMNS,
    rows.map((row) => [formatReference(row.reference), row.receivedOn, rupeesText(row.amountPaise), row.mode, row.cause, row.donorName, UNFILEABLE_REASON_TEXTS[row.reason]]),
  );
}
