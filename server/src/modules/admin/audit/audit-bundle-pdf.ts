import { createPdfLayout, type FoundationDetails } from '#server/pdf/pdf-layout';
import type { TAuditEvent } from './audit.schema.ts';

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

/**
 * The dispute bundle (issue 15): what the foundation hands an auditor or a complainant about one
 * record — every event in order with its actor, time, address and cause, the references a bank or
 * a court would ask for, and the payment screenshots as thumbnails. Headings in English and Hindi.
 */
export async function renderBundlePdf(input: BundlePdfInput): Promise<Buffer> {
  const pdf = createPdfLayout({ title: `Record ${input.streamId}`, createdAt: input.generatedAt, subject: 'Dispute bundle', author: input.foundation.name.en });
  pdf.header(input.foundation);
  pdf.heading({ en: 'Record history for a dispute or an audit', hi: 'विवाद या ऑडिट के लिए रिकॉर्ड का इतिहास' }, { size: 15 });
  pdf.labelValues([
    { label: { en: 'Record', hi: 'रिकॉर्ड' }, value: input.streamId },
    { label: { en: 'Bundle', hi: 'बंडल' }, value: input.bundleId },
    { label: { en: 'Made at', hi: 'बनाया गया' }, value: input.generatedAt.toISOString() },
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
      { header: { en: 'When (UTC)', hi: 'कब' }, weight: 1.6 },
      { header: { en: 'What', hi: 'क्या' }, weight: 1.8 },
      { header: { en: 'By', hi: 'किसने' }, weight: 1.8 },
      { header: { en: 'From', hi: 'कहाँ से' }, weight: 1 },
    ],
    rows: input.events.map((event) => [String(event.version), event.recordedAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z'), event.type, actorText(event.actor), event.ip ?? '—']),
  });

  pdf.heading({ en: 'What each event recorded', hi: 'हर घटना में क्या दर्ज हुआ' }, { level: 2 });
  for (const event of input.events) {
    pdf.text(`#${event.version} ${event.type} — ${event.recordedAt}`, { size: 9, bold: true });
    const cause = event.causedBy ? `Caused by / कारण: ${event.causedBy.type} (${event.causedBy.streamId})` : '';
    if (cause) pdf.text(cause, { size: 8 });
    pdf.text(`Request / अनुरोध: ${event.correlationId}`, { size: 8, color: '#555555' });
    pdf.text(JSON.stringify(event.data, null, 1), { size: 7.5 });
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
