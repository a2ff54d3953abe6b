import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSigningCertificate } from '#server/modules/site/site.api';
import type { PdfSigningIdentity } from '#server/pdf/pdf-signing';
import { devanagariSignsOutOfPlace, pdfStructure, type StructureNode } from '#server/testing/pdf/pdf-structure';
import { extractPdfText } from '#server/testing/pdf/pdf-render';
import { makeTestPkcs12 } from '#server/testing/signing/test-certificates';
import type { ReceiptIssuer } from '../donations.events.ts';
import { renderYearlyStatementPdf } from '../statements/yearly-statement-pdf.ts';
import { DIGITALLY_SIGNED_NOTE, form10beNote, formatDayOfYear, renderReceiptPdf, SIGNATORY_LABELS, type ReceiptPdfInput } from './receipt-pdf.ts';

const run = promisify(execFile);

// Issue 31: the receipt an auditor accepts — approval dates, the signatory, a cheque's bank and date,
// the Form 10BE note — and a digital signature pdfsig finds valid. A receipt issued before keeps its bytes.

const oldIssuer: ReceiptIssuer = {
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
const oldReceipt: Extract<ReceiptPdfInput, { variant: 'issued' }> = {
  variant: 'issued',
  serial: 'SAHAY/2025-26/000042',
  issuedOn: '2025-11-02',
  issuer: oldIssuer,
  reference: 'ABCD2345',
  donor: { name: 'श्री राजेश श्रीवास्तव (Rajesh Srivastava)', pan: 'ABCDE1234F', address: 'सिविल लाइंस, पटना' },
  amountPaise: 5_000_00,
  cause: 'education',
  mode: 'cheque',
  receivedOn: '2025-11-01',
  utr: null,
  instrumentNumber: '004512',
  isCashAboveLimit: false,
  checkUrl: 'https://sahay.example/donate/receipt/SAHAY%2F2025-26%2F000042?s=1.abc',
  createdAt: new Date('2025-11-02T06:00:00Z'),
};

/** pdftotext's lines joined: a phrase the layout wrapped reads as one. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const issuer: ReceiptIssuer = {
  ...oldIssuer,
  approvalIssuedOn: '2022-03-28',
  approvalValidFrom: '2022-04-01',
  approvalValidUntil: '2027-03-31',
  signatoryName: 'श्रीमती सुनीता कृष्ण शर्मा (Sunita Sharma)',
  signatoryDesignation: 'Treasurer / कोषाध्यक्ष',
  signatureFileId: '3f1c1b0e-2d3a-4c4b-9e5f-6a7b8c9d0e1f',
  form10bdDueOn: '05-31',
};
const newReceipt: Extract<ReceiptPdfInput, { variant: 'issued' }> = {
  ...oldReceipt,
  issuer,
  serial: 'SAHAY/2026-27/000007',
  issuedOn: '2026-05-02',
  receivedOn: '2026-05-01',
  instrument: { bank: 'State Bank of India, Patna Main', date: '2026-04-28' },
  createdAt: new Date('2026-05-02T06:00:00Z'),
};

/** A signature as a phone would photograph it: dark strokes on paper, as a PNG. */
async function signaturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="#f4f1ea"/><path d="M30 150 C 120 20, 180 190, 260 80 S 420 60, 560 140" stroke="#111" stroke-width="9" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function pdfsig(pdf: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-pdfsig-'));
  const file = path.join(dir, 'signed.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const { stdout } = await run('pdfsig', [file]).catch((error: { stdout?: string; code?: number }) => ({ stdout: error.stdout ?? `exit ${String(error.code)}` }));
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const figureCount = (nodes: StructureNode[]) => nodes.filter((node) => node.type === 'Figure').length;

describe('a receipt issued before issue 31', () => {
  it('renders to exactly the bytes it did before (issued and cancelled)', async () => {
    // The digests of what the code of main before issue 31 drew for these inputs, in a fresh process.
    const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../testing/pdf/old-receipt-digests.ts');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, JSON.stringify(oldReceipt)], { cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..') });
    expect(JSON.parse(stdout)).toEqual({
      issued: ['4e44d1585e6a187be60133df3e9b7a2747bae98594b5bd38a008c0ca825bafa0', 33884],
      cancelled: ['55beb2b2cb0e9b65ab278e4d55801683aceb504ed5f63313b9b6704adde431de', 36744],
    });
  }, 60_000);
});

