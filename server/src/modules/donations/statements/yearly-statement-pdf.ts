import { amountInWords, formatRupees } from '#server/lib/amount-in-words';
import { markShareable } from '#server/pdf/fonts';
import { bilingual, createPdfLayout, type Bilingual, type TableColumn } from '#server/pdf/pdf-layout';
import { lineMetrics } from '#server/pdf/text';
import { formatReference } from '../donation-fields.schema.ts';
import type { Cause, DonationMode, ReceiptIssuer } from '../donations.events.ts';
import type { PdfSigningIdentity } from '#server/pdf/pdf-signing';
import {
  approvalRows,
  CASH_ABOVE_LIMIT_NOTE,
  CAUSE_LABELS,
  DIGITALLY_SIGNED_NOTE,
  drawBilingualNote,
  drawSignatory,
  form10beNote,
  foundationOf,
  formatReceiptDate,
  maskPan,
  MODE_LABELS,
  signatureInfoOf,
} from '../receipts/receipt-pdf.ts';
import { financialYearRange } from '../receipts/receipt-serial.ts';

/**
 * A donor's consolidated statement for one financial year: every verified, not-cancelled gift with
 * its receipt serial, and their total, drawn with the receipt's own layout, labels and header
 * (receipt-pdf.ts). It adds the receipts up and replaces none of them, and says so. Pure: the caller
 * reads the gifts and the foundation's details; the same input gives the same bytes (`createdAt` is
 * written as the document's date).
 */

export interface YearlyStatementGift {
  serial: string;
  /** YYYY-MM-DD: the day the money arrived. */
  receivedOn: string;
  /** The canonical 8 characters; shown as XXXX-XXXX. */
  reference: string;
  amountPaise: number;
  cause: Cause;
  mode: DonationMode;
  /** Cash above ₹2,000: marked with '*' and explained by the receipt's own note. */
  isCashAboveLimit: boolean;
}

/** One donor as their receipts name them, and the gifts whose receipts name them so. */
export interface YearlyStatementDonor {
  /** The PAN is printed masked (maskPan). */
  donor: { name: string; pan: string | null; address: string | null };
  /** Their verified, not-cancelled gifts of the year; at least one. Listed by date received, then serial. */
  gifts: readonly YearlyStatementGift[];
}

export interface YearlyStatementInput {
  /** `2026-27` (April–March). */
  financialYear: string;
  /** The foundation as settings describe it today (each receipt keeps the details it was issued with). */
  issuer: ReceiptIssuer;
  /**
   * Each donor the year's receipts name (one name and PAN each; decision 049), with their own table
   * and total: gifts given with one e-mail or phone by several people are never shown as one
   * person's. At least one.
   */
  donors: readonly YearlyStatementDonor[];
  /** YYYY-MM-DD, the date in India the statement was made. */
  generatedOn: string;
  /** The document's creation date in the file. */
  createdAt: Date;
  /** The signatory's signature in force (issuer.signatureFileId), drawn above their name. */
  signatureImage?: Buffer | null;
  /** The foundation's signing identity: the statement is signed (PAdES) and says so. */
  signing?: PdfSigningIdentity | null;
  /** Every gift is a foreign contribution (FCRA 2010): never in Form 10BD, so nothing is said of Form 10BE. */
  isForeignContributionsOnly?: boolean;
}

/** What marks a row whose gift was cash above ₹2,000, and starts the note that explains it. */
export const CASH_MARK = '*';

