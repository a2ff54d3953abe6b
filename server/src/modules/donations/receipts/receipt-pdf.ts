import { amountInWords, formatRupees } from '#server/lib/amount-in-words';
import { markShareable } from '#server/pdf/fonts';
import { bilingual, createPdfLayout, type Bilingual, type Box, type FoundationDetails, type PdfLayout } from '#server/pdf/pdf-layout';
import type { PdfSignatureInfo, PdfSigningIdentity } from '#server/pdf/pdf-signing';
import type { QrCodeGeometry } from '#server/pdf/qr-code';
import { drawLines, layoutText, lineMetrics, type TextStyle } from '#server/pdf/text';
import { formatReference } from '../donation-fields.schema.ts';
import type { Cause, DonationMode, DonationType, ReceiptIssuer, ReceiptVariant } from '../donations.events.ts';
import { indiaDateOf } from './receipt-serial.ts';

/**
 * The donation receipt as a PDF (issue 10, "Receipts"): what the receipt froze at issue time, drawn
 * in English and Hindi with the shared layout (server/src/pdf). The same input gives the same
 * bytes (`createdAt` is written as the document's date), so a re-run of the job draws the same file.
 */

interface ReceiptPdfCommon {
  serial: string;
  /** YYYY-MM-DD */
  issuedOn: string;
  issuer: ReceiptIssuer;
  /** The canonical 8 characters; shown as XXXX-XXXX. */
  reference: string;
  donor: { name: string; pan: string | null; address: string | null };
  amountPaise: number;
  cause: Cause;
  mode: DonationMode;
  /** Form 10BD's nature of the gift, chosen at verification (issue 31); absent: not printed. */
  donationType?: DonationType;
  /** YYYY-MM-DD: the day the money arrived. */
  receivedOn: string;
  utr: string | null;
  /** Mode `online`: the gateway's payment ID, printed as the payment's reference (issue 33). */
  paymentId?: string | null;
  instrumentNumber: string | null;
  /** A cheque's or DD's bank and date (YYYY-MM-DD), when recorded with it (issue 31). */
  instrument?: { bank: string; date: string } | null;
  isCashAboveLimit: boolean;
  /** The signature image the issuer names (issuer.signatureFileId), PNG or JPEG; drawn above the signatory's name. */
  signatureImage?: Buffer | null;
  /** The foundation's signing identity: the PDF is signed (PAdES) and says so. None: unsigned, and silent about it. */
  signing?: PdfSigningIdentity | null;
  /** The public check of this receipt, drawn as a QR code (receiptCheckUrl). */
  checkUrl: string;
  /** The document's creation date in the file: the time of the event it was drawn for. */
  createdAt: Date;
}

export type ReceiptPdfInput =
  | (ReceiptPdfCommon & { variant: Extract<ReceiptVariant, 'issued'> })
  | (ReceiptPdfCommon & { variant: Extract<ReceiptVariant, 'cancelled'>; cancellation: { cancelledAt: string; reason: string } });

export const RECEIPT_TITLE: Bilingual = { en: 'Donation receipt', hi: 'दान रसीद' };
export const CANCELLED_MARK: Bilingual = { en: 'CANCELLED', hi: 'रद्द' };

export const RECEIPT_DECLARATION: Bilingual = {
  en: 'The donor made this donation voluntarily. No goods or services were given to the donor in return for it.',
  hi: 'दाता ने यह दान स्वेच्छा से दिया है। इसके बदले में दाता को कोई वस्तु या सेवा नहीं दी गई है।',
};

/** s.80G(5D) of the 1961 Act; the Income-tax Act, 2025 carries the same rule under a new number. */
export const CASH_ABOVE_LIMIT_NOTE: Bilingual = {
  en: 'This donation was received in cash above ₹2,000. It cannot be claimed as a deduction (section 80G(5D) of the Income-tax Act, 1961, or the corresponding provision of the Income-tax Act, 2025).',
  hi: 'यह दान ₹2,000 से अधिक नकद में प्राप्त हुआ है। इस पर कर-कटौती का दावा नहीं किया जा सकता (आयकर अधिनियम, 1961 की धारा 80G(5D), या आयकर अधिनियम, 2025 का संबंधित प्रावधान)।',
};

export const CAUSE_LABELS: Record<Cause, Bilingual> = {
  general: { en: 'General fund', hi: 'सामान्य कोष' },
  kanyadan: { en: 'Kanyadan', hi: 'कन्यादान' },
  medical: { en: 'Medical aid', hi: 'चिकित्सा सहायता' },
  education: { en: 'Education', hi: 'शिक्षा' },
  accident: { en: 'Accident relief', hi: 'दुर्घटना राहत' },
  environment: { en: 'Environment', hi: 'पर्यावरण' },
};

