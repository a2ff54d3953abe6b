import { beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '#server/lib/amount-in-words';
import { isShapingCached } from '#server/pdf/fonts';
import { devanagariSignsOutOfPlace, pdfInfo, pdfStructure } from '#server/testing/pdf/pdf-structure';
import { extractPdfText } from '#server/testing/pdf/pdf-render';
import type { ReceiptIssuer } from '../donations.events.ts';
import { CASH_ABOVE_LIMIT_NOTE } from '../receipts/receipt-pdf.ts';
import { renderYearlyStatementPdf, yearlyStatementFileName, type YearlyStatementDonor, type YearlyStatementGift, type YearlyStatementInput } from './yearly-statement-pdf.ts';

const issuer: ReceiptIssuer = {
  foundationName: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' },
  address: { en: '12 Gandhi Road, Patna, Bihar 800001', hi: '12 गांधी रोड, पटना, बिहार 800001' },
  pan: 'AAATS1234F',
  registrationNo: 'BR/2020/0042',
  twelveANo: 'AAATS1234FE20214',
  taxExemptionNo: 'AAATS1234FF20214',
  taxSectionLabel: 'section 133, Income-tax Act 2025',
  phone: '+91 612 000 0000',
  email: 'donate@sahay.example',
};

/** Three gifts, given out of date order; the last is cash above ₹2,000. Total ₹1,57,500.75. */
const threeGifts: YearlyStatementGift[] = [
  { serial: 'SAHAY/2026-27/000142', receivedOn: '2027-03-31', reference: 'QRST6789', amountPaise: 2_500_25, cause: 'medical', mode: 'cash', isCashAboveLimit: true },
  { serial: 'SAHAY/2026-27/000007', receivedOn: '2026-04-12', reference: 'ABCD2345', amountPaise: 5_000_00, cause: 'general', mode: 'upi', isCashAboveLimit: false },
  { serial: 'SAHAY/2026-27/000019', receivedOn: '2026-08-15', reference: 'HJKM3456', amountPaise: 1_50_000_50, cause: 'kanyadan', mode: 'bank-transfer', isCashAboveLimit: false },
];

const krishna = { name: 'श्रीमती कृष्णा देवी (Krishna Devi)', pan: 'ABCDE1234F', address: 'आर्द्र क्षेत्र, वार्ड 7, Patna, Bihar 800001' };

/** The statement of one donor (most tests), or of the sections given. */
function statementOf(donor: YearlyStatementDonor['donor'], gifts: readonly YearlyStatementGift[], more: YearlyStatementDonor[] = []): YearlyStatementInput {
  return { financialYear: '2026-27', issuer, donors: [{ donor, gifts }, ...more], generatedOn: '2027-04-15', createdAt: new Date('2027-04-15T04:30:00Z') };
}

const small = statementOf(krishna, threeGifts);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A year of 150 gifts spread from April to March, serial n received on the n-th date, every 25th in
 * cash above ₹2,000; handed over in a scrambled order (7 and 150 share no factor, so i*7 mod 150
 * visits every gift once).
 */
function yearOfGifts(count: number): YearlyStatementGift[] {
  const inOrder = Array.from({ length: count }, (_, index): YearlyStatementGift => {
    const isCash = index % 25 === 24;
    return {
      serial: `SAHAY/2026-27/${String(index + 1).padStart(6, '0')}`,
      receivedOn: new Date(Date.UTC(2026, 3, 1) + Math.floor((index * 365) / count) * DAY_MS).toISOString().slice(0, 10),
      reference: `ABCD${String(2000 + index).padStart(4, '0')}`,
      amountPaise: isCash ? 5_000_00 : 1_000_00 + index * 37,
      cause: index % 2 === 0 ? 'education' : 'accident',
      mode: isCash ? 'cash' : index % 3 === 0 ? 'bank-transfer' : 'upi',
      isCashAboveLimit: isCash,
    };
  });
  return inOrder.map((_, index) => inOrder[(index * 7) % count]!);
}

const flatten = (text: string) => text.replace(/\s+/g, ' ');
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;
/** DD/MM/YYYY, written independently of formatReceiptDate. */
const indianDate = (iso: string) => iso.split('-').reverse().join('/');

describe('the yearly statement of a few gifts', () => {
  let pdf: Buffer;
  let text: string;

  beforeAll(async () => {
    pdf = await renderYearlyStatementPdf(small);
    text = await extractPdfText(pdf);
  });

  it('is a PDF with the year in its title, the foundation header, the donor and the date it was made', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const flat = flatten(text);
    for (const expected of [
      'Statement of donations, financial year 2026-27',
      'Sahay Foundation',
      '12 Gandhi Road, Patna, Bihar 800001',
      'AAATS1234F',
      'BR/2020/0042',
      'AAATS1234FE20214',
      'Tax-exemption approval (section 133, Income-tax Act 2025)',
      'AAATS1234FF20214',
      '(Krishna Devi)',
      'Patna, Bihar 800001',
      '01/04/2026 – 31/03/2027',
      'Generated on',
      '15/04/2027',
      'Page 1 of 1',
    ]) {
      expect(flat).toContain(expected);
    }
  });

  it('prints the donor’s PAN masked and never in full', () => {
    expect(text).toContain('XXXXX1234F');
    expect(text).not.toContain('ABCDE1234F');
  });

  it('lists each gift once, by date received, with its serial, date, reference, cause, mode and amount', () => {
    const flat = flatten(text);
    for (const gift of threeGifts) {
      expect(occurrences(flat, gift.serial), gift.serial).toBe(1);
      expect(flat).toContain(indianDate(gift.receivedOn));
    }
    for (const expected of ['ABCD-2345', 'HJKM-3456', 'QRST-6789', 'General fund', 'Kanyadan', 'Medical aid', 'UPI', 'Bank transfer (NEFT/RTGS/IMPS)', 'Cash', '₹5,000.00', '₹1,50,000.50']) {
      expect(flat).toContain(expected);
    }
    const positions = ['SAHAY/2026-27/000007', 'SAHAY/2026-27/000019', 'SAHAY/2026-27/000142'].map((serial) => flat.indexOf(serial));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('totals the gifts in figures and in words, in English and in Hindi', () => {
    const flat = flatten(text);
    expect(flat).toContain('₹1,57,500.75');
    expect(flat).toContain('Rupees One Lakh Fifty Seven Thousand Five Hundred And Seventy Five Paise Only');
    expect(flat).toContain('रुपये एक लाख सत्तावन हज़ार पाँच सौ और पचहत्तर पैसे मात्र');
    expect(flat).toContain('Number of donations');
  });

  it('gives its Hindi to pdftotext exactly as written', () => {
    const flat = flatten(text);
    for (const expected of [
      'सहाय फ़ाउंडेशन',
      'Statement of donations, financial year 2026-27 / दान विवरण, वित्तीय वर्ष 2026-27',
      'Donor / दाता का नाम',
      'श्रीमती कृष्णा देवी (Krishna Devi)',
      'आर्द्र क्षेत्र, वार्ड 7, Patna, Bihar 800001',
      'Period / अवधि',
      'Generated on / तैयार करने की तारीख़',
      'प्राप्ति की तारीख़',
      'किस मद में',
      'भुगतान का माध्यम',
      'सामान्य कोष',
      'चिकित्सा सहायता',
      'बैंक ट्रांसफ़र (NEFT/RTGS/IMPS)',
      'Number of donations / दानों की संख्या',
      'In words (Hindi) / शब्दों में (हिंदी)',
      'यह विवरण ऊपर दी गई रसीदों का योग है और किसी रसीद का स्थान नहीं लेता। कर-कटौती का दावा न रसीदों से होता है न इस विवरण से: उसके लिए फ़ॉर्म 10BE का प्रमाणपत्र चाहिए।',
      `* ${CASH_ABOVE_LIMIT_NOTE.hi}`,
      'Page 1 of 1 / पृष्ठ 1 / 1',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(devanagariSignsOutOfPlace(text)).toEqual([]);
  });

  it('is tagged: a heading, the donor’s details and the gifts as tables, the gifts’ header row marked as such', async () => {
    expect((await pdfInfo(pdf)).Tagged).toBe('yes');
    const tree = await pdfStructure(pdf);
    expect(tree.filter((node) => node.depth === 1 && node.type !== 'P').map((node) => node.type)).toEqual(['H1', 'Table', 'Table', 'Table']);
    expect(tree.filter((node) => node.type === 'THead')).toHaveLength(1);
    expect(tree.filter((node) => node.attributes.includes('/Scope /Column'))).toHaveLength(6);
    expect(tree.filter((node) => node.type === 'TD')).toHaveLength(5 + 3 * 6 + 4);
  });

  it('no longer tells the donor to claim with the receipts: the deduction is claimed with Form 10BE (issue 31)', () => {
    expect(flatten(text)).toContain('Neither the receipts nor this statement are what a tax deduction is claimed with: that is the certificate in Form 10BE.');
    expect(flatten(text)).not.toContain('remains the document to use');
  });

  it('marks the cash gift above ₹2,000 and carries the receipt’s note for it', () => {
    const flat = flatten(text);
    expect(flat).toContain('* ₹2,500.25');
    expect(flat).toContain(`* ${CASH_ABOVE_LIMIT_NOTE.en}`);
    expect(occurrences(flat, '* ₹')).toBe(1);
  });
});

describe('what the statement leaves out', () => {
  it('has no cash note or mark when no gift needs one', async () => {
    const gifts = threeGifts.map((gift) => (gift.isCashAboveLimit ? { ...gift, mode: 'upi' as const, isCashAboveLimit: false } : gift));
    const text = flatten(await extractPdfText(await renderYearlyStatementPdf(statementOf(krishna, gifts))));
    expect(text).toContain('SAHAY/2026-27/000142');
    expect(text).toContain('₹1,57,500.75');
    expect(text).not.toContain('80G(5D)');
    expect(text).not.toContain('cash above');
    expect(text).not.toContain('*');
  });

  it('leaves out the PAN and address rows when the donor gave none', async () => {
    const text = flatten(await extractPdfText(await renderYearlyStatementPdf(statementOf({ name: 'Ramesh Kumar', pan: null, address: null }, threeGifts))));
    expect(text).toContain('Ramesh Kumar');
    for (const absent of ["Donor's PAN", 'XXXXX', 'Address /']) expect(text).not.toContain(absent);
  });

  it('keeps the shaping of its fixed wording, and none of the donor’s name or address', async () => {
    await renderYearlyStatementPdf(statementOf({ name: 'ज़ुबैदा ख़ातून Qureshi', pan: null, address: 'मोहल्ला क़ाज़ीपुरा, Bhopal' }, threeGifts));
    for (const personal of ['ज़ुबैदा', 'ख़ातून', 'Qureshi', 'क़ाज़ीपुरा', 'Bhopal']) expect(isShapingCached(personal), personal).toBe(false);
    for (const fixed of ['विवरण', 'Statement']) expect(isShapingCached(fixed), fixed).toBe(true);
  });
});

describe('a year of 150 gifts', () => {
  const gifts = yearOfGifts(150);
  let pages: string[];
  let flat: string;

  beforeAll(async () => {
    const text = await extractPdfText(await renderYearlyStatementPdf(statementOf(krishna, gifts)));
    pages = text.split('\f').filter((page) => page.trim() !== '');
    flat = flatten(text);
  });

  it('runs over several numbered pages', () => {
    expect(pages.length).toBeGreaterThanOrEqual(4);
    pages.forEach((page, index) => expect(flatten(page)).toContain(`Page ${index + 1} of ${pages.length}`));
  });

  it('prints every serial exactly once, in the order of the dates received', () => {
    const positions = gifts
      .map((gift) => gift.serial)
      .sort()
      .map((serial) => {
        expect(occurrences(flat, serial), serial).toBe(1);
        return flat.indexOf(serial);
      });
    // Serial n was received on the n-th date, so date order is serial order.
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('tags the table once, its header row repeated on later pages only as an artifact, every gift a row', async () => {
    const pdf = await renderYearlyStatementPdf(statementOf(krishna, gifts));
    const tree = await pdfStructure(pdf);
    expect(tree.filter((node) => node.type === 'THead')).toHaveLength(1);
    expect(tree.filter((node) => node.type === 'TBody')).toHaveLength(1);
    expect(tree.filter((node) => node.attributes.includes('/Scope /Column'))).toHaveLength(6);
    // The gifts' rows and their header row, plus the label/value rows (name, PAN, address, period, date; count, total, words ×2).
    expect(tree.filter((node) => node.type === 'TR')).toHaveLength(150 + 1 + 5 + 4);
    expect(devanagariSignsOutOfPlace(await extractPdfText(pdf))).toEqual([]);
  });

  it('repeats the table header on every page the table runs over', () => {
    const tablePages = pages.filter((page) => page.includes('SAHAY/2026-27/'));
    expect(tablePages.length).toBeGreaterThanOrEqual(4);
    for (const page of tablePages) {
      expect(occurrences(page, 'Receipt No.')).toBe(1);
      expect(page).toContain('Mode of payment');
      // The header comes before the page's first row.
      expect(page.indexOf('Receipt No.')).toBeLessThan(page.indexOf('SAHAY/2026-27/'));
    }
  });

  it('totals all of them and marks each cash gift above ₹2,000', () => {
    const total = gifts.reduce((sum, gift) => sum + gift.amountPaise, 0);
    expect(flat).toContain(formatRupees(total));
    expect(flat).toMatch(/Number of donations \/ [^\d]+ 150 /);
    expect(occurrences(flat, '* ₹5,000.00')).toBe(gifts.filter((gift) => gift.isCashAboveLimit).length);
    expect(flat).toContain(`* ${CASH_ABOVE_LIMIT_NOTE.en}`);
  });
});

describe('the same statement, drawn again', () => {
  it('gives the same bytes for the same input, whatever order the gifts come in', async () => {
    const first = await renderYearlyStatementPdf(small);
    expect((await renderYearlyStatementPdf(small)).equals(first)).toBe(true);
    expect((await renderYearlyStatementPdf(statementOf(krishna, [...threeGifts].reverse()))).equals(first)).toBe(true);
    // The creation date is written into the file, so another one gives other bytes.
    expect((await renderYearlyStatementPdf({ ...small, createdAt: new Date('2027-04-16T04:30:00Z') })).equals(first)).toBe(false);
  });
});

describe('refusals and the file name', () => {
  it('refuses a statement of no gift', async () => {
    await expect(renderYearlyStatementPdf(statementOf(krishna, []))).rejects.toThrow(RangeError);
    await expect(renderYearlyStatementPdf(statementOf(krishna, []))).rejects.toThrow('A yearly statement needs at least one donation for each donor; none was given for 2026-27');
    await expect(renderYearlyStatementPdf({ ...small, donors: [] })).rejects.toThrow(RangeError);
  });

  it('refuses a financial year not written like 2026-27', async () => {
    for (const financialYear of ['2026-2027', '2026-28', '26-27', '']) {
      await expect(renderYearlyStatementPdf({ ...small, financialYear })).rejects.toThrow(RangeError);
    }
  });

  it('names the file after the year', () => {
    expect(yearlyStatementFileName('2026-27')).toBe('donation-statement-2026-27.pdf');
    expect(yearlyStatementFileName('2099-00')).toBe('donation-statement-2099-00.pdf');
  });
});
