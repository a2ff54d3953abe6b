/** Form 10BE certificates as the income-tax portal issues them, and ZIPs of them, for tests (issue 31). */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import PDFDocument from 'pdfkit';

/** What a Form 10BE certificate states, as the income-tax portal prints it (Latin text). */
export interface CertificateFields {
  foundationPan: string;
  foundationName?: string;
  urn?: string;
  section?: string;
  arn: string;
  filedOn?: string;
  idCode?: string;
  idNumber: string;
  donorName: string;
  donorAddress?: string;
  amount: string;
  financialYear: string;
  donationType?: string;
  modeOfReceipt?: string;
}

/**
 * A certificate PDF in the portal's layout: the heading, the rule and section it is issued under,
 * then the numbered particulars in a two-column table (label left, value right), and the footer
 * the portal prints. Drawn with pdfkit's built-in Helvetica, as the portal's are Latin text.
 */
export function certificatePdf(fields: CertificateFields): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: 'Form No. 10BE', Producer: 'Income Tax Department e-Filing' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(14).text('FORM NO. 10BE', { align: 'center' });
  doc.font('Helvetica').fontSize(9).text('[See rule 18AB]', { align: 'center' });
  doc.moveDown(0.5);
  doc
    .fontSize(10)
    .text('Certificate of donation under clause (ix) of sub-section (5) of section 80G / clause (ii) of sub-section (1A) of section 35 of the Income-tax Act, 1961', { align: 'center' });
  doc.moveDown();
  const rows: [string, string][] = [
    ['1. PAN of the reporting person', fields.foundationPan],
    ['2. Name of the reporting person', fields.foundationName ?? 'SAHAY FOUNDATION'],
    ['3. Approval number/Unique Registration Number (URN)', fields.urn ?? `${fields.foundationPan}E20214`],
    ['4. Section', fields.section ?? 'Section 80G'],
    ['5. Acknowledgement Reference Number (ARN) of Form 10BD', fields.arn],
    ['6. Date of filing of Form 10BD', fields.filedOn ?? '28-May-2027'],
    ['7. Unique Identification Number of the donor', fields.idNumber],
    ['8. ID code', fields.idCode ?? 'Permanent Account Number'],
    ['9. Name of donor', fields.donorName],
    ['10. Address of donor', fields.donorAddress ?? '12 Civil Lines, Jaipur, Rajasthan 302006'],
    ['11. Amount of donation (Indian Rupees)', fields.amount],
    ['12. Financial year in which donation is received', fields.financialYear],
    ['13. Type of donation', fields.donationType ?? 'Others'],
    ['14. Mode of receipt', fields.modeOfReceipt ?? 'Electronic modes including account payee cheque/draft'],
  ];
  let y = doc.y;
  for (const [label, value] of rows) {
    doc.rect(50, y - 4, 495, 22).stroke();
    doc.font('Helvetica').fontSize(9).text(label, 56, y, { width: 250, lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(8.5).text(value, 310, y, { width: 232, lineBreak: false });
    y += 22;
  }
  doc.font('Helvetica').fontSize(8).text('This is a computer generated certificate and does not require a signature.', 50, y + 20);
  doc.end();
  return done;
}

/** A ZIP of files, as the portal's download is: deflated unless said otherwise. */
export function zipOfFiles(files: readonly { name: string; bytes: Buffer; stored?: boolean }[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      chunks.push(chunk);
      if (final) resolve(Buffer.concat(chunks));
    });
    for (const file of files) {
      const entry = file.stored ? new ZipPassThrough(file.name) : new ZipDeflate(file.name, { level: 6 });
      zip.add(entry);
      entry.push(new Uint8Array(file.bytes), true);
    }
    zip.end();
  });
}

/** A ZIP bomb: one entry of `mebibytes` MB of zeros, deflated to a few hundred KB, whose headers claim it is small. */
export async function zipBomb(mebibytes: number): Promise<Buffer> {
  const zip = await zipOfFiles([{ name: 'certificates/ABCPS1234K.pdf', bytes: Buffer.alloc(mebibytes * 1024 * 1024) }]);
  // The central directory's and local header's "uncompressed size" say 1 KB: a reader that trusts them is fooled.
  for (let offset = 0; offset + 4 <= zip.length; offset += 1) {
    const signature = zip.readUInt32LE(offset);
    if (signature === 0x04034b50) zip.writeUInt32LE(1024, offset + 22);
    if (signature === 0x02014b50) zip.writeUInt32LE(1024, offset + 24);
  }
  return zip;
}