describe('a receipt shaped by HarfBuzz (decision 082)', () => {
  it('renders to the same pinned bytes in a fresh process, issued and cancelled: a shaper upgrade that changes them fails here', async () => {
    const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../testing/pdf/old-receipt-digests.ts');
    const input: Extract<ReceiptPdfInput, { variant: 'issued' }> = { ...oldReceipt, issuer: { ...issuer, shaper: 'harfbuzz' }, issuedOn: '2026-11-30', createdAt: new Date('2026-11-30T06:00:00Z') };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, JSON.stringify(input)], { cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..') });
    const pinned = {
      issued: ['28c510f2d095427c59370faf4953fe2c2e322d5b5dfde9c04b78d5325232b732', 38198],
      cancelled: ['2fc3fe06a1e486cafb22d46342422de5244ff1b8f118a5c2d3bbd6a38eee42be', 39223],
    };
    expect(JSON.parse(stdout)).toEqual(pinned);
    // And the same bytes in this process, which has drawn other files' PDFs before: HarfBuzz's glyphs
    // carry their own cluster's characters, so nothing the process drew earlier changes ToUnicode.
    const digest = (bytes: Buffer) => [crypto.createHash('sha256').update(bytes).digest('hex'), bytes.length];
    expect(digest(await renderReceiptPdf(input))).toEqual(pinned.issued);
  }, 60_000);
});

describe('a receipt issued with issue 31', () => {
  let unsigned: Buffer;
  let text: string;

  beforeAll(async () => {
    unsigned = await renderReceiptPdf({ ...newReceipt, signatureImage: await signaturePng() });
    text = await extractPdfText(unsigned);
  });

  it("prints the approval's date of issue and validity", () => {
    expect(flat(text)).toContain(`${SIGNATORY_LABELS.approvalIssuedOn.en} / ${SIGNATORY_LABELS.approvalIssuedOn.hi} 28/03/2022`);
    expect(flat(text)).toContain(`${SIGNATORY_LABELS.approvalValidity.en} / ${SIGNATORY_LABELS.approvalValidity.hi} 01/04/2022 – 31/03/2027`);
  });

  it("prints the cheque's bank and date beside its number", () => {
    expect(flat(text)).toContain('Cheque No., bank and date / चेक संख्या, बैंक और तारीख़ 004512 — State Bank of India, Patna Main — 28/04/2026');
  });

  it('prints the signatory with their designation, and the signature image above the name', async () => {
    expect(text).toContain('श्रीमती सुनीता कृष्ण शर्मा (Sunita Sharma)');
    expect(text).toContain('Treasurer / कोषाध्यक्ष');
    expect(text).toContain('Authorised signatory / अधिकृत हस्ताक्षरकर्ता');
    expect(text.indexOf('श्रीमती सुनीता कृष्ण शर्मा')).toBeLessThan(text.indexOf('Authorised signatory'));
    // The QR code, and the signature: a figure more than the same receipt without the image.
    expect(figureCount(await pdfStructure(unsigned))).toBe(2);
    expect(figureCount(await pdfStructure(await renderReceiptPdf(newReceipt)))).toBe(1);
  });

  it('says in both languages that Form 10BE follows the filing of Form 10BD, by its due day', () => {
    const note = form10beNote('05-31');
    expect(flat(text)).toContain(note.en);
    expect(flat(text)).toContain(note.hi);
    expect(note.en).toContain('due by 31 May');
    expect(note.hi).toContain('31 मई तक');
    expect(formatDayOfYear('09-30')).toEqual({ en: '30 September', hi: '30 सितंबर' });
    expect(devanagariSignsOutOfPlace(text)).toEqual([]);
  });

  it('claims no digital signature when it has none', async () => {
    expect(flat(text)).not.toContain(DIGITALLY_SIGNED_NOTE.en);
    expect(flat(text)).not.toContain(DIGITALLY_SIGNED_NOTE.hi);
    expect(unsigned.includes('/ByteRange')).toBe(false);
    expect(await pdfsig(unsigned)).toMatch(/does not contain any signatures/);
  });

  it('leaves the 10BE note off a cancelled receipt and off cash above ₹2,000', async () => {
    const cash = await extractPdfText(await renderReceiptPdf({ ...newReceipt, mode: 'cash', instrumentNumber: null, instrument: null, isCashAboveLimit: true }));
    expect(flat(cash)).not.toContain('Form 10BE');
    const cancelled = await extractPdfText(
      await renderReceiptPdf({ ...newReceipt, variant: 'cancelled', cancellation: { cancelledAt: '2026-06-10T10:00:00Z', reason: 'Cheque bounced' }, createdAt: new Date('2026-06-10T10:00:00Z') }),
    );
    expect(flat(cancelled)).not.toContain('Form 10BE');
  });
});

