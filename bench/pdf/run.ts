/**
 * PDF benchmark: renders BENCH_DOCUMENTS (default 100) bilingual receipt-like documents through
 * server/src/pdf (header with a QR, heading, label/value rows, a table, a payment QR, page numbers)
 * and prints milliseconds per document, the size of one, and the process's memory before and after.
 * Then, for the decision record (017), pdfkit alone drawing the same mixed text with its fonts given
 * as file paths (parsed again for every document) against fonts opened once. Figures only.
 *
 *   npm run bench:pdf               (tsx --expose-gc bench/pdf/run.ts: heap figures after collection)
 *   BENCH_DOCUMENTS=300 npm run bench:pdf
 */
import PDFDocument from 'pdfkit';
import { openPdfFonts, resolvePdfFontFile, type PdfFontName } from '#server/pdf/fonts';
import { createPdfLayout } from '#server/pdf/pdf-layout';
import { fontFor, splitScriptRuns } from '#server/pdf/text';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100);
const FONT_SAMPLES = Number(process.env.BENCH_FONT_SAMPLES ?? 10);
const createdAt = new Date('2026-04-01T10:00:00Z');

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
function memory(): string {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return `rss ${mib(rss)}, heap ${mib(heapUsed)}`;
}

async function receipt(index: number): Promise<Buffer> {
  const layout = createPdfLayout({ title: `Receipt SAHAY-2026-${index}`, author: 'Sahay Foundation', createdAt });
  layout.header(
    {
      name: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' },
      address: { en: '12 Gandhi Road, Patna, Bihar 800001', hi: '12 गांधी रोड, पटना, बिहार 800001' },
      registrationNo: 'BR/2020/0042',
      pan: 'ABCDE1234F',
      twelveANo: 'AAATS1234FE20214',
      taxExemptionNo: 'AAATS1234FF20214',
    },
    { qr: `https://sahay.example/receipts/SAHAY-2026-${index}` },
  );
  layout.heading({ en: 'Donation receipt', hi: 'दान रसीद' });
  layout.labelValues([
    { label: { en: 'Receipt No.', hi: 'रसीद संख्या' }, value: `SAHAY-2026-${String(index).padStart(5, '0')}` },
    { label: { en: 'Donor', hi: 'दाता' }, value: 'श्रीमती कृष्णा देवी (Krishna Devi)' },
    { label: { en: 'Address', hi: 'पता' }, value: 'आर्द्र क्षेत्र, वार्ड 7, Patna, Bihar' },
    { label: { en: 'Amount', hi: 'राशि' }, value: `₹ ${1100 + index}.00` },
    { label: { en: 'In words', hi: 'शब्दों में' }, value: 'One Thousand One Hundred Rupees Only / एक हज़ार एक सौ रुपये मात्र' },
  ]);
  layout.table({
    columns: [
      { header: { en: 'Date', hi: 'तारीख' }, weight: 1 },
      { header: { en: 'Mode', hi: 'माध्यम' }, weight: 1 },
      { header: { en: 'Reference', hi: 'संदर्भ' }, weight: 2 },
      { header: { en: 'Amount', hi: 'राशि' }, weight: 1, align: 'right' },
    ],
    rows: [['01-04-2026', 'UPI', `UTR 4096${index}`, `₹ ${1100 + index}.00`]],
  });
  layout.qrCode('upi://pay?pa=sahay@sbi&pn=Sahay%20Foundation&cu=INR', { caption: { en: 'Give again', hi: 'फिर से दान करें' } });
  return layout.toBuffer();
}

const MIXED = 'Donation receipt / दान रसीद — श्रीमती कृष्णा देवी, आर्द्र क्षेत्र, ₹ 1,100.00 (एक हज़ार एक सौ रुपये मात्र)';

/** pdfkit alone: the same mixed line in the four faces, with fonts from `source`. */
function plainPdfkit(source: (name: PdfFontName) => string | ReturnType<typeof openPdfFonts>[PdfFontName]): Promise<number> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', font: '', info: { CreationDate: createdAt } });
    let bytes = 0;
    doc.on('data', (chunk: Buffer) => (bytes += chunk.length));
    doc.on('end', () => resolve(bytes));
    doc.on('error', reject);
    for (const name of ['latin', 'latin-bold', 'deva', 'deva-bold'] as const) {
      const font = source(name);
      if (typeof font === 'string') doc.registerFont(name, font);
      else doc.registerFont(name, font);
    }
    for (const bold of [false, true]) {
      for (const run of splitScriptRuns(MIXED)) doc.font(fontFor(run.script, bold)).fontSize(11).text(run.text, { continued: true, baseline: 'alphabetic' });
      doc.text('');
    }
    doc.end();
  });
}

async function main() {
  const start = performance.now();
  openPdfFonts();
  console.log(`fonts opened once: ${(performance.now() - start).toFixed(0)} ms`);
  const first = await receipt(0);
  console.log(`first document (warms fontkit's caches): ${(performance.now() - start).toFixed(0)} ms in all, ${(first.length / 1024).toFixed(1)} KiB`);

  console.log(`before ${DOCUMENTS} documents: ${memory()}`);
  let peakRss = process.memoryUsage().rss;
  const began = performance.now();
  let bytes = 0;
  for (let index = 1; index <= DOCUMENTS; index++) {
    bytes += (await receipt(index)).length;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const elapsed = performance.now() - began;
  console.log(`after ${DOCUMENTS} documents:  ${memory()}, peak rss ${mib(peakRss)}`);
  console.log(`receipt: ${(elapsed / DOCUMENTS).toFixed(1)} ms a document, ${(bytes / DOCUMENTS / 1024).toFixed(1)} KiB on average`);

  for (const [label, source] of [
    ['fonts by path (parsed per document)', (name: PdfFontName) => resolvePdfFontFile(name)],
    ['fonts opened once', (name: PdfFontName) => openPdfFonts()[name]],
  ] as const) {
    await plainPdfkit(source);
    const t0 = performance.now();
    for (let index = 0; index < FONT_SAMPLES; index++) await plainPdfkit(source);
    console.log(`pdfkit alone, one mixed page, ${label}: ${((performance.now() - t0) / FONT_SAMPLES).toFixed(1)} ms a document`);
  }
}

await main();