const LABELS = {
  donor: { en: 'Donor', hi: 'दाता का नाम' },
  pan: { en: "Donor's PAN", hi: 'दाता का पैन' },
  address: { en: 'Address', hi: 'पता' },
  period: { en: 'Period', hi: 'अवधि' },
  generatedOn: { en: 'Generated on', hi: 'तैयार करने की तारीख़' },
  receivedOn: { en: 'Date received', hi: 'प्राप्ति की तारीख़' },
  serial: { en: 'Receipt No.', hi: 'रसीद संख्या' },
  reference: { en: 'Donation reference', hi: 'दान संदर्भ' },
  cause: { en: 'Towards', hi: 'किस मद में' },
  mode: { en: 'Mode of payment', hi: 'भुगतान का माध्यम' },
  amount: { en: 'Amount', hi: 'राशि' },
  count: { en: 'Number of donations', hi: 'दानों की संख्या' },
  total: { en: 'Total', hi: 'कुल राशि' },
  wordsEn: { en: 'In words (English)', hi: 'शब्दों में (अंग्रेज़ी)' },
  wordsHi: { en: 'In words (Hindi)', hi: 'शब्दों में (हिंदी)' },
  // Issue 31: since FY 2021-22 the deduction is claimed with Form 10BE, not with a receipt or this
  // statement; the note below says where the certificate comes from.
  receiptsNote: {
    en: 'This statement adds up the receipts listed above and replaces none of them. Neither the receipts nor this statement are what a tax deduction is claimed with: that is the certificate in Form 10BE.',
    hi: 'यह विवरण ऊपर दी गई रसीदों का योग है और किसी रसीद का स्थान नहीं लेता। कर-कटौती का दावा न रसीदों से होता है न इस विवरण से: उसके लिए फ़ॉर्म 10BE का प्रमाणपत्र चाहिए।',
  },
  foreignReceiptsNote: {
    en: 'This statement adds up the receipts listed above and replaces none of them.',
    hi: 'यह विवरण ऊपर दी गई रसीदों का योग है और किसी रसीद का स्थान नहीं लेता।',
  },
} satisfies Record<string, Bilingual>;

// Fixed wording, shaped once per process (server/src/pdf/fonts.ts); the donor's details never are.
markShareable(...Object.values(LABELS).flatMap((label) => [label.en, label.hi]), CASH_MARK);

const TABLE_SIZE = 8.5;

/**
 * The table's columns; the cells of a row follow this order (giftRow). The weights are points of
 * the 499-point content width, chosen so a row is two lines (English, Hindi) at the table's size:
 * the longest mode, "Bank transfer (NEFT/RTGS/IMPS)", fits its column on one line, and a year of
 * gifts takes fewer pages.
 */
const COLUMNS: readonly TableColumn[] = [
  { header: LABELS.receivedOn, weight: 56 },
  { header: LABELS.serial, weight: 106 },
  { header: LABELS.reference, weight: 55 },
  { header: LABELS.cause, weight: 68 },
  { header: LABELS.mode, weight: 140 },
  { header: LABELS.amount, weight: 74, align: 'right' },
];

/** The heading and the file's title; also what an e-mail carrying the statement can call it. */
export function statementTitle(financialYear: string): Bilingual {
  return { en: `Statement of donations, financial year ${financialYear}`, hi: `दान विवरण, वित्तीय वर्ष ${financialYear}` };
}

