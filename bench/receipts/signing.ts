/**
 * `npx tsx bench/receipts/signing.ts` — what a receipt costs to draw (issue 31), in one process,
 * the variants interleaved round by round so a machine shared with others slows them alike:
 * a receipt as issued before issue 31, one with the approval, signatory and signature image, the
 * same signed (PAdES, pdf-signing.ts), and @signpdf/signer-p12 signing the same bytes (what it
 * would add), and the full one shaped by HarfBuzz, unsigned and signed. Prints the median milliseconds per receipt of each. Figures only.
 *
 *   BENCH_ROUNDS=10 BENCH_PER_ROUND=20 npx tsx bench/receipts/signing.ts
 */
import { P12Signer } from '@signpdf/signer-p12';
import sharp from 'sharp';
import { renderReceiptPdf, type ReceiptPdfInput } from '#server/modules/donations/donations.api';
import { readSigningCertificate } from '#server/modules/site/site.api';
import { makeTestPkcs12 } from '#server/testing/signing/test-certificates';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 15);

const old: Extract<ReceiptPdfInput, { variant: 'issued' }> = {
  variant: 'issued',
  serial: 'SAHAY/2026-27/000042',
  issuedOn: '2026-05-02',
  issuer: {
    foundationName: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' },
    address: { en: '12 Gandhi Road, Patna, Bihar 800001', hi: '12 गांधी रोड, पटना, बिहार 800001' },
    pan: 'AAATS1234F',
    registrationNo: 'BR/2020/0042',
    twelveANo: 'AAATS1234FE20214',
    taxExemptionNo: 'AAATS1234FF20214',
    taxSectionLabel: '80G',
    phone: '+91 612 000 0000',
    email: 'donate@sahay.example',
  },
  reference: 'ABCD2345',
  donor: { name: 'श्री राजेश श्रीवास्तव (Rajesh Srivastava)', pan: 'ABCDE1234F', address: 'सिविल लाइंस, पटना' },
  amountPaise: 5_000_00,
  cause: 'education',
  mode: 'cheque',
  receivedOn: '2026-05-01',
  utr: null,
  instrumentNumber: '004512',
  isCashAboveLimit: false,
  checkUrl: 'https://sahay.example/donate/receipt/SAHAY%2F2026-27%2F000042?s=1.abc',
  createdAt: new Date('2026-05-02T06:00:00Z'),
};

const signatureImage = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#f4f1ea' } }).jpeg({ quality: 85 }).toBuffer();
const full: typeof old = {
  ...old,
  issuer: { ...old.issuer, approvalIssuedOn: '2022-03-28', approvalValidFrom: '2022-04-01', approvalValidUntil: '2027-03-31', signatoryName: 'श्रीमती सुनीता शर्मा', signatoryDesignation: 'Treasurer / कोषाध्यक्ष', signatureFileId: 'x', form10bdDueOn: '05-31' },
  instrument: { bank: 'State Bank of India, Patna Main', date: '2026-04-28' },
  signatureImage,
};
/** As issued now: the shaper frozen in the issuer is HarfBuzz; the variants above are drawn by fontkit, as receipts issued before. */
const byHarfBuzz: typeof old = { ...full, issuer: { ...full.issuer, shaper: 'harfbuzz' } };
const p12 = makeTestPkcs12({ notBefore: new Date('2026-01-01'), notAfter: new Date('2031-01-01'), password: 'bench' });
const { identity } = readSigningCertificate(p12, 'bench');

const variants: Record<string, () => Promise<unknown>> = {
  'as before issue 31': () => renderReceiptPdf(old),
  'with approval, signatory, image, 10BE': () => renderReceiptPdf(full),
  '… without the image': () => renderReceiptPdf({ ...full, signatureImage: null }),
  '… without the image and the 10BE note': () => renderReceiptPdf({ ...full, signatureImage: null, issuer: { ...full.issuer, form10bdDueOn: undefined } }),
  'the same, signed (ours)': () => renderReceiptPdf({ ...full, signing: identity }),
  'with all, shaped by HarfBuzz (decision 082)': () => renderReceiptPdf(byHarfBuzz),
  '… and signed': () => renderReceiptPdf({ ...byHarfBuzz, signing: identity }),
  '@signpdf/signer-p12 alone, per signature': () => new P12Signer(p12, { passphrase: 'bench' }).sign(Buffer.alloc(40_000, 1)),
};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (const draw of Object.values(variants)) await draw(); // warm-up: fonts, shaping caches
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, draw] of Object.entries(variants)) {
    const started = performance.now();
    for (let i = 0; i < PER_ROUND; i++) await draw();
    times[name]!.push((performance.now() - started) / PER_ROUND);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [name, values] of Object.entries(times)) console.log(`${name.padEnd(44)} ${median(values).toFixed(1).padStart(7)} ms (median of ${ROUNDS} rounds of ${PER_ROUND})`);
const { rss } = process.memoryUsage();
console.log(`rss at the end ${(rss / 1024 / 1024).toFixed(0)} MiB`);
