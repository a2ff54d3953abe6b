import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create } from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { isShapingCached } from '#server/pdf/fonts';
import type { QrCodeGeometry } from '#server/pdf/qr-code';
import { devanagariSignsOutOfPlace, pdfInfo, pdfStructure } from '#server/testing/pdf/pdf-structure';
import { darkPixels, extractPdfText, greyAt, renderPdfPages, type RenderedPage } from '#server/testing/pdf/pdf-render';
import type { ReceiptIssuer } from '../donations.events.ts';
import {
  drawReceipt,
  formatReceiptDate,
  maskPan,
  receiptCheckUrl,
  receiptFileName,
  renderReceiptPdf,
  type ReceiptPdfInput,
  type RenderedReceipt,
} from './receipt-pdf.ts';
import { taxSectionInHindi } from './tax-section.ts';

const issuer: ReceiptIssuer = {
  foundationName: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' },
  address: { en: '12 Gandhi Road, Patna, Bihar 800001', hi: '12 गांधी रोड, पटना, बिहार 800001' },
  pan: 'AAATS1234F',
  registrationNo: 'BR/2020/0042',
  twelveANo: 'AAATS1234FE20214',
  taxExemptionNo: 'AAATS1234FF20214',
  taxSectionLabel: 'section 133, Income-tax Act 2025',
  // As the verification freezes it from the settings (receiptIssuerOf).
  taxSectionLabelHi: taxSectionInHindi('section 133, Income-tax Act 2025'),
  phone: '+91 612 000 0000',
  email: 'donate@sahay.example',
};
const serial = 'SAHAY/2026-27/000123';
const checkUrl = receiptCheckUrl('https://sahay.example/', serial, '1.abcdefghijklmnopqrstuv');
const issued: ReceiptPdfInput = {
  variant: 'issued',
  serial,
  issuedOn: '2026-05-02',
  issuer,
  reference: 'ABCD2345',
  donor: { name: 'श्रीमती कृष्णा देवी (Krishna Devi)', pan: 'ABCDE1234F', address: 'आर्द्र क्षेत्र, वार्ड 7, Patna, Bihar 800001' },
  amountPaise: 12_50_000_00 + 50,
  cause: 'kanyadan',
  mode: 'upi',
  receivedOn: '2026-05-01',
  utr: '412345678901',
  instrumentNumber: null,
  isCashAboveLimit: false,
  checkUrl,
  createdAt: new Date('2026-05-02T06:00:00Z'),
};
const cancelled: Extract<ReceiptPdfInput, { variant: 'cancelled' }> = {
  ...issued,
  variant: 'cancelled',
  mode: 'cash',
  utr: null,
  isCashAboveLimit: true,
  cancellation: { cancelledAt: '2026-06-10T20:00:00Z', reason: 'Duplicate entry\nof the same gift' },
  createdAt: new Date('2026-06-10T20:00:00Z'),
};

/** Reads a rendered QR code module by module (the centre pixel of each) and compares it with qrcode's own matrix. */
function expectQrAt(page: RenderedPage, geometry: QrCodeGeometry, text: string) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  expect(geometry.modules).toBe(modules.size);
  const wrong: string[] = [];
  for (let row = -2; row < modules.size + 2; row++) {
    for (let col = -2; col < modules.size + 2; col++) {
      const inside = row >= 0 && col >= 0 && row < modules.size && col < modules.size;
      const expected = inside && modules.get(row, col) === 1;
      const grey = greyAt(page, geometry.x + (col + 0.5) * geometry.moduleSize, geometry.y + (row + 0.5) * geometry.moduleSize);
      if (expected !== grey < 128) wrong.push(`${row},${col}`);
    }
  }
  expect(wrong).toEqual([]);
}

