import { describe, expect, it } from 'vitest';
import { latinNameSuggestion } from '#server/shared/latin-name';
import { MAX_ARCHIVE_FILES, unpackArchive } from './certificate-archive.ts';
import { isSameLatinName, matchCertificate, type CandidateGift } from './certificate-match.ts';
import { parseCertificate, readCertificate } from './certificate-text.ts';
import { certificatePdf, zipBomb, zipOfFiles } from '#server/testing/form-10be-certificates';

const fields = { foundationPan: 'AAATS1234F', arn: '123456789012345', idNumber: 'ABCPS1234K', donorName: 'RAHUL KUMAR SHARMA', amount: '12,500.50', financialYear: '2026-27' };

describe('reading a Form 10BE certificate', () => {
  it('reads every particular of a certificate in the portal layout', async () => {
    expect(await readCertificate(await certificatePdf(fields))).toEqual({
      foundationPan: 'AAATS1234F',
      urn: 'AAATS1234FE20214',
      section: 'Section 80G',
      arn: '123456789012345',
      idKind: 'pan',
      idNumber: 'ABCPS1234K',
      donorName: 'RAHUL KUMAR SHARMA',
      amountPaise: 12_500_50,
      financialYear: '2026-27',
      donationType: 'Others',
      modeOfReceipt: 'Electronic modes including account payee cheque/draft',
    });
  });

  it('reads an Aadhaar-identified donor and an amount without commas', async () => {
    const read = await readCertificate(await certificatePdf({ ...fields, idCode: 'Aadhaar Number', idNumber: '2345 6789 0123', amount: '5000' }));
    expect(read).toMatchObject({ idKind: 'aadhaar', idNumber: '234567890123', amountPaise: 5_000_00 });
  });

  it('refuses a damaged PDF, and a PDF that is no certificate', async () => {
    const pdf = await certificatePdf(fields);
    expect(await readCertificate(pdf.subarray(0, Math.floor(pdf.length / 3)))).toBe('unreadable');
    expect(await readCertificate(Buffer.from('%PDF-1.7\nnot really a pdf'))).toBe('unreadable');
    expect(parseCertificate(['FORM NO. 10BD', '9. Name of donor RAHUL', '11. Amount of donation 100'])).toBe('not-a-certificate');
    // A certificate whose amount is missing is not taken as one.
    expect(parseCertificate(['FORM NO. 10BE', '5. Acknowledgement Reference Number (ARN) 123456789', '7. Unique Identification Number of the donor ABCPS1234K', '9. Name of donor RAHUL', '12. Financial year 2026-27'])).toBe('not-a-certificate');
    // A financial year that is no year.
    expect(parseCertificate(['FORM NO. 10BE', '5. Acknowledgement Reference Number (ARN) 123456789', '7. Unique Identification Number of the donor ABCPS1234K', '9. Name of donor RAHUL', '11. Amount of donation 100', '12. Financial year 2026-29'])).toBe('not-a-certificate');
  });
});

describe('unpacking the portal ZIP', () => {
  it('gives each PDF with its name, skipping folders and a Mac resource fork', async () => {
    const a = await certificatePdf(fields);
    const b = await certificatePdf({ ...fields, idNumber: 'BCDPS2345L' });
    const entries = unpackArchive(await zipOfFiles([
      { name: 'Form10BE/', bytes: Buffer.alloc(0), stored: true },
      { name: 'Form10BE/ABCPS1234K.pdf', bytes: a },
      { name: 'Form10BE/BCDPS2345L.pdf', bytes: b, stored: true },
      { name: '__MACOSX/Form10BE/._ABCPS1234K.pdf', bytes: Buffer.from('resource fork') },
    ]));
    expect(typeof entries === 'string' ? entries : entries.map((entry) => [entry.name, entry.bytes.equals(entry.name.endsWith('1234K.pdf') ? a : b)])).toEqual([
      ['Form10BE/ABCPS1234K.pdf', true],
      ['Form10BE/BCDPS2345L.pdf', true],
    ]);
  });

  it('stops a ZIP bomb whose headers claim a small file, at the allowance', async () => {
    const bomb = await zipBomb(40);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const seen = { unpackedBytes: 0 };
    expect(unpackArchive(bomb, seen)).toBe('too-large');
    // Not 40 MB inflated: it stopped at the bound of one entry (8 MB), past it by one slice's inflation (≈ 2 MB) at most.
    // (Counted by the unpacker itself: the process's memory moves with whatever else the test worker holds.)
    expect(seen.unpackedBytes).toBeGreaterThan(8 * 1024 * 1024);
    expect(seen.unpackedBytes).toBeLessThan(11 * 1024 * 1024);
  });

  it('refuses a ZIP of too many files, and one that is damaged', async () => {
    const many = await zipOfFiles(Array.from({ length: MAX_ARCHIVE_FILES + 1 }, (_, index) => ({ name: `${index}.pdf`, bytes: Buffer.from('%PDF-1.7'), stored: true })));
    expect(unpackArchive(many)).toBe('too-many-files');
    const good = await zipOfFiles([{ name: 'a.pdf', bytes: await certificatePdf(fields) }]);
    const damaged = Buffer.from(good);
    damaged.fill(0x41, 40, 400);
    expect(unpackArchive(damaged)).toBe('unreadable');
  });
});