/** The file name a donor sees: `donation-statement-2026-27.pdf`. */
export function yearlyStatementFileName(financialYear: string): string {
  return `donation-statement-${financialYear.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** Oldest first, and by serial within a day, whatever order the caller read them in. */
function byDateThenSerial(a: YearlyStatementGift, b: YearlyStatementGift): number {
  if (a.receivedOn !== b.receivedOn) return a.receivedOn < b.receivedOn ? -1 : 1;
  if (a.serial !== b.serial) return a.serial < b.serial ? -1 : 1;
  return 0;
}

/** One table row; a label's English and Hindi on their own lines, as in the table's header. */
function giftRow(gift: YearlyStatementGift): string[] {
  const twoLines = (label: Bilingual) => `${label.en}\n${label.hi}`;
  const amount = formatRupees(gift.amountPaise);
  return [
    formatReceiptDate(gift.receivedOn),
    gift.serial,
    formatReference(gift.reference),
    twoLines(CAUSE_LABELS[gift.cause]),
    twoLines(MODE_LABELS[gift.mode]),
    gift.isCashAboveLimit ? `${CASH_MARK} ${amount}` : amount,
  ];
}

function totalPaise(gifts: readonly YearlyStatementGift[]): number {
  const total = gifts.reduce((sum, gift) => sum + gift.amountPaise, 0);
  if (!Number.isSafeInteger(total)) throw new RangeError(`The total of a statement must be a whole number of paise, got ${String(total)}`);
  return total;
}

/**
 * Draws the statement: the foundation's header, then for each donor the receipts name, the donor, a
 * table of their gifts that runs over as many pages as it needs (its header row repeated on each),
 * and their total in figures and words; then the notes. A statement of no gift is refused: there is
 * nothing to state, and the caller says so first.
 */
export async function renderYearlyStatementPdf(input: YearlyStatementInput): Promise<Buffer> {
  if (input.donors.length === 0 || input.donors.some((section) => section.gifts.length === 0)) {
    throw new RangeError(`A yearly statement needs at least one donation for each donor; none was given for ${input.financialYear}`);
  }
  const { from, to } = financialYearRange(input.financialYear);
  const title = statementTitle(input.financialYear);
  markShareable(title.en, title.hi);

  const layout = createPdfLayout({ title: title.en, author: input.issuer.foundationName.en, subject: bilingual(title), createdAt: input.createdAt });
  layout.header(foundationOf(input.issuer));
  layout.heading(title);
  const approval = approvalRows(input.issuer);
  if (approval.length > 0) layout.labelValues(approval);
  const period = `${formatReceiptDate(from)} – ${formatReceiptDate(to)}`;
  let hasCashAboveLimit = false;
  input.donors.forEach((section, index) => {
    const gifts = [...section.gifts].sort(byDateThenSerial);
    const total = totalPaise(gifts);
    const words = amountInWords(total);
    markShareable(words.en, words.hi);
    hasCashAboveLimit ||= gifts.some((gift) => gift.isCashAboveLimit);
    if (index > 0) {
      // A donor's details, the table's header and a first row stay together.
      layout.moveDown(10);
      layout.ensureSpace(10 * (lineMetrics(10).lineHeight + 3));
    }
    layout.labelValues([
      { label: LABELS.donor, value: section.donor.name },
      { label: LABELS.pan, value: section.donor.pan ? maskPan(section.donor.pan) : '' },
      { label: LABELS.address, value: section.donor.address ?? '' },
      ...(index === 0
        ? [
            { label: LABELS.period, value: period },
            { label: LABELS.generatedOn, value: formatReceiptDate(input.generatedOn) },
          ]
        : []),
    ]);

    layout.table({ columns: COLUMNS, rows: gifts.map(giftRow), size: TABLE_SIZE });

    // The total stays with its words: room for its four rows, the words taking two lines each.
    layout.ensureSpace(6 * (lineMetrics(10).lineHeight + 3));
    layout.labelValues([
      { label: LABELS.count, value: String(gifts.length) },
      { label: LABELS.total, value: formatRupees(total) },
      { label: LABELS.wordsEn, value: words.en },
      { label: LABELS.wordsHi, value: words.hi },
    ]);
  });

  const receiptsNote = input.isForeignContributionsOnly ? LABELS.foreignReceiptsNote : LABELS.receiptsNote;
  layout.text(receiptsNote.en, { size: 9.5 });
  layout.moveDown(2);
  layout.text(receiptsNote.hi, { size: 9.5 });
  layout.moveDown(6);
  if (hasCashAboveLimit) {
    // The receipt's own wording, so the statement and the receipt say the same; the mark ties it to its rows.
    layout.text(`${CASH_MARK} ${CASH_ABOVE_LIMIT_NOTE.en}`, { size: 9.5, bold: true });
    layout.moveDown(2);
    layout.text(`${CASH_MARK} ${CASH_ABOVE_LIMIT_NOTE.hi}`, { size: 9.5, bold: true });
    layout.moveDown(6);
  }
  if (input.issuer.form10bdDueOn && !input.isForeignContributionsOnly) drawBilingualNote(layout, form10beNote(input.issuer.form10bdDueOn), { size: 9 });
  drawSignatory(layout, input.issuer, input.signatureImage);
  if (input.signing) drawBilingualNote(layout, DIGITALLY_SIGNED_NOTE, { size: 8, color: '#555555' });
  const signing = input.signing ? { identity: input.signing, info: signatureInfoOf(input.issuer, `${title.en}`, input.createdAt) } : null;
  return layout.toBuffer({ signing });
}