/** Pixels of the translucent mark's tint: lighter than text, darker than paper. */
function tintedPixels(page: RenderedPage, box: { x: number; y: number; width: number; height: number }): number {
  let count = 0;
  for (let y = Math.floor(box.y * page.scale); y < (box.y + box.height) * page.scale; y++) {
    for (let x = Math.floor(box.x * page.scale); x < (box.x + box.width) * page.scale; x++) {
      const grey = page.pixels[y * page.width + x]!;
      if (grey > 190 && grey < 235) count++;
    }
  }
  return count;
}

describe('the donation receipt, rendered by poppler', () => {
  const rendered: Record<'issued' | 'cancelled', { receipt: RenderedReceipt; page: RenderedPage; text: string }> = {} as never;

  beforeAll(async () => {
    for (const [name, input] of [
      ['issued', issued],
      ['cancelled', cancelled],
    ] as const) {
      const receipt = await drawReceipt(input);
      // Kept in the temporary folder to be looked at (the Hindi is checked by eye there).
      const outDir = path.join(os.tmpdir(), `sahay-receipt-${name}`);
      fs.rmSync(outDir, { recursive: true, force: true });
      const pages = await renderPdfPages(receipt.pdf, { dpi: 144, outDir });
      expect(pages).toHaveLength(1);
      rendered[name] = { receipt, page: pages[0]!, text: await extractPdfText(receipt.pdf) };
    }
  });

  it('is one A4 page in both variants', () => {
    for (const { receipt, page } of Object.values(rendered)) {
      expect(receipt.pageCount).toBe(1);
      expect([page.width, page.height]).toEqual([Math.round(595.28 * 2), Math.round(841.89 * 2)]);
      expect(receipt.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('draws the foundation header and the check QR code, module for module, at the top', () => {
    for (const { receipt, page } of Object.values(rendered)) {
      expect(receipt.header.y).toBeLessThan(60);
      expect(darkPixels(page, { x: receipt.header.x, y: receipt.header.y, width: 200, height: 24 })).toBeGreaterThan(200);
      expect(receipt.qr.y).toBeLessThan(receipt.header.y + receipt.header.height);
      expectQrAt(page, receipt.qr, checkUrl);
    }
  });

  it('prints the serial, the dates, the masked PAN, the amount in figures and in English words, and the payment reference', () => {
    const { text } = rendered.issued;
    for (const expected of [
      'Sahay Foundation',
      'AAATS1234F',
      'Tax-exemption approval (section 133, Income-tax Act 2025)',
      'AAATS1234FF20214',
      'Donation receipt',
      serial,
      '02/05/2026',
      '01/05/2026',
      'XXXXX1234F',
      '(Krishna Devi)',
      '₹12,50,000.50',
      'Rupees Twelve Lakh Fifty Thousand And Fifty Paise Only',
      'Kanyadan',
      'UPI',
      'UTR No. /',
      '412345678901',
      'ABCD-2345',
      'No goods or services were given to the donor in return for it.',
      checkUrl,
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    }
    // The donor's full PAN is never printed; the foundation's own is.
    expect(text).not.toContain('ABCDE1234F');
    expect(text).not.toContain('CANCELLED');
    expect(text).not.toContain('80G(5D)');
  });

  it('marks the cancelled receipt: CANCELLED / रद्द across it, the date and the reason, and the cash note', () => {
    const { text, page, receipt } = rendered.cancelled;
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [serial, 'XXXXX1234F', 'CANCELLED', 'Cancelled on', '11/06/2026', 'Duplicate entry of the same gift', 'Cash', 'section 80G(5D) of the Income-tax Act, 1961']) {
      expect(flat).toContain(expected);
    }
    // No UTR line for cash.
    expect(text).not.toContain('UTR');
    // The translucent mark tints the body below the header, which the issued receipt leaves clear.
    const body = { x: 48, y: receipt.header.y + receipt.header.height, width: 499, height: 780 - receipt.header.y - receipt.header.height };
    expect(tintedPixels(page, body)).toBeGreaterThan(tintedPixels(rendered.issued.page, body) + 30_000);
  });

  it('gives its Hindi to pdftotext exactly as written: labels, the donor, the amount in words, the declaration', () => {
    const flat = rendered.issued.text.replace(/\s+/g, ' ');
    for (const expected of [
      'सहाय फ़ाउंडेशन',
      '12 गांधी रोड, पटना, बिहार 800001',
      'Registration No. / पंजीकरण संख्या: BR/2020/0042',
      'कर-छूट अनुमोदन (आयकर अधिनियम 2025 की धारा 133): AAATS1234FF20214',
      'Donation receipt / दान रसीद',
      'Receipt No. / रसीद संख्या',
      'Received from / दाता का नाम',
      'श्रीमती कृष्णा देवी (Krishna Devi)',
      'आर्द्र क्षेत्र, वार्ड 7, Patna, Bihar 800001',
      'Amount / राशि',
      'In words (Hindi) / शब्दों में (हिंदी)',
      'रुपये बारह लाख पचास हज़ार और पचास पैसे मात्र',
      'Towards / किस मद में',
      'Kanyadan / कन्यादान',
      'UPI / यूपीआई',
      'Received on / प्राप्ति की तारीख़',
      'Donation reference / दान संदर्भ',
      'दाता ने यह दान स्वेच्छा से दिया है। इसके बदले में दाता को कोई वस्तु या सेवा नहीं दी गई है।',
      'इस रसीद की जाँच के लिए ऊपर दाईं ओर का QR कोड स्कैन करें या यह पता खोलें:',
      'Page 1 of 1 / पृष्ठ 1 / 1',
    ]) {
      expect(flat).toContain(expected);
    }
    const cancelledFlat = rendered.cancelled.text.replace(/\s+/g, ' ');
    for (const expected of [
      'CANCELLED / रद्द — Cancelled on / रद्द करने की तारीख़: 11/06/2026',
      'Reason / कारण: Duplicate entry of the same gift',
      'यह रसीद रद्द कर दी गई है और कर-कटौती के लिए मान्य नहीं है। इसकी संख्या दोबारा उपयोग नहीं की जाती।',
      'Cash / नकद',
      'यह दान ₹2,000 से अधिक नकद में प्राप्त हुआ है। इस पर कर-कटौती का दावा नहीं किया जा सकता (आयकर अधिनियम, 1961 की धारा 80G(5D), या आयकर अधिनियम, 2025 का संबंधित प्रावधान)।',
    ]) {
      expect(cancelledFlat).toContain(expected);
    }
    for (const { text } of Object.values(rendered)) expect(devanagariSignsOutOfPlace(text)).toEqual([]);
  });

  it('prints the label as typed in both halves on a receipt issued before issue 32, which froze no Hindi', async () => {
    const { taxSectionLabelHi: _hindi, ...before } = issuer;
    const text = (await extractPdfText(await renderReceiptPdf({ ...issued, issuer: before }))).replace(/\s+/g, ' ');
    expect(text).toContain('कर-छूट अनुमोदन (section 133, Income-tax Act 2025)');
  });

  it('names the tax section in Hindi in the Hindi half: no English tax label there (issue 32)', () => {
    for (const { text } of Object.values(rendered)) {
      const hindiHalf = text.replace(/\s+/g, ' ').split('कर-छूट अनुमोदन (')[1]?.split(')')[0];
      expect(hindiHalf).toBe('आयकर अधिनियम 2025 की धारा 133');
      expect(hindiHalf).not.toMatch(/section|Income|Act/i);
    }
  });

  it('is tagged: its title a heading, its details a table of labelled rows, its QR code a figure', async () => {
    for (const { receipt } of Object.values(rendered)) {
      expect((await pdfInfo(receipt.pdf)).Tagged).toBe('yes');
      const tree = await pdfStructure(receipt.pdf);
      expect(tree.filter((node) => node.depth === 1 && node.type !== 'P').map((node) => node.type)).toEqual(['Figure', 'H1', 'Table']);
      // Serial, date, donor, PAN, address, amount, words ×2, cause, mode, then the UTR (issued) or nothing (cash), received on, reference.
      expect(tree.filter((node) => node.type === 'TH')).toHaveLength(receipt === rendered.issued.receipt ? 13 : 12);
      expect(receipt.pdf.toString('latin1')).toContain(`/Alt (QR code: ${checkUrl})`);
    }
  });

  it('gives the same bytes for the same input', async () => {
    expect((await renderReceiptPdf(issued)).equals(rendered.issued.receipt.pdf)).toBe(true);
    expect((await renderReceiptPdf(cancelled)).equals(rendered.cancelled.receipt.pdf)).toBe(true);
  });
});

describe('what the receipt leaves out', () => {
  it('leaves out empty issuer details, the PAN and the address when not given, without a dash', async () => {
    const text = await extractPdfText(
      await renderReceiptPdf({ ...issued, issuer: { ...issuer, twelveANo: '', registrationNo: ' ', phone: '' }, donor: { name: 'Ramesh Kumar', pan: null, address: null } }),
    );
    for (const absent of ['12A', 'Registration No.', 'Phone', "Donor's PAN", 'Address /', 'XXXXX', ' — ', ' - ']) expect(text).not.toContain(absent);
    expect(text).toContain('Ramesh Kumar');
  });

  it('names the cheque or demand draft number for those modes', async () => {
    const cheque = await extractPdfText(await renderReceiptPdf({ ...issued, mode: 'cheque', utr: null, instrumentNumber: '004512' }));
    expect(cheque).toContain('Cheque No.');
    expect(cheque).toContain('004512');
    const dd = await extractPdfText(await renderReceiptPdf({ ...issued, mode: 'dd', utr: null, instrumentNumber: '778899' }));
    expect(dd).toContain('Demand draft No.');
    expect(dd).toContain('778899');
  });

  it('names an online payment and its gateway payment ID, with no UTR (issue 33)', async () => {
    const online = await extractPdfText(await renderReceiptPdf({ ...issued, mode: 'online', utr: null, paymentId: 'pay_Q1w2E3r4T5y6U7' }));
    expect(online).toContain('Online payment (UPI, card or netbanking)');
    expect(online).toContain('Payment ID');
    expect(online).toContain('pay_Q1w2E3r4T5y6U7');
    expect(online).not.toContain('UTR No.');
  });
});

describe('receipt helpers', () => {
  it('says the donation type in both languages when the verification chose one (issue 31)', async () => {
    const corpus = await extractPdfText(await renderReceiptPdf({ ...issued, donationType: 'corpus' }));
    expect(corpus).toMatch(/Donation type\s*\/\s*दान का प्रकार/);
    expect(corpus).toMatch(/Corpus \/ कॉर्पस \(स्थायी निधि\)/);
    const grant = await extractPdfText(await renderReceiptPdf({ ...issued, donationType: 'specific-grant' }));
    expect(grant).toMatch(/Specific grant \/ विशिष्ट अनुदान/);
    expect(await extractPdfText(await renderReceiptPdf({ ...issued }))).not.toContain('Donation type');
  });

  it('names the FCRA registration on a foreign contribution’s receipt, in both languages as written, and no Form 10BE note (decision 058)', async () => {
    const foreign = await extractPdfText(
      await renderReceiptPdf({ ...issued, serial: 'SAHAY-FC/2026-27/000001', mode: 'bank-transfer', utr: null, issuer: { ...issuer, fcraRegistrationNumber: '231650123' } }),
    );
    const flat = foreign.replace(/\s+/g, ' ');
    expect(flat).toContain('FCRA registration No. / FCRA पंजीकरण संख्या');
    expect(flat).toContain("Foreign contribution received under the Foreign Contribution (Regulation) Act, 2010 (registration no. 231650123), in the foundation's designated FCRA account.");
    expect(flat).toContain('विदेशी अंशदान (विनियमन) अधिनियम, 2010 के अंतर्गत (पंजीकरण संख्या 231650123) संस्था के निर्धारित FCRA खाते में प्राप्त विदेशी अंशदान।');
    expect(flat).not.toContain('Form 10BE');
    expect(devanagariSignsOutOfPlace(foreign)).toEqual([]);
    // A domestic receipt never mentions FCRA.
    const domestic = await extractPdfText(await renderReceiptPdf({ ...issued, issuer: { ...issuer, form10bdDueOn: '05-31' } }));
    expect(domestic).not.toContain('FCRA');
    expect(domestic).toContain('Form 10BE');
  });

  it('says the usual tax sections in Hindi, and prints any other wording as typed (issue 32)', () => {
    expect(taxSectionInHindi('section 133, Income-tax Act 2025')).toBe('आयकर अधिनियम 2025 की धारा 133');
    expect(taxSectionInHindi('Section 80G of the Income-tax Act, 1961')).toBe('आयकर अधिनियम 1961 की धारा 80G');
    expect(taxSectionInHindi('u/s 80G(5)(vi) of the Income Tax Act')).toBe('आयकर अधिनियम की धारा 80G(5)(vi)');
    expect(taxSectionInHindi('80G')).toBe('धारा 80G');
    expect(taxSectionInHindi(' section  12AB ')).toBe('धारा 12AB');
    expect(taxSectionInHindi('as notified by CBDT')).toBe('as notified by CBDT');
  });

  it('masks all of a PAN but its last five characters', () => {
    expect(maskPan('ABCDE1234F')).toBe('XXXXX1234F');
    expect(maskPan(' ABCDE1234F ')).toBe('XXXXX1234F');
  });

  it('links the check to the serial, encoded, and the signature', () => {
    expect(receiptCheckUrl('https://sahay.example/', 'SAHAY/2026-27/000001', '1.a_b-c')).toBe('https://sahay.example/donate/receipt/SAHAY%2F2026-27%2F000001?s=1.a_b-c');
  });

  it('formats dates and the file name', () => {
    expect(formatReceiptDate('2027-03-31')).toBe('31/03/2027');
    expect(receiptFileName(serial, 'issued')).toBe('receipt-SAHAY-2026-27-000123.pdf');
    expect(receiptFileName(serial, 'cancelled')).toBe('receipt-SAHAY-2026-27-000123-cancelled.pdf');
  });

  it('refuses a bad date, a zero amount and an invalid creation date, naming what is wrong', async () => {
    expect(() => formatReceiptDate('31-03-2027')).toThrow('A receipt date must be YYYY-MM-DD, got "31-03-2027"');
    await expect(renderReceiptPdf({ ...cancelled, cancellation: { cancelledAt: 'yesterday', reason: 'Duplicate' } })).rejects.toThrow(
      'The cancellation time is not a time: "yesterday"',
    );
    await expect(renderReceiptPdf({ ...issued, amountPaise: 0 })).rejects.toThrow('An amount in words needs a whole number of paise of at least 1, got 0');
    await expect(renderReceiptPdf({ ...issued, createdAt: new Date('nope') })).rejects.toThrow('A PDF needs a valid creation date');
    await expect(renderReceiptPdf({ ...issued, issuedOn: '2026-5-2' })).rejects.toThrow('A receipt date must be YYYY-MM-DD');
  });
});

describe('what the worker keeps after drawing a receipt', () => {
  it('keeps the shaping of the fixed wording, and none of the donor’s name or address', async () => {
    await renderReceiptPdf({ ...issued, donor: { name: 'ज़ुबैदा ख़ातून Qureshi', pan: 'ABCDE1234F', address: 'मोहल्ला क़ाज़ीपुरा, Bhopal' } });
    for (const personal of ['ज़ुबैदा', 'ख़ातून', 'Qureshi', 'क़ाज़ीपुरा', 'Bhopal']) expect(isShapingCached(personal), personal).toBe(false);
    for (const fixed of ['रसीद', 'स्वेच्छा', 'Receipt']) expect(isShapingCached(fixed), fixed).toBe(true);
  });
});