describe('matching a certificate to its donor', () => {
  const gift = (reference: string, donorName: string, receivedOn = '2026-08-01', panName: string | null = null): CandidateGift => ({ reference, donorName, receivedOn, panName });

  it('takes a Devanagari name as a PAN writes it in Latin letters', () => {
    expect(latinNameSuggestion('राहुल कुमार शर्मा')).toMatch(/^Rahul Kumar Sharma$/);
    expect(isSameLatinName('RAHUL KUMAR SHARMA', latinNameSuggestion('राहुल कुमार शर्मा'))).toBe(true);
    expect(isSameLatinName('SHRIVASTAVA ANJALI', latinNameSuggestion('अंजलि श्रीवास्तव'))).toBe(true);
    expect(isSameLatinName('RAHUL SHARMA', 'Rohit Verma')).toBe(false);
    expect(isSameLatinName('', '')).toBe(false);
  });

  it("matches the donor's gifts, latest first, and prefers the name as on PAN", () => {
    expect(matchCertificate({ donorName: 'RAHUL KUMAR SHARMA' }, [gift('AAAA2222', 'राहुल कुमार शर्मा', '2026-06-01'), gift('BBBB3333', 'Rahul Kumar Sharma', '2026-09-01')])).toEqual({
      kind: 'matched',
      references: ['BBBB3333', 'AAAA2222'],
    });
    // The typed name is a nickname; the name as on PAN decides.
    expect(matchCertificate({ donorName: 'KRISHNA MURARI GUPTA' }, [gift('CCCC4444', 'मुन्ना', '2026-06-01', 'Krishna Murari Gupta')])).toEqual({ kind: 'matched', references: ['CCCC4444'] });
  });

  it('leaves for a person: no gift with the ID, a name that is none of theirs, two donors of one PAN the name cannot tell apart', () => {
    expect(matchCertificate({ donorName: 'RAHUL SHARMA' }, [])).toEqual({ kind: 'unmatched', reason: 'no-donor', candidates: [] });
    expect(matchCertificate({ donorName: 'RAHUL SHARMA' }, [gift('DDDD5555', 'सुनीता देवी')])).toEqual({ kind: 'unmatched', reason: 'name-differs', candidates: ['DDDD5555'] });
    // Ram and Rima Sharma share their father's PAN; "RIMA SHARMA" fits both keys but only one spelling.
    const family = [gift('EEEE6666', 'राम शर्मा'), gift('FFFF7777', 'Rima Sharma')];
    expect(matchCertificate({ donorName: 'RIMA SHARMA' }, family)).toEqual({ kind: 'matched', references: ['FFFF7777'] });
    expect(matchCertificate({ donorName: 'RAMA SHARMA' }, family)).toEqual({ kind: 'unmatched', reason: 'several-donors', candidates: ['EEEE6666', 'FFFF7777'] });
    // Two people sharing one PAN with different names: the certificate's name decides.
    expect(matchCertificate({ donorName: 'KAMLA DEVI' }, [gift('GGGG8888', 'कमला देवी'), gift('HHHH9999', 'सुरेश कुमार')])).toEqual({ kind: 'matched', references: ['GGGG8888'] });
  });
});
