import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '#server/testing/pdf/pdf-render';
import { devanagariSignsOutOfPlace, pdfInfo, pdfStructure, type StructureNode } from '#server/testing/pdf/pdf-structure';
import { renderBundlePdf, type BundlePdfInput } from './audit-bundle-pdf.ts';
import type { TAuditEvent } from './audit.schema.ts';

/** Issue 31: the dispute bundle's Hindi is real text and the bundle is tagged, like every PDF (docs/decisions/053). */

const event = (version: number, actorName: string | null): TAuditEvent => ({
  eventId: `event-${version}`,
  version,
  type: version === 1 ? 'DirectGiftSubmitted' : 'DirectGiftVerified',
  recordedAt: `2026-06-0${version}T10:00:00.000Z`,
  actor: { id: `admin-${version}`, name: actorName },
  ip: version === 1 ? '203.0.113.7' : null,
  correlationId: `request-${version}`,
  causedBy: null,
  caused: [],
  data: { donorName: 'श्रीमती प्रिया शर्मा', amountPaise: 1_100_00 },
});

describe('the dispute bundle as text and structure', () => {
  let pdf: Buffer;
  let text: string;
  let tree: StructureNode[];

  beforeAll(async () => {
    const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#88aacc' } }).jpeg().toBuffer();
    const input: BundlePdfInput = {
      foundation: { name: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' }, pan: 'AAATS1234F' },
      streamId: 'direct-gift-ABCD2345',
      bundleId: '5f0c8a52-2f4c-4d7e-9d0e-0d3c1b2a3f41',
      requestedBy: { id: 'admin-9', name: 'किरण सिंह वर्मा' },
      generatedAt: new Date('2026-07-01T10:00:00Z'),
      events: [event(1, null), event(2, 'दिव्या निधि')],
      references: ['SAHAY/2026-27/000123'],
      thumbnails: [{ caption: '#1 DirectGiftSubmitted', jpeg }],
    };
    pdf = await renderBundlePdf(input);
    text = await extractPdfText(pdf);
    tree = await pdfStructure(pdf);
  });

  it('gives its Hindi to pdftotext exactly as written', () => {
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'सहाय फ़ाउंडेशन',
      'Record history for a dispute or an audit / विवाद या ऑडिट के लिए रिकॉर्ड का इतिहास',
      'Asked for by / किसके कहने पर',
      'किरण सिंह वर्मा (admin-9)',
      'Events / घटनाएँ',
      'Events in order / घटनाएँ क्रम से',
      'किसने',
      'कहाँ से',
      'दिव्या निधि (admin-2)',
      'What each event recorded / हर घटना में क्या दर्ज हुआ',
      'Request / अनुरोध: request-1',
      '"donorName": "श्रीमती प्रिया शर्मा"',
      'Payment screenshots / भुगतान के स्क्रीनशॉट',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(devanagariSignsOutOfPlace(text)).toEqual([]);
  });

  it('is tagged: its title and its sections as headings, the events as a table, the screenshot a figure with its caption', async () => {
    expect((await pdfInfo(pdf)).Tagged).toBe('yes');
    expect(tree.filter((node) => /^H\d$/.test(node.type)).map((node) => node.type)).toEqual(['H1', 'H2', 'H2', 'H2', 'H2']);
    expect(tree.filter((node) => node.type === 'THead')).toHaveLength(1);
    expect(tree.filter((node) => node.attributes.includes('/Scope /Column'))).toHaveLength(5);
    expect(tree.filter((node) => node.type === 'Figure')).toHaveLength(1);
    expect(pdf.toString('latin1')).toContain('/Alt (#1 DirectGiftSubmitted)');
  });
});