export const DONATION_TYPE_LABELS: Record<DonationType, Bilingual> = {
  corpus: { en: 'Corpus', hi: 'कॉर्पस (स्थायी निधि)' },
  'specific-grant': { en: 'Specific grant', hi: 'विशिष्ट अनुदान' },
  others: { en: 'Others', hi: 'अन्य' },
};

export const MODE_LABELS: Record<DonationMode, Bilingual> = {
  upi: { en: 'UPI', hi: 'यूपीआई' },
  'bank-transfer': { en: 'Bank transfer (NEFT/RTGS/IMPS)', hi: 'बैंक ट्रांसफ़र (NEFT/RTGS/IMPS)' },
  cash: { en: 'Cash', hi: 'नकद' },
  cheque: { en: 'Cheque', hi: 'चेक' },
  dd: { en: 'Demand draft', hi: 'डिमांड ड्राफ़्ट' },
  online: { en: 'Online payment (UPI, card or netbanking)', hi: 'ऑनलाइन भुगतान (यूपीआई, कार्ड या नेटबैंकिंग)' },
};

/** 'MM-DD' → "31 May" / "31 मई": the day a yearly deadline falls, as the notes print it. */
const MONTHS: readonly Bilingual[] = [
  { en: 'January', hi: 'जनवरी' },
  { en: 'February', hi: 'फ़रवरी' },
  { en: 'March', hi: 'मार्च' },
  { en: 'April', hi: 'अप्रैल' },
  { en: 'May', hi: 'मई' },
  { en: 'June', hi: 'जून' },
  { en: 'July', hi: 'जुलाई' },
  { en: 'August', hi: 'अगस्त' },
  { en: 'September', hi: 'सितंबर' },
  { en: 'October', hi: 'अक्टूबर' },
  { en: 'November', hi: 'नवंबर' },
  { en: 'December', hi: 'दिसंबर' },
];

export function formatDayOfYear(monthDay: string): Bilingual {
  const match = /^(\d{2})-(\d{2})$/.exec(monthDay);
  const month = match ? MONTHS[Number(match[1]) - 1] : undefined;
  if (!match || !month) throw new RangeError(`A day of the year must be MM-DD, got ${JSON.stringify(monthDay)}`);
  const day = String(Number(match[2]));
  return { en: `${day} ${month.en}`, hi: `${day} ${month.hi}` };
}

/**
 * Since FY 2021-22 a donor claims the deduction with Form 10BE, which the income-tax portal issues
 * once the foundation has filed Form 10BD (issue 31): every receipt and yearly statement says so.
 */
export function form10beNote(form10bdDueOn: string): Bilingual {
  const due = formatDayOfYear(form10bdDueOn);
  const note = {
    en: `Form 10BE: the certificate for claiming a tax deduction for this donation is issued through the income-tax portal after the foundation files its yearly statement of donations (Form 10BD, due by ${due.en}). You will receive it by e-mail or SMS, and on the donation status page after a one-time code.`,
    hi: `फ़ॉर्म 10BE: इस दान पर कर-कटौती का दावा करने का प्रमाणपत्र आयकर पोर्टल से तब जारी होता है, जब संस्था दानों का वार्षिक विवरण (फ़ॉर्म 10BD, ${due.hi} तक) दाख़िल कर देती है। यह आपको ई-मेल या एसएमएस से, और एक बार के कोड के बाद दान की स्थिति वाले पेज पर मिलेगा।`,
  };
  // Fixed wording once the due day is set: shaped once per process, like the receipt's other notes.
  markShareable(note.en, note.hi);
  return note;
}

/**
 * A foreign contribution's receipt (FCRA 2010, decision 058): the registration it was received under and
 * the account it went to, as the Act's s.17 asks (every foreign contribution into the designated account).
 */
export function fcraNote(registrationNumber: string): Bilingual {
  return {
    en: `Foreign contribution received under the Foreign Contribution (Regulation) Act, 2010 (registration no. ${registrationNumber}), in the foundation's designated FCRA account.`,
    hi: `विदेशी अंशदान (विनियमन) अधिनियम, 2010 के अंतर्गत (पंजीकरण संख्या ${registrationNumber}) संस्था के निर्धारित FCRA खाते में प्राप्त विदेशी अंशदान।`,
  };
}

