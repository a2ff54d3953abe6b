import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create } from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { darkPixels, extractPdfText, greyAt, renderPdfPages, type RenderedPage } from '#server/testing/pdf/pdf-render';
import { devanagariSignsOutOfPlace, pdfInfo, pdfStreams, pdfStructure } from '#server/testing/pdf/pdf-structure';
import { DEVANAGARI_TEST_WORDS } from './devanagari-test-words.ts';
import { openPdfFonts } from './fonts.ts';
import reference from './harfbuzz-reference.json' with { type: 'json' };
import { createPdfLayout, pageNumberText, type Box, type FoundationDetails } from './pdf-layout.ts';
import type { QrCodeGeometry } from './qr-code.ts';
import { lineMetrics } from './text.ts';

const createdAt = new Date('2026-03-14T09:30:00Z');
const foundation: FoundationDetails = {
  name: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' },
  address: { en: '12 Gandhi Road, Patna, Bihar 800001', hi: '12 गांधी रोड, पटना, बिहार 800001' },
  registrationNo: 'BR/2020/0042',
  pan: 'ABCDE1234F',
  twelveANo: 'AAATS1234FE20214',
  taxExemptionNo: 'AAATS1234FF20214',
};
const headerQr = 'https://sahay.example/receipts/SAHAY-2026-0001/verify';
const paymentQr = 'upi://pay?pa=sahay@sbi&pn=Sahay%20Foundation&am=1100.00&cu=INR&tn=Donation';
const donors = ['श्रीमती कृष्णा देवी', 'आर्द्र कुमार', 'क्षेत्रपाल सिंह', 'Ramesh Kumar', 'श्री हरि ओम ट्रस्ट'];

/** A bilingual sample: the header with a QR, a heading, label/value rows, a two-page table and a QR. */
async function renderSample(): Promise<{ pdf: Buffer; headerBox: Box; headerQrGeometry: QrCodeGeometry; paymentQrGeometry: QrCodeGeometry; pageCount: number }> {
  const layout = createPdfLayout({ title: 'Sample receipt', author: 'Sahay Foundation', createdAt });
  const header = layout.header(foundation, { qr: headerQr });
  layout.heading({ en: 'Donations received', hi: 'प्राप्त दान' });
  layout.labelValues([
    { label: { en: 'Prepared for', hi: 'किसके लिए' }, value: 'श्रीमती कृष्णा देवी (Krishna Devi)' },
    { label: { en: 'Area', hi: 'क्षेत्र' }, value: 'आर्द्र क्षेत्र, Patna' },
    { label: { en: 'Left out when empty', hi: 'खाली हो तो नहीं' }, value: '  ' },
  ]);
  layout.table({
    columns: [
      { header: { en: 'No.', hi: 'क्रम' }, weight: 0.6, align: 'right' },
      { header: { en: 'Donor', hi: 'दाता' }, weight: 2 },
      { header: { en: 'Note', hi: 'टिप्पणी' }, weight: 2.4 },
      { header: { en: 'Amount', hi: 'राशि' }, weight: 1.2, align: 'right' },
    ],
    rows: Array.from({ length: 40 }, (_, index) => [
      String(index + 1),
      donors[index % donors.length]!,
      index % 4 === 0 ? 'सहायता राशि — for the Kanyadan of a girl from the आर्द्र क्षेत्र, paid by UPI' : 'Monthly gift',
      `₹ ${(index + 1) * 100}.00`,
    ]),
  });
  const paymentQrGeometry = layout.qrCode(paymentQr, { align: 'center', caption: { en: 'Scan to pay', hi: 'भुगतान हेतु स्कैन करें' } });
  const pageCount = layout.pageCount;
  return { pdf: await layout.toBuffer(), headerBox: header.box, headerQrGeometry: header.qr!, paymentQrGeometry, pageCount };
}