describe('a digitally signed receipt and yearly statement', () => {
  let identity: PdfSigningIdentity;

  beforeAll(() => {
    const p12 = makeTestPkcs12({ notBefore: new Date('2026-01-01T00:00:00Z'), notAfter: new Date('2036-01-01T00:00:00Z'), password: 'गुप्त-Secret 42' });
    identity = readSigningCertificate(p12, 'गुप्त-Secret 42').identity;
  });

  it('is a signature pdfsig finds valid, and its Hindi still extracts exactly', async () => {
    const signed = await renderReceiptPdf({ ...newReceipt, signing: identity });
    const report = await pdfsig(signed);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: Sahay Foundation (test)');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toMatch(/Total document signed/);
    const text = await extractPdfText(signed);
    expect(flat(text)).toContain(DIGITALLY_SIGNED_NOTE.en);
    expect(flat(text)).toContain(DIGITALLY_SIGNED_NOTE.hi);
    expect(text).toContain('श्री राजेश श्रीवास्तव (Rajesh Srivastava)');
    expect(flat(text)).toContain(form10beNote('05-31').hi);
    expect(devanagariSignsOutOfPlace(text)).toEqual([]);
  });

  it('is no longer valid once a byte of it is changed', async () => {
    const signed = await renderReceiptPdf({ ...newReceipt, signing: identity });
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('SAHAY/2026-27/000007');
    tampered.write('SAHAY/2026-27/000008', at, 'latin1');
    expect(await pdfsig(tampered)).not.toContain('Signature is Valid.');
  });

  it('signs the yearly statement too, which says where the 10BE certificate comes from', async () => {
    const statement = await renderYearlyStatementPdf({
      financialYear: '2026-27',
      issuer,
      donors: [
        {
          donor: newReceipt.donor,
          gifts: [{ serial: newReceipt.serial, receivedOn: newReceipt.receivedOn, reference: newReceipt.reference, amountPaise: newReceipt.amountPaise, cause: 'education', mode: 'cheque', isCashAboveLimit: false }],
        },
      ],
      generatedOn: '2026-06-01',
      createdAt: new Date('2026-06-01T05:00:00Z'),
      signing: identity,
    });
    expect(await pdfsig(statement)).toContain('Signature Validation: Signature is Valid.');
    const text = flat(await extractPdfText(statement));
    expect(text).toContain(form10beNote('05-31').en);
    expect(text).toContain('Neither the receipts nor this statement are what a tax deduction is claimed with');
    expect(text).not.toContain('remains the document to use');
  });
});