/** Printed only on a PDF that carries the foundation's digital signature. */
export const DIGITALLY_SIGNED_NOTE: Bilingual = {
  en: "This PDF carries the foundation's digital signature: a PDF reader shows whether it has been changed since it was signed.",
  hi: 'इस PDF पर संस्था का डिजिटल हस्ताक्षर है: PDF रीडर दिखाता है कि हस्ताक्षर के बाद इसमें कोई बदलाव हुआ है या नहीं।',
};

export const SIGNATORY_LABELS = {
  signatory: { en: 'Authorised signatory', hi: 'अधिकृत हस्ताक्षरकर्ता' },
  approvalIssuedOn: { en: 'Tax-exemption approval issued on', hi: 'कर-छूट अनुमोदन जारी होने की तारीख़' },
  approvalValidity: { en: 'Tax-exemption approval valid', hi: 'कर-छूट अनुमोदन की वैधता' },
  fcraRegistration: { en: 'FCRA registration No.', hi: 'FCRA पंजीकरण संख्या' },
} satisfies Record<string, Bilingual>;

const LABELS = {
  serial: { en: 'Receipt No.', hi: 'रसीद संख्या' },
  issuedOn: { en: 'Date of receipt', hi: 'रसीद की तारीख़' },
  donor: { en: 'Received from', hi: 'दाता का नाम' },
  pan: { en: "Donor's PAN", hi: 'दाता का पैन' },
  address: { en: 'Address', hi: 'पता' },
  amount: { en: 'Amount', hi: 'राशि' },
  wordsEn: { en: 'In words (English)', hi: 'शब्दों में (अंग्रेज़ी)' },
  wordsHi: { en: 'In words (Hindi)', hi: 'शब्दों में (हिंदी)' },
  cause: { en: 'Towards', hi: 'किस मद में' },
  mode: { en: 'Mode of payment', hi: 'भुगतान का माध्यम' },
  donationType: { en: 'Donation type', hi: 'दान का प्रकार' },
  receivedOn: { en: 'Received on', hi: 'प्राप्ति की तारीख़' },
  utr: { en: 'UTR No.', hi: 'यूटीआर संख्या' },
  paymentId: { en: 'Payment ID', hi: 'भुगतान आईडी' },
  cheque: { en: 'Cheque No.', hi: 'चेक संख्या' },
  dd: { en: 'Demand draft No.', hi: 'डिमांड ड्राफ़्ट संख्या' },
  chequeDetails: { en: 'Cheque No., bank and date', hi: 'चेक संख्या, बैंक और तारीख़' },
  ddDetails: { en: 'Demand draft No., bank and date', hi: 'डिमांड ड्राफ़्ट संख्या, बैंक और तारीख़' },
  reference: { en: 'Donation reference', hi: 'दान संदर्भ' },
  cancelledOn: { en: 'Cancelled on', hi: 'रद्द करने की तारीख़' },
  reason: { en: 'Reason', hi: 'कारण' },
  check: {
    en: 'To check this receipt, scan the QR code at the top right or open:',
    hi: 'इस रसीद की जाँच के लिए ऊपर दाईं ओर का QR कोड स्कैन करें या यह पता खोलें:',
  },
  cancelledNotice: {
    en: 'This receipt has been cancelled and is no longer valid for a tax deduction. Its number is not used again.',
    hi: 'यह रसीद रद्द कर दी गई है और कर-कटौती के लिए मान्य नहीं है। इसकी संख्या दोबारा उपयोग नहीं की जाती।',
  },
} satisfies Record<string, Bilingual>;

// The receipt's fixed wording is shaped once per process (server/src/pdf/fonts.ts); what it says
// about the donor never is.
markShareable(
  ...[RECEIPT_TITLE, CANCELLED_MARK, RECEIPT_DECLARATION, CASH_ABOVE_LIMIT_NOTE, DIGITALLY_SIGNED_NOTE, ...Object.values(SIGNATORY_LABELS), ...Object.values(CAUSE_LABELS), ...Object.values(MODE_LABELS), ...Object.values(LABELS)].flatMap(
    (text) => [text.en, text.hi],
  ),
  '/ —',
);

const RED = '#b71c1c';
const GREY = '#555555';
/** Points a side, quiet zone included: about 3.5 cm, which a phone reads from a printed page. */
const QR_SIZE = 100;
const MARK_ANGLE = 40;
const MARK_MAX_SIZE = 110;
/** Points: about 1.6 cm, a signature's height on paper. */
const SIGNATURE_HEIGHT = 44;