/** Reads a rendered QR module by module (the centre pixel of each) and compares it with qrcode's own matrix. */
function expectQrAt(page: RenderedPage, geometry: QrCodeGeometry, text: string) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  expect(geometry.modules).toBe(modules.size);
  const wrong: string[] = [];
  for (let row = -2; row < modules.size + 2; row++) {
    for (let col = -2; col < modules.size + 2; col++) {
      // Two modules of the quiet zone on each side must be white too.
      const inside = row >= 0 && col >= 0 && row < modules.size && col < modules.size;
      const expected = inside && modules.get(row, col) === 1;
      const grey = greyAt(page, geometry.x + (col + 0.5) * geometry.moduleSize, geometry.y + (row + 0.5) * geometry.moduleSize);
      if (expected !== grey < 128) wrong.push(`${row},${col}`);
    }
  }
  expect(wrong).toEqual([]);
}

describe('PDF layout, rendered by poppler', () => {
  let sample: Awaited<ReturnType<typeof renderSample>>;
  let pages: RenderedPage[];
  const outDir = path.join(os.tmpdir(), 'sahay-pdf-sample');

  beforeAll(async () => {
    sample = await renderSample();
    fs.rmSync(outDir, { recursive: true, force: true });
    // 144 dpi: two pixels a point, enough for 2.5-point QR modules to be sampled cleanly.
    pages = await renderPdfPages(sample.pdf, { dpi: 144, outDir });
  });

  it('has two A4 pages, the table running onto the second', () => {
    expect(sample.pageCount).toBe(2);
    expect(pages).toHaveLength(2);
    for (const page of pages) expect([page.width, page.height]).toEqual([Math.round(595.28 * 2), Math.round(841.89 * 2)]);
  });

  it('draws the header where it says it did, and leaves the margins blank', () => {
    const [first] = pages;
    const { headerBox } = sample;
    expect(headerBox.height).toBeGreaterThan(60);
    expect(darkPixels(first!, { x: headerBox.x, y: headerBox.y, width: 200, height: 24 })).toBeGreaterThan(200);
    expect(darkPixels(first!, { x: 0, y: 0, width: 595, height: 40 })).toBe(0);
    expect(darkPixels(first!, { x: 0, y: 0, width: 40, height: 841 })).toBe(0);
  });

  it('draws both QR codes module for module as qrcode encodes them', () => {
    expectQrAt(pages[0]!, sample.headerQrGeometry, headerQr);
    expectQrAt(pages[1]!, sample.paymentQrGeometry, paymentQr);
  });

  it('draws QR codes as vectors, with no image in the file', async () => {
    expect(sample.pdf.includes('/Subtype /Image')).toBe(false);
  });

  it('numbers every page in both languages', async () => {
    const text = await extractPdfText(sample.pdf);
    const pageTexts = text.split('\f');
    expect(pageTexts[0]).toContain('Page 1 of 2');
    expect(pageTexts[1]).toContain('Page 2 of 2');
    for (const page of pages) expect(darkPixels(page, { x: 200, y: 841.89 - 40, width: 195, height: 14 })).toBeGreaterThan(30);
    expect(pageNumberText(1, 2)).toBe('Page 1 of 2 / पृष्ठ 1 / 2');
  });

  it('carries the Latin text so it can be found and copied', async () => {
    const text = await extractPdfText(sample.pdf);
    for (const expected of ['Sahay Foundation', 'Registration No.', 'BR/2020/0042', 'PAN', 'ABCDE1234F', '12A registration', '80G approval', 'Donations received', '(Krishna Devi)', 'Ramesh Kumar', '₹ 4000.00', 'Scan to pay']) {
      expect(text).toContain(expected);
    }
    // The empty row is left out rather than drawn with a blank value.
    expect(text).not.toContain('Left out when empty');
  });

  it('repeats the table header on the page the table continues on', async () => {
    const [first, second] = (await extractPdfText(sample.pdf, { layout: true })).split('\f');
    for (const page of [first, second]) expect(page).toMatch(/No\.\s+Donor\s+Note\s+Amount/);
  });

  it('carries its Hindi as written, the table header and page numbers included', async () => {
    const text = await extractPdfText(sample.pdf);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'सहाय फ़ाउंडेशन',
      '12 गांधी रोड, पटना, बिहार 800001',
      'Registration No. / पंजीकरण संख्या: BR/2020/0042',
      'Donations received / प्राप्त दान',
      'Prepared for / किसके लिए',
      'श्रीमती कृष्णा देवी (Krishna Devi)',
      'आर्द्र क्षेत्र, Patna',
      'क्षेत्रपाल सिंह',
      'श्री हरि ओम ट्रस्ट',
      'सहायता राशि — for the Kanyadan of a girl from the आर्द्र क्षेत्र, paid by UPI',
      'Scan to pay / भुगतान हेतु स्कैन करें',
      'Page 2 of 2 / पृष्ठ 2 / 2',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(devanagariSignsOutOfPlace(text)).toEqual([]);
  });

  it('is tagged: headings, paragraphs, tables and figures in reading order, repeated headers and page numbers left out', async () => {
    const info = await pdfInfo(sample.pdf);
    expect(info.Tagged).toBe('yes');
    expect(info['PDF version']).toBe('1.7');
    const tree = await pdfStructure(sample.pdf);
    expect(tree[0]).toMatchObject({ type: 'Document', depth: 0 });
    expect(tree.filter((node) => node.depth === 1).map((node) => node.type)).toEqual([
      // The header: name, address in both languages, four registration details, then its QR code.
      ...Array<string>(8).fill('P'),
      'Figure',
      'H1',
      // The label/value rows (the empty one left out), the table, the payment QR code and its caption.
      'Table',
      'Table',
      'Figure',
      'P',
    ]);
    const [labelValues, table] = tree.flatMap((node, index) => (node.type === 'Table' ? [index] : []));
    /** The elements inside the one at `start`: those after it, up to the next at its depth or above. */
    const under = (start: number) => {
      const end = tree.findIndex((node, index) => index > start && node.depth <= tree[start]!.depth);
      return tree.slice(start + 1, end === -1 ? undefined : end);
    };
    expect(under(labelValues!).map((node) => node.type)).toEqual(['TR', 'TH', 'TD', 'TR', 'TH', 'TD']);
    expect(under(labelValues!).filter((node) => node.type === 'TH').every((node) => node.attributes.includes('/Scope /Row'))).toBe(true);
    const rows = under(table!);
    // One header row although the table runs over two pages: the repeat is an artifact.
    expect(rows.filter((node) => node.type === 'THead')).toHaveLength(1);
    expect(rows.filter((node) => node.type === 'TH')).toHaveLength(4);
    expect(rows.filter((node) => node.type === 'TH').every((node) => node.attributes.includes('/Scope /Column'))).toBe(true);
    expect(rows.filter((node) => node.type === 'TR')).toHaveLength(41);
    expect(rows.filter((node) => node.type === 'TD')).toHaveLength(160);

    const streams = pdfStreams(sample.pdf);
    expect(sample.pdf.toString('latin1')).toMatch(/\/Alt \(QR code: https:\/\/sahay\.example\/receipts\/SAHAY-2026-0001\/verify\)/);
    // pdfinfo's "Tagged: yes" is /MarkInfo << /Marked true >>; the catalog also holds the tree and the language.
    expect(sample.pdf.toString('latin1')).toMatch(/\/Type \/Catalog[^>]*\/Lang \(en-IN\)[^>]*\/StructTreeRoot \d+ 0 R/);
    // Page numbers and the repeated header row on page 2 (four cells); rules and shading.
    expect(streams.match(/\/Artifact <<\s*\/Type \/Pagination\s*>> BDC/g)).toHaveLength(2 + 4);
    expect(streams.match(/\/Artifact <<\s*\/Type \/Layout\s*>> BDC/g)!.length).toBeGreaterThan(40);
  });

  it('gives the same bytes for the same input and creation date', async () => {
    const again = await renderSample();
    expect(again.pdf.equals(sample.pdf)).toBe(true);
    // Both dates are written as the given time (pdfkit writes them as separate string objects).
    expect(sample.pdf.toString('latin1').match(/\(D:\d{14}Z\)/g)).toEqual(['(D:20260314093000Z)', '(D:20260314093000Z)']);
  });
});

