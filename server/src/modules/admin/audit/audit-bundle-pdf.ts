import { formatRupees } from '#server/lib/amount-in-words';
import { formatIndiaDateTime } from '#server/lib/india-time';
import { maskPan } from '#server/modules/donations/donations.api';
import { bilingual, createPdfLayout, type Bilingual, type FoundationDetails } from '#server/pdf/pdf-layout';
import { auditEntries, auditEventLabel, auditPathLabel, isMomentField, isPaiseField, type AuditValue } from './audit-labels.schema.ts';
import { AUDIT_HIDDEN_PAYOUT, AUDIT_HIDDEN_SECRET, type TAuditEvent } from './audit.schema.ts';

export interface BundleThumbnail {
  /** The event that recorded it, e.g. "#3 DirectGiftSubmitted". */
  caption: string;
  /** A JPEG already made small. */
  jpeg: Buffer;
}

export interface BundlePdfInput {
  foundation: FoundationDetails;
  streamId: string;
  bundleId: string;
  requestedBy: { id: string; name: string | null };
  generatedAt: Date;
  events: readonly TAuditEvent[];
  /** Receipt serials, UTRs and references named anywhere in the events. */
  references: readonly string[];
  thumbnails: readonly BundleThumbnail[];
}

const actorText = (actor: { id: string; name: string | null }) => (actor.name ? `${actor.name} (${actor.id})` : actor.id);

const YES_NO: Record<'yes' | 'no', Bilingual> = { yes: { en: 'Yes', hi: 'हाँ' }, no: { en: 'No', hi: 'नहीं' } };
const HIDDEN: Record<string, Bilingual> = {
  [AUDIT_HIDDEN_SECRET]: { en: AUDIT_HIDDEN_SECRET, hi: '[छिपा: गोपनीय]' },
  [AUDIT_HIDDEN_PAYOUT]: { en: AUDIT_HIDDEN_PAYOUT, hi: '[छिपा: केवल वित्त स्टाफ़ के लिए]' },
};

/**
 * "sunita.devi@example.org" → "sXXXXXXXXXX@example.org": the receipt prints no e-mail address at
 * all, and a bundle leaves the hands of the foundation; that there was one, and its domain, is
 * what a dispute needs. Masked the way the receipt masks a PAN: X for each character hidden.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return 'X'.repeat(email.length);
  return `${email.charAt(0)}${'X'.repeat(at - 1)}${email.slice(at)}`;
}

/** "9876543210" → "XXXXXX3210": the last four digits, as a bank's statement shows a number. */
export function maskLastFour(value: string): string {
  const compact = value.replace(/\s+/g, '');
  const shown = Math.min(4, compact.length);
  return `${'X'.repeat(compact.length - shown)}${compact.slice(compact.length - shown)}`;
}

/**
 * What the bundle prints of a person's identifiers (issue 32): the PAN exactly as the receipt
 * prints it (its maskPan), the e-mail address, phone numbers and an Aadhaar number masked likewise.
 */
const MASKS: Record<string, (value: string) => string> = {
  pan: maskPan,
  donorpan: maskPan,
  email: maskEmail,
  donoremail: maskEmail,
  phone: maskLastFour,
  donorphone: maskLastFour,
  contactnumber: maskLastFour,
  aadhaar: maskLastFour,
};

/** One value as the bundle prints it: masked, money in rupees, moments in India time, yes/no, in both languages where words differ. */
export function bundleValue(field: string, value: AuditValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return bilingual(value ? YES_NO.yes : YES_NO.no);
  if (typeof value === 'number') return isPaiseField(field) && Number.isSafeInteger(value) && value >= 0 ? formatRupees(value) : String(value);
  const hidden = HIDDEN[value];
  if (hidden) return bilingual(hidden);
  const mask = MASKS[field.replace(/_/g, '').toLowerCase()];
  if (mask) return mask(value);
  if (isMomentField(field) && !Number.isNaN(Date.parse(value))) return bilingual(formatIndiaDateTime(new Date(value)));
  return value;
}