/** The address of the public check the QR code opens: `/donate/receipt/<serial>?s=<signature>`. */
export function receiptCheckUrl(publicUrl: string, serial: string, signature: string): string {
  return `${publicUrl.replace(/\/$/, '')}/donate/receipt/${encodeURIComponent(serial)}?s=${encodeURIComponent(signature)}`;
}

/** "ABCDE1234F" → "XXXXX1234F": only the last five characters are printed. */
export function maskPan(pan: string): string {
  const trimmed = pan.trim();
  const shown = Math.min(5, trimmed.length);
  return `${'X'.repeat(trimmed.length - shown)}${trimmed.slice(trimmed.length - shown)}`;
}

/** YYYY-MM-DD → DD/MM/YYYY (the way Indian forms write dates; the same in both languages). */
export function formatReceiptDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`A receipt date must be YYYY-MM-DD, got ${JSON.stringify(isoDate)}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

function cancelledAt(instant: string): Date {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`The cancellation time is not a time: ${JSON.stringify(instant)}`);
  return date;
}

/** The file name a donor sees: serials hold slashes, which a file name cannot. */
export function receiptFileName(serial: string, variant: ReceiptVariant): string {
  const base = `receipt-${serial.replace(/[^A-Za-z0-9-]+/g, '-')}`;
  return variant === 'cancelled' ? `${base}-cancelled.pdf` : `${base}.pdf`;
}

export function foundationOf(issuer: ReceiptIssuer): FoundationDetails {
  const label = issuer.taxSectionLabel.trim();
  return {
    name: issuer.foundationName,
    address: issuer.address,
    phone: issuer.phone,
    email: issuer.email,
    registrationNo: issuer.registrationNo,
    pan: issuer.pan,
    twelveANo: issuer.twelveANo,
    taxExemptionNo: issuer.taxExemptionNo,
    // The section is named as settings name it (80G, or section 133 of the 2025 Act), as on /donate; the
    // Hindi half in Hindi as frozen at issue (issue 32), or as typed on a receipt issued before, whose bytes stay.
    ...(label ? { taxExemptionLabel: { en: `Tax-exemption approval (${label})`, hi: `कर-छूट अनुमोदन (${issuer.taxSectionLabelHi?.trim() || label})` } } : {}),
  };
}

/** "004512 — State Bank of India, Patna — 28/10/2026": the number, and beside it the bank and date when recorded. */
function instrumentReference(input: ReceiptPdfCommon, labels: { number: Bilingual; details: Bilingual }): { label: Bilingual; value: string } | null {
  if (!input.instrumentNumber) return null;
  if (!input.instrument) return { label: labels.number, value: input.instrumentNumber };
  return { label: labels.details, value: `${input.instrumentNumber} — ${input.instrument.bank} — ${formatReceiptDate(input.instrument.date)}` };
}

/** The approval's date of issue and validity as the receipt froze them; none on receipts issued before issue 31. */
export function approvalRows(issuer: ReceiptIssuer): Array<{ label: Bilingual; value: string }> {
  const rows: Array<{ label: Bilingual; value: string }> = [];
  if (issuer.approvalIssuedOn) rows.push({ label: SIGNATORY_LABELS.approvalIssuedOn, value: formatReceiptDate(issuer.approvalIssuedOn) });
  const validity = [issuer.approvalValidFrom, issuer.approvalValidUntil].filter((date): date is string => Boolean(date)).map(formatReceiptDate);
  if (validity.length > 0) rows.push({ label: SIGNATORY_LABELS.approvalValidity, value: validity.join(' – ') });
  return rows;
}

/**
 * The signatory's block: the signature image, then the name, the designation and "Authorised
 * signatory". Drawn only when the issuer names a signatory (receipts issued before issue 31 do not).
 */
export function drawSignatory(layout: PdfLayout, issuer: ReceiptIssuer, signatureImage: Buffer | null | undefined): void {
  const name = issuer.signatoryName?.trim() ?? '';
  if (!name && !signatureImage) return;
  // The signatory is the foundation's officer from settings, printed on every receipt alike: shaped
  // once per process, as the foundation's own details are.
  markShareable(name, issuer.signatoryDesignation);
  layout.ensureSpace((signatureImage ? SIGNATURE_HEIGHT : 0) + 4 * lineMetrics(10).lineHeight);
  layout.moveDown(6);
  if (signatureImage) layout.image(signatureImage, { height: SIGNATURE_HEIGHT, alt: name ? `Signature of ${name}` : 'Signature of the authorised signatory' });
  if (name) layout.text(name, { size: 10, bold: true });
  if (issuer.signatoryDesignation?.trim()) layout.text(issuer.signatoryDesignation.trim(), { size: 9 });
  layout.text(bilingual(SIGNATORY_LABELS.signatory), { size: 9, color: GREY });
  layout.moveDown(6);
}

/** A note in both languages, English first, as the receipt prints its declaration. */
export function drawBilingualNote(layout: PdfLayout, note: Bilingual, style: { size: number; bold?: boolean; color?: string }): void {
  layout.text(note.en, style);
  layout.moveDown(2);
  layout.text(note.hi, style);
  layout.moveDown(6);
}

/** What the signature dictionary says of a receipt or statement. */
export function signatureInfoOf(issuer: ReceiptIssuer, reason: string, signingTime: Date): PdfSignatureInfo {
  return { reason, location: issuer.address.en.split(',').at(-1)?.trim() || 'India', contactInfo: issuer.email, signingTime };
}

function paymentReference(input: ReceiptPdfCommon): { label: Bilingual; value: string } | null {
  switch (input.mode) {
    case 'cheque':
      return instrumentReference(input, { number: LABELS.cheque, details: LABELS.chequeDetails });
    case 'dd':
      return instrumentReference(input, { number: LABELS.dd, details: LABELS.ddDetails });
    case 'upi':
    case 'bank-transfer':
      return input.utr ? { label: LABELS.utr, value: input.utr } : null;
    case 'online':
      return input.paymentId ? { label: LABELS.paymentId, value: input.paymentId } : null;
    case 'cash':
      return null;
    default: {
      const never: never = input.mode;
      throw new Error(`Unknown payment mode ${String(never)}`);
    }
  }
}

/**
 * The large CANCELLED / रद्द across the receipt, translucent so what is under it stays legible,
 * tilted and sized to fill `area` (the page below the header, so it never covers the QR code).
 */
function drawCancelledMark(doc: PDFKit.PDFDocument, area: Box): void {
  const text = bilingual(CANCELLED_MARK);
  const radians = (MARK_ANGLE * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  // Width and height of the text per point of font size, then the largest size whose turned box fits.
  const width = layoutText(doc, text, { size: 100, bold: true, width: 10_000 })[0]!.width / 100;
  const height = lineMetrics(1).lineHeight;
  const size = Math.min(MARK_MAX_SIZE, area.width / (width * cos + height * sin), area.height / (width * sin + height * cos));
  const style: TextStyle = { size, bold: true, color: RED };
  const lines = layoutText(doc, text, { ...style, width: width * size + 1 });
  const center = { x: area.x + area.width / 2, y: area.y + area.height / 2 };
  doc.save();
  doc.rotate(-MARK_ANGLE, { origin: [center.x, center.y] });
  doc.fillOpacity(0.2);
  drawLines(doc, lines, { x: center.x - (width * size) / 2, y: center.y - (height * size) / 2, width: width * size + 1, align: 'center' }, style);
  doc.restore();
}

export interface RenderedReceipt {
  pdf: Buffer;
  pageCount: number;
  /** Where the foundation's header and the check's QR code were drawn (for tests that look at the page). */
  header: Box;
  qr: QrCodeGeometry;
}

/** Draws the receipt; one A4 page for any input the donations module accepts. */
export async function renderReceiptPdf(input: ReceiptPdfInput): Promise<Buffer> {
  return (await drawReceipt(input)).pdf;
}

export async function drawReceipt(input: ReceiptPdfInput): Promise<RenderedReceipt> {
  const issuer = input.issuer;
  const title = `${RECEIPT_TITLE.en} ${input.serial}${input.variant === 'cancelled' ? ` (${CANCELLED_MARK.en})` : ''}`;
  // Drawn by the shaper frozen at issue: one issued before it was frozen by fontkit (decision 082).
  const layout = createPdfLayout({ title, author: issuer.foundationName.en, subject: bilingual(RECEIPT_TITLE), createdAt: input.createdAt, shaper: issuer.shaper ?? 'fontkit' });

  // The check's QR code sits beside the foundation's details, where a reader looks first.
  const header = layout.header(foundationOf(issuer), { qr: input.checkUrl, qrSize: QR_SIZE });
  const qr = header.qr!;
  layout.heading(RECEIPT_TITLE, { size: 16 });

  if (input.variant === 'cancelled') {
    layout.text(`${bilingual(CANCELLED_MARK)} — ${bilingual(LABELS.cancelledOn)}: ${formatReceiptDate(indiaDateOf(cancelledAt(input.cancellation.cancelledAt)))}`, { size: 12, bold: true, color: RED });
    layout.text(`${bilingual(LABELS.reason)}: ${input.cancellation.reason.replace(/\s+/g, ' ').trim()}`, { size: 10, color: RED });
    layout.text(LABELS.cancelledNotice.en, { size: 9, color: RED });
    layout.text(LABELS.cancelledNotice.hi, { size: 9, color: RED });
    layout.moveDown(8);
  }

  const words = amountInWords(input.amountPaise);
  markShareable(words.en, words.hi);
  const payment = paymentReference(input);
  layout.labelValues([
    { label: LABELS.serial, value: input.serial },
    { label: LABELS.issuedOn, value: formatReceiptDate(input.issuedOn) },
    { label: LABELS.donor, value: input.donor.name },
    { label: LABELS.pan, value: input.donor.pan ? maskPan(input.donor.pan) : '' },
    { label: LABELS.address, value: input.donor.address ?? '' },
    { label: LABELS.amount, value: formatRupees(input.amountPaise) },
    { label: LABELS.wordsEn, value: words.en },
    { label: LABELS.wordsHi, value: words.hi },
    { label: LABELS.cause, value: bilingual(CAUSE_LABELS[input.cause]) },
    ...(input.donationType ? [{ label: LABELS.donationType, value: bilingual(DONATION_TYPE_LABELS[input.donationType]) }] : []),
    { label: LABELS.mode, value: bilingual(MODE_LABELS[input.mode]) },
    ...(payment ? [payment] : []),
    { label: LABELS.receivedOn, value: formatReceiptDate(input.receivedOn) },
    { label: LABELS.reference, value: formatReference(input.reference) },
    ...approvalRows(issuer),
    ...(issuer.fcraRegistrationNumber ? [{ label: SIGNATORY_LABELS.fcraRegistration, value: issuer.fcraRegistrationNumber }] : []),
  ]);

  layout.text(RECEIPT_DECLARATION.en, { size: 9.5 });
  layout.moveDown(2);
  layout.text(RECEIPT_DECLARATION.hi, { size: 9.5 });
  layout.moveDown(6);
  if (input.isCashAboveLimit) {
    layout.text(CASH_ABOVE_LIMIT_NOTE.en, { size: 9.5, bold: true });
    layout.moveDown(2);
    layout.text(CASH_ABOVE_LIMIT_NOTE.hi, { size: 9.5, bold: true });
    layout.moveDown(6);
  }
  if (issuer.fcraRegistrationNumber) drawBilingualNote(layout, fcraNote(issuer.fcraRegistrationNumber), { size: 9.5 });
  // Not on a cancelled receipt, nor for cash above ₹2,000: no certificate follows for those.
  if (issuer.form10bdDueOn && input.variant === 'issued' && !input.isCashAboveLimit) drawBilingualNote(layout, form10beNote(issuer.form10bdDueOn), { size: 9 });
  drawSignatory(layout, issuer, input.signatureImage);
  if (input.signing) drawBilingualNote(layout, DIGITALLY_SIGNED_NOTE, { size: 8, color: GREY });

  layout.moveDown(4);
  layout.text(LABELS.check.en, { size: 8, color: GREY });
  layout.text(LABELS.check.hi, { size: 8, color: GREY });
  layout.text(input.checkUrl, { size: 8, color: GREY });

  if (input.variant === 'cancelled') {
    const { start, count } = layout.doc.bufferedPageRange();
    const below = header.box.y + header.box.height;
    for (let page = start; page < start + count; page++) {
      layout.doc.switchToPage(page);
      // The first page's header holds the QR code; a further page has no header.
      const top = page === start ? below : layout.doc.page.margins.top;
      // A watermark: the cancellation is said in the text at the top, so a reader need not hear it twice.
      layout.artifact('Pagination', () =>
        drawCancelledMark(layout.doc, { x: layout.left, y: top, width: layout.contentWidth, height: layout.doc.page.height - layout.doc.page.margins.bottom - top }),
      );
    }
  }
  const pageCount = layout.pageCount;
  const signing = input.signing ? { identity: input.signing, info: signatureInfoOf(issuer, `${RECEIPT_TITLE.en} ${input.serial}`, input.createdAt) } : null;
  return { pdf: await layout.toBuffer({ signing }), pageCount, header: header.box, qr };
}