describe('the foundation header', () => {
  it('leaves out every detail that is empty, without a dash in its place', async () => {
    const layout = createPdfLayout({ title: 'header', createdAt });
    layout.header({ name: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' }, address: { en: '', hi: ' ' }, registrationNo: 'BR/2020/0042', pan: '', twelveANo: '   ', taxExemptionNo: undefined });
    const text = await extractPdfText(await layout.toBuffer());
    expect(text).toContain('Registration No. / ');
    expect(text).toContain('BR/2020/0042');
    for (const absent of ['PAN', '12A', '80G', '—', ' - ', ': \n']) expect(text).not.toContain(absent);
  });

  it('names the tax exemption as told (the 2025 Act renames 80G)', async () => {
    const layout = createPdfLayout({ title: 'header', createdAt });
    layout.header({ ...foundation, taxExemptionLabel: { en: 'Approval under section 133', hi: 'धारा 133 के अंतर्गत अनुमोदन' } });
    const text = await extractPdfText(await layout.toBuffer());
    expect(text).toContain('Approval under section 133');
    expect(text).not.toContain('80G approval');
  });
});

describe('bad input', () => {
  const layout = () => createPdfLayout({ title: 'bad', createdAt });

  it('refuses a table row with the wrong number of cells, naming the row', () => {
    expect(() => layout().table({ columns: [{ header: 'A', weight: 1 }, { header: 'B', weight: 1 }], rows: [['1', '2'], ['3']] })).toThrow(
      'Table row 2 has 1 cells; the table has 2 columns',
    );
  });

  it('refuses a table without columns or with a column of no width', () => {
    expect(() => layout().table({ columns: [], rows: [] })).toThrow('A table needs at least one column');
    expect(() => layout().table({ columns: [{ header: 'A', weight: 0 }], rows: [] })).toThrow('Every table column needs a weight above 0');
    expect(() => layout().table({ columns: [{ header: 'A', weight: Number.NaN }], rows: [] })).toThrow('Every table column needs a weight above 0');
  });

  it('refuses a table row taller than a page instead of drawing past the bottom', () => {
    const tall = Array.from({ length: 80 }, (_, index) => `line ${index}`).join('\n');
    expect(() => layout().table({ columns: [{ header: 'A', weight: 1 }], rows: [['short'], [tall]] })).toThrow('Table row 2 is taller than a page');
  });

  it('refuses to finish a document twice', async () => {
    const once = layout();
    await once.toBuffer();
    await expect(once.toBuffer()).rejects.toThrow('This PDF is already finished');
  });

  it('refuses an empty QR code and an invalid creation date', () => {
    expect(() => layout().qrCode('')).toThrow('A QR code needs some text to encode');
    expect(() => createPdfLayout({ title: 'bad', createdAt: new Date('not a date') })).toThrow('A PDF needs a valid creation date');
  });
});

/**
 * The Hindi as drawn: each test word is written through the layout (20 points, regular and bold), and
 * on a second page the same word is drawn from HarfBuzz's glyphs and positions as filled outlines.
 * Poppler renders both; the pages must match pixel for pixel (within anti-aliasing). A shaper that
 * misplaced a matra or a reph would move dark pixels by several points.
 */
describe('Devanagari in the PDF matches HarfBuzz', () => {
  const size = 20;
  type Placed = { word: string; font: 'deva' | 'deva-bold'; baseline: number };
  const hbFonts = reference.fonts as Record<'deva' | 'deva-bold', Record<string, number[][]>>;

  async function renderWords(): Promise<{ pdf: Buffer; placed: Placed[] }> {
    const layout = createPdfLayout({ title: 'words', createdAt });
    const placed: Placed[] = [];
    const { ascent } = lineMetrics(size);
    for (const word of DEVANAGARI_TEST_WORDS) {
      for (const font of ['deva', 'deva-bold'] as const) {
        layout.ensureSpace(lineMetrics(size).lineHeight);
        const box = layout.text(word, { size, bold: font === 'deva-bold', width: 400 });
        placed.push({ word, font, baseline: box.y + ascent });
      }
    }
    expect(layout.pageCount).toBe(1);
    return { pdf: await layout.toBuffer(), placed };
  }

  async function renderReference(placed: Placed[], options: { withoutMarkOffsets?: boolean } = {}): Promise<Buffer> {
    const layout = createPdfLayout({ title: 'reference', createdAt });
    const { doc } = layout;
    for (const { word, font, baseline } of placed) {
      const face = openPdfFonts()[font];
      const scale = size / face.unitsPerEm;
      let pen = 0;
      for (const [id, xAdvance, xOffset, yOffset] of hbFonts[font][word]!) {
        const dx = options.withoutMarkOffsets ? 0 : xOffset!;
        const dy = options.withoutMarkOffsets ? 0 : yOffset!;
        doc.save().translate(layout.left + (pen + dx) * scale, baseline - dy * scale).scale(scale, -scale).path(face.getGlyph(id!).path.toSVG()).fill('black').restore();
        pen += xAdvance!;
      }
    }
    return layout.toBuffer();
  }

  /**
   * Ink (darker than 64) in one rendering with no ink (darker than 192) within a pixel of it in the
   * other, counted both ways. Text goes through FreeType's glyph rasteriser and the reference through
   * path filling, so edges differ by anti-aliasing and up to half a pixel; a misplaced mark moves
   * whole strokes by several pixels.
   */
  function strayInk(a: RenderedPage, b: RenderedPage): number {
    const strays = (from: RenderedPage, to: RenderedPage) => {
      let count = 0;
      for (let y = 0; y < from.height; y++) {
        for (let x = 0; x < from.width; x++) {
          if (from.pixels[y * from.width + x]! >= 64) continue;
          let near = false;
          for (let dy = -1; dy <= 1 && !near; dy++) {
            for (let dx = -1; dx <= 1 && !near; dx++) {
              const index = (y + dy) * to.width + (x + dx);
              near = y + dy >= 0 && y + dy < to.height && x + dx >= 0 && x + dx < to.width && to.pixels[index]! < 192;
            }
          }
          if (!near) count++;
        }
      }
      return count;
    };
    return strays(a, b) + strays(b, a);
  }

  it('draws every test word, regular and bold, where HarfBuzz puts its glyphs', async () => {
    const { pdf, placed } = await renderWords();
    const outDir = path.join(os.tmpdir(), 'sahay-pdf-devanagari');
    fs.rmSync(outDir, { recursive: true, force: true });
    const [drawn] = await renderPdfPages(pdf, { dpi: 144, outDir });
    const [expected] = await renderPdfPages(await renderReference(placed), { dpi: 144, outDir: `${outDir}-reference` });
    const [unpositioned] = await renderPdfPages(await renderReference(placed, { withoutMarkOffsets: true }), { dpi: 144, outDir: `${outDir}-unpositioned` });
    const ink = drawn!.pixels.filter((grey) => grey < 128).length;
    expect(ink).toBeGreaterThan(20_000);
    // The page numbers are drawn the same way on both pages; every other pixel is a test word.
    expect(strayInk(drawn!, expected!)).toBeLessThan(ink * 0.001);
    // The test can fail: without mark positioning (pdf-lib's way) the ृ of कृष्ण and पृष्ठ moves.
    expect(strayInk(unpositioned!, expected!)).toBeGreaterThan(ink * 0.004);
  });
});