/**
 * The dispute bundle (issue 15): what the foundation hands an auditor or a complainant about one
 * record — every event in order with its actor, time, address and cause, the references a bank or
 * a court would ask for, and the payment screenshots as thumbnails. Every label in English and
 * Hindi, each event's data as labelled lines rather than JSON, and a person's PAN, e-mail address
 * and phone masked as the receipt masks (issue 32).
 */
export async function renderBundlePdf(input: BundlePdfInput): Promise<Buffer> {
  const pdf = createPdfLayout({ title: `Record ${input.streamId}`, createdAt: input.generatedAt, subject: 'Dispute bundle', author: input.foundation.name.en });
  pdf.header(input.foundation);
  pdf.heading({ en: 'Record history for a dispute or an audit', hi: 'विवाद या ऑडिट के लिए रिकॉर्ड का इतिहास' }, { size: 15 });
  pdf.labelValues([
    { label: { en: 'Record', hi: 'रिकॉर्ड' }, value: input.streamId },
    { label: { en: 'Bundle', hi: 'बंडल' }, value: input.bundleId },
    { label: { en: 'Made at (India time)', hi: 'बनाया गया (भारतीय समय)' }, value: bilingual(formatIndiaDateTime(input.generatedAt)) },
    { label: { en: 'Asked for by', hi: 'किसके कहने पर' }, value: actorText(input.requestedBy) },
    { label: { en: 'Events', hi: 'घटनाएँ' }, value: String(input.events.length) },
  ]);

  pdf.heading({ en: 'References', hi: 'संदर्भ' }, { level: 2 });
  pdf.text(input.references.length > 0 ? input.references.join(', ') : '—', { size: 9 });

  pdf.heading({ en: 'Events in order', hi: 'घटनाएँ क्रम से' }, { level: 2 });
  pdf.table({
    size: 8,
    columns: [
      { header: '#', weight: 0.4, align: 'right' },
      { header: { en: 'When (India time)', hi: 'कब (भारतीय समय)' }, weight: 1.6 },
      { header: { en: 'What', hi: 'क्या' }, weight: 1.8 },
      { header: { en: 'By', hi: 'किसने' }, weight: 1.8 },
      { header: { en: 'From', hi: 'कहाँ से' }, weight: 1 },
    ],
    rows: input.events.map((event) => [
      String(event.version),
      bilingual(formatIndiaDateTime(new Date(event.recordedAt))),
      bilingual(auditEventLabel(event.type)),
      actorText(event.actor),
      event.ip ?? '—',
    ]),
  });

  pdf.heading({ en: 'What each event recorded', hi: 'हर घटना में क्या दर्ज हुआ' }, { level: 2 });
  for (const event of input.events) {
    const when = formatIndiaDateTime(new Date(event.recordedAt));
    pdf.text(`#${event.version} ${bilingual(auditEventLabel(event.type))}`, { size: 9, bold: true });
    pdf.text(`${when.en} / ${when.hi} (${event.type})`, { size: 8, color: '#555555' });
    if (event.causedBy) pdf.text(`Caused by / कारण: ${bilingual(auditEventLabel(event.causedBy.type))} (${event.causedBy.streamId})`, { size: 8 });
    pdf.text(`Request / अनुरोध: ${event.correlationId}`, { size: 8, color: '#555555' });
    pdf.labelValues(
      auditEntries(event.data)
        .filter((entry) => entry.path.length > 0)
        .map((entry) => ({ label: auditPathLabel(entry.path), value: bundleValue(entry.path.at(-1)!, entry.value) })),
    );
    pdf.moveDown(6);
  }

  if (input.thumbnails.length > 0) {
    pdf.heading({ en: 'Payment screenshots', hi: 'भुगतान के स्क्रीनशॉट' }, { level: 2 });
    for (const thumbnail of input.thumbnails) {
      pdf.ensureSpace(230);
      pdf.text(thumbnail.caption, { size: 8 });
      pdf.image(thumbnail.jpeg, { height: 200, alt: thumbnail.caption });
    }
  }
  return pdf.toBuffer();
}
