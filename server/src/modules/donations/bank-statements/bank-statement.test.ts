import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findUtrs,
  guessMapping,
  headersOf,
  matchStatement,
  MAX_STATEMENT_TRANSACTIONS,
  parseCreditPaise,
  parseDirection,
  parseMarkedAmount,
  parseStatement,
  parseStatementDate,
  readHeaders,
  STATEMENT_PROBLEM_CODES,
  STATEMENT_PROBLEM_MESSAGES,
  statementProblemMessage,
  type ColumnMapping,
  type ParseResult,
  type Pledge,
  type StatementLine,
} from './bank-statement.ts';
import { zipUnpacksWithin } from './bank-statement-file.ts';
import { workbookOf, xlsxBomb, zerosDeflated, zipOf, type SheetCell } from './bank-statement-files.test-helper.ts';

const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing');

function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(fixtureDir, name));
}

function linesOf(result: ParseResult): StatementLine[] {
  if (!result.ok) throw new Error(`expected the statement to parse, got ${JSON.stringify(result.problem)}`);
  return result.lines;
}

function pledge(reference: string, amountPaise: number, utr: string | null, dates: { pledgedAt?: string; proofAt?: string } = {}): Pledge {
  return { reference, amountPaise, utr, pledgedAt: dates.pledgedAt ?? '2026-11-01T06:00:00.000Z', proofAt: dates.proofAt ?? null };
}

/** The pledges open when the three statements below (1–6 Nov 2026) are uploaded. */
const pledges: Pledge[] = [
  pledge('UPAY2345', 1_250_00, '630512345678', { proofAt: '2026-11-01T05:00:00.000Z' }),
  pledge('NEFT2345', 1_25_000_00, 'HDFCN52026110312345678'),
  pledge('NEFT3456', 1_25_000_00, 'SBIN426112345678'),
  pledge('RTGS2345', 2_50_000_00, 'HDFCR52026110412345678'),
  // The donor's UTR is on the statement, but with ₹500 rather than ₹5,000.
  pledge('NEAR2345', 5_000_00, '630898765432'),
  // Three pledges of ₹2,100 and a cash deposit of ₹2,100 on 4 Nov.
  pledge('CASH2345', 2_100_00, null, { pledgedAt: '2026-11-02T04:30:00.000Z' }),
  pledge('CASH3456', 2_100_00, null, { pledgedAt: '2026-10-20T06:00:00.000Z' }),
  // Proof sent at 00:30 on 1 Nov in India (still 31 Oct in UTC, 4 days before the deposit).
  pledge('CASH4567', 2_100_00, '639911112222', { pledgedAt: '2026-10-25T06:00:00.000Z', proofAt: '2026-10-31T19:00:00.000Z' }),
  pledge('WXYZ2345', 11_000_00, '631012349876'),
  // The interest credited is ₹312, as is this pledge, but two months earlier.
  pledge('TWLV2345', 312_00, null, { pledgedAt: '2026-09-01T06:00:00.000Z' }),  // Paid ₹3,000 by UPI, it says; the newer statements debit ₹3,000 under that UTR (a payment out), which is no gift.
  pledge('DEBT2345', 3_000_00, '630777777777', { proofAt: '2026-11-02T05:00:00.000Z' }),
];

/** [line, date, paise, UTRs] of each credit, and how each is matched against `pledges`. */
interface StatementCase {
  file: string;
  mapping: ColumnMapping;
  credits: [number, string, number, string[]][];
  sure: [number, string][];
  possible: [number, string[]][];
  unmatched: number[];
}

const statements: StatementCase[] = [
  {
    file: 'sbi.csv',
    mapping: { date: 'Txn Date', narration: 'Description', reference: 'Ref No./Cheque No.', credit: 'Credit', direction: null },
    credits: [
      [19, '2026-11-01', 1_250_00, ['630512345678']],
      [21, '2026-11-03', 1_25_000_00, ['HDFCN52026110312345678']],
      [22, '2026-11-01', 1_250_00, ['630512345678']],
      [23, '2026-11-04', 500_00, ['630898765432']],
      [24, '2026-11-04', 2_100_00, []],
      [25, '2026-11-05', 312_00, []],
      [26, '2026-11-05', 11_000_00, ['631012349876']],
    ],
    sure: [
      [19, 'UPAY2345'],
      [21, 'NEFT2345'],
      [26, 'WXYZ2345'],
    ],
    possible: [
      [23, ['NEAR2345']],
      [24, ['CASH2345', 'CASH4567']],
    ],
    unmatched: [22, 25],
  },
  {
    file: 'hdfc.csv',
    mapping: { date: 'Date', narration: 'Narration', reference: 'Chq./Ref.No.', credit: 'Deposit Amt.', direction: null },
    credits: [
      [12, '2026-11-01', 1_250_00, ['630512345678']],
      [14, '2026-11-03', 1_25_000_00, ['SBIN426112345678']],
      [15, '2026-11-01', 1_250_00, ['630512345678']],
      [16, '2026-11-04', 500_00, ['630898765432']],
      [17, '2026-11-04', 2_100_00, []],
      [18, '2026-11-05', 312_00, []],
      [19, '2026-11-05', 11_000_00, ['631012349876']],
    ],
    sure: [
      [12, 'UPAY2345'],
      [14, 'NEFT3456'],
      [19, 'WXYZ2345'],
    ],
    possible: [
      [16, ['NEAR2345']],
      [17, ['CASH2345', 'CASH4567']],
    ],
    unmatched: [15, 18],
  },
  {
    file: 'icici.csv',
    mapping: { date: 'Transaction Date', narration: 'Transaction Remarks', reference: 'Cheque Number', credit: 'Deposit Amount (INR )', direction: null },
    credits: [
      [7, '2026-11-01', 1_250_00, ['630512345678']],
      [9, '2026-11-03', 2_50_000_00, ['HDFCR52026110412345678']],
      [10, '2026-11-01', 1_250_00, ['630512345678']],
      [11, '2026-11-04', 500_00, ['630898765432']],
      [12, '2026-11-04', 2_100_00, []],
      [13, '2026-11-05', 312_00, []],
      [14, '2026-11-05', 11_000_00, ['631012349876']],
    ],
    sure: [
      [7, 'UPAY2345'],
      [9, 'RTGS2345'],
      [14, 'WXYZ2345'],
    ],
    possible: [
      [11, ['NEAR2345']],
      [12, ['CASH2345', 'CASH4567']],
    ],
    unmatched: [10, 13],
  },
];


/**
 * The same week at five more banks (and HDFC's delimited download, SBI's ".xls", which is tab-separated
 * text, PNB's ".xls", an HTML table), each with two debits a misreading would match: ₹3,000 under the
 * UTR of a ₹3,000 pledge, and ₹5,000 under the UTR of the ₹5,000 pledge whose donor sent ₹500.
 */
function sameWeek(file: string, mapping: ColumnMapping, firstLine: number, neft: [string, string], lineOf: (row: number) => number = (row) => firstLine + row - 1): StatementCase {
  const [neftUtr, neftPledge] = neft;
  return {
    file,
    mapping,
    credits: [
      [lineOf(1), '2026-11-01', 1_250_00, ['630512345678']],
      [lineOf(3), '2026-11-03', 1_25_000_00, [neftUtr]],
      [lineOf(4), '2026-11-01', 1_250_00, ['630512345678']],
      [lineOf(5), '2026-11-04', 500_00, ['630898765432']],
      [lineOf(7), '2026-11-04', 2_100_00, []],
      [lineOf(8), '2026-11-05', 312_00, []],
      [lineOf(9), '2026-11-05', 11_000_00, ['631012349876']],
    ],
    sure: [
      [lineOf(1), 'UPAY2345'],
      [lineOf(3), neftPledge],
      [lineOf(9), 'WXYZ2345'],
    ],
    possible: [
      [lineOf(5), ['NEAR2345']],
      [lineOf(7), ['CASH2345', 'CASH4567']],
    ],
    unmatched: [lineOf(4), lineOf(8)],
  };
}

const NEFT_HDFC: [string, string] = ['HDFCN52026110312345678', 'NEFT2345'];
const NEFT_SBI: [string, string] = ['SBIN426112345678', 'NEFT3456'];

statements.push(
  sameWeek('hdfc-delimited.txt', { date: 'Date', narration: 'Narration', reference: 'Chq/Ref Number', credit: 'Credit Amount', direction: null }, 3, NEFT_SBI),
  sameWeek('kotak.csv', { date: 'Transaction Date', narration: 'Description', reference: 'Chq / Ref No.', credit: 'Amount', direction: 'Dr / Cr' }, 15, NEFT_HDFC),
  sameWeek('axis.csv', { date: 'Tran Date', narration: 'PARTICULARS', reference: 'CHQNO', credit: 'CR', direction: null }, 14, NEFT_HDFC),
  sameWeek('union.csv', { date: 'Date', narration: 'Remarks', reference: 'Transaction Id', credit: 'Amount(Rs.)', direction: null }, 10, NEFT_HDFC),
  sameWeek('bob.csv', { date: 'TRAN DATE', narration: 'NARRATION', reference: 'CHQ.NO.', credit: 'DEPOSIT(CR)', direction: null }, 9, NEFT_HDFC),
  sameWeek('pnb.xls', { date: 'Txn Date', narration: 'Description', reference: 'Cheque No.', credit: 'Cr Amount', direction: null }, 6, NEFT_HDFC),
  { ...statements[0]!, file: 'sbi.xls' },
);

describe('reading the statements of SBI, HDFC (both downloads), ICICI, Axis, Kotak, Union Bank, PNB and Bank of Baroda', () => {
  it.each(statements)('finds the columns of $file', ({ file, mapping }) => {
    const headers = headersOf(fixture(file));
    expect(headers).not.toBeNull();
    expect(guessMapping(headers ?? [])).toEqual(mapping);
  });

  it.each(statements)('reads the credits of $file, skipping the account details above, debits, separators and the footer', ({ file, credits }) => {
    const lines = linesOf(parseStatement(fixture(file), null));
    expect(lines.map((line) => [line.line, line.date, line.creditPaise, line.utrs])).toEqual(credits);
  });

  it.each(statements)('matches the credits of $file to the pledges', ({ file, sure, possible, unmatched }) => {
    const result = matchStatement(linesOf(parseStatement(fixture(file), null)), pledges);
    expect(result.sure.map((match) => [match.line.line, match.reference])).toEqual(sure);
    expect(result.possible.map((match) => [match.line.line, match.references])).toEqual(possible);
    expect(result.unmatched.map((line) => line.line)).toEqual(unmatched);
  });

  it('gives the same lines with the guessed mapping passed back, written in another case and spacing', () => {
    const sbi = fixture('sbi.csv');
    const mapping = { date: 'TXN  DATE', narration: 'description', reference: 'ref no./cheque no.', credit: ' CREDIT ' };
    expect(parseStatement(sbi, mapping)).toEqual(parseStatement(sbi, null));
  });

  it('keeps the narration and reference as written, trimmed', () => {
    const [first] = linesOf(parseStatement(fixture('hdfc.csv'), null));
    expect(first).toEqual({
      line: 12,
      date: '2026-11-01',
      narration: 'UPI-RAMESH KUMAR-RAMESH@OKAXIS-UTIB0000123-630512345678-DONATION',
      reference: '0000630512345678',
      creditPaise: 1_250_00,
      utrs: ['630512345678'],
    });
    const result = parseStatement(fixture('sbi.csv'), null);
    expect(result.ok && result.headers).toEqual(['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Debit', 'Credit', 'Balance']);
  });

  it('reads the columns chosen: by the value date, the ICICI cash deposit is 5 Nov, too late for the pledge of 1 Nov', () => {
    const mapping = { date: 'Value Date', narration: 'Transaction Remarks', reference: null, credit: 'Deposit Amount (INR )' };
    const lines = linesOf(parseStatement(fixture('icici.csv'), mapping));
    const cash = lines.find((line) => line.line === 12);
    expect(cash).toMatchObject({ date: '2026-11-05', reference: '' });
    expect(matchStatement(cash ? [cash] : [], pledges).possible.map((match) => match.references)).toEqual([['CASH2345']]);
  });

  it('reads semicolon- and tab-separated files, with a BOM, in UTF-16 from Excel too', () => {
    const rows = [
      ['Date', 'Narration', 'Deposit Amt.', 'Balance'],
      ['05/11/26', 'UPI-RAMESH-612345678901-DONATION', '1,250.00', '1,00,000.00'],
    ];
    const expected = [{ line: 2, date: '2026-11-05', narration: 'UPI-RAMESH-612345678901-DONATION', reference: '', creditPaise: 1_250_00, utrs: ['612345678901'] }];
    const semicolons = rows.map((row) => row.join(';')).join('\n');
    const tabs = rows.map((row) => row.join('\t')).join('\r\n');
    expect(linesOf(parseStatement(`\uFEFF${semicolons}`, null))).toEqual(expected);
    expect(linesOf(parseStatement(Buffer.from(`\uFEFF${tabs}`, 'utf8'), null))).toEqual(expected);
    expect(linesOf(parseStatement(Buffer.from(`\uFEFF${tabs}`, 'utf16le'), null))).toEqual(expected);
  });

  it('numbers a row by the line it starts on when a quoted narration spans lines', () => {
    const csv = 'Date,Narration,Credit\n01/11/2026,"NEFT-SBIN426112345678-\nSUNITA DEVI",500\n02/11/2026,UPI/612345678901/X,250\n';
    expect(linesOf(parseStatement(csv, null)).map((line) => [line.line, line.utrs])).toEqual([
      [2, ['SBIN426112345678']],
      [4, ['612345678901']],
    ]);
  });
});

describe('statements that cannot be read', () => {
  const header = 'Date,Narration,Chq./Ref.No.,Withdrawal Amt.,Deposit Amt.,Closing Balance';

  it('refuses binary data and text that is not a table', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(parseStatement(png, null)).toEqual({ ok: false, problem: { code: 'not-a-statement' } });
    expect(parseStatement(Buffer.from('%PDF-1.7\n\u0001\u0002\u0003 stream'), null)).toEqual({ ok: false, problem: { code: 'not-a-statement' } });
    expect(parseStatement('Dear sir,\nplease find the statement attached.\n', null)).toEqual({ ok: false, problem: { code: 'not-a-statement' } });
    expect(headersOf(png)).toBeNull();
  });

  it('says the columns were not found, offering the headers there are to choose from', () => {
    expect(parseStatement('Name,Email,Phone\nRamesh,ramesh@example.org,9876543210\n', null)).toEqual({
      ok: false,
      problem: { code: 'columns-not-found' },
      headers: ['Name', 'Email', 'Phone'],
    });
    const mapping = { date: 'Txn Date', narration: 'Description', reference: 'UTR', credit: 'Credit' };
    expect(parseStatement(fixture('sbi.csv'), mapping)).toMatchObject({ ok: false, problem: { code: 'columns-not-found' }, headers: expect.arrayContaining(['Txn Date', 'Credit']) });
  });

  it('names the line of an amount that is not one', () => {
    const csv = ['HDFC BANK Ltd.', header, '01/11/26,UPI-612345678901,,,"1,250.00",5', '02/11/26,UPI-612345678902,,,"12,50x",6'].join('\n');
    expect(parseStatement(csv, null)).toEqual({ ok: false, problem: { code: 'bad-amount', line: 4 }, headers: header.split(',') });
    expect(statementProblemMessage({ code: 'bad-amount', line: 4 })).toBe('The credit amount on line 4 is not an amount in rupees, like 1,25,000.00.');
  });

  it.each(['-1,250.00', '1,250.00 Dr', '(1,250.00)', '1250.505'])('refuses %s in the credit column', (amount) => {
    const csv = [header, `01/11/26,UPI-612345678901,,,"${amount}",5`].join('\n');
    expect(parseStatement(csv, null)).toMatchObject({ ok: false, problem: { code: 'bad-amount', line: 2 } });
  });

  it('names the line of a date that does not exist', () => {
    const csv = [header, '01/11/2026,UPI-612345678901,,,"1,250.00",5', '31/02/2026,UPI-612345678902,,,"1,250.00",5'].join('\r\n');
    expect(parseStatement(csv, null)).toMatchObject({ ok: false, problem: { code: 'bad-date', line: 3 } });
    expect(statementProblemMessage({ code: 'bad-date', line: 3 })).toBe('The date on line 3 is not a real date.');
  });

  it('says there are no credits in a statement of debits only', () => {
    const csv = [header, '01/11/26,ATM WDL,,"1,000.00",,5', '02/11/26,CHQ PAID,000123,500.00,0.00,4'].join('\n');
    expect(parseStatement(csv, null)).toMatchObject({ ok: false, problem: { code: 'no-credits' } });
  });

  it('reads 20,000 transactions, and refuses one more', () => {
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `05/11/2026,UPI/${String(600000000000 + i)}/DONATION,,,1.00,0`);
    const withLimit = [header, ...rows(MAX_STATEMENT_TRANSACTIONS), 'Total,,,,,'].join('\n');
    expect(linesOf(parseStatement(withLimit, null))).toHaveLength(MAX_STATEMENT_TRANSACTIONS);
    const withMore = [header, ...rows(MAX_STATEMENT_TRANSACTIONS + 1)].join('\n');
    expect(parseStatement(withMore, null)).toMatchObject({ ok: false, problem: { code: 'too-many-lines' } });
  });

  it('stops reading 21,000 rows below the header, though most of them are no transactions', () => {
    const continued = Array.from({ length: MAX_STATEMENT_TRANSACTIONS + 1_000 }, () => ',(narration continued),,,,');
    const csv = [header, '05/11/2026,UPI/612345678901/DONATION,,,"1,250.00",0', ...continued].join('\n');
    expect(parseStatement(csv, null)).toMatchObject({ ok: false, problem: { code: 'too-many-lines' } });
    expect(linesOf(parseStatement([header, '05/11/2026,UPI/612345678901/DONATION,,,"1,250.00",0', ...continued.slice(1)].join('\n'), null))).toHaveLength(1);
  });

  it('refuses a 100,000-line file', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `05/11/2026,UPI/${String(600000000000 + i)}/DONATION,,,"1,250.00",0`);
    const csv = Buffer.from([header, ...rows].join('\n'));
    expect(parseStatement(csv, null)).toEqual({ ok: false, problem: { code: 'too-many-lines' }, headers: header.split(',') });
  });
});

describe('amounts and dates as banks write them', () => {
  it.each([
    ['1,25,000.00', 1_25_000_00],
    ['1250', 1_250_00],
    ['1,250.5', 1_250_50],
    ['₹ 1,250.00', 1_250_00],
    ['Rs. 99.99', 99_99],
    ['1250.00 Cr', 1_250_00],
    ['1250.00CR', 1_250_00],
    ['INR 500', 500_00],
    ['125,000.00', 1_25_000_00],
    ['0.01', 1],
    ['1250.500', 1_250_50],
    ['99,99,99,99,99,999.99', 99_99_99_99_99_999_99],
    ['', 0],
    ['-', 0],
    ['0.00', 0],
  ])('reads %j as %d paise', (cell, paise) => {
    expect(parseCreditPaise(cell)).toBe(paise);
  });

  it.each(['12,50x', '-500', '500 Dr', '(500.00)', '1.234', '1,2,3', '12,34,5678', '1 250', 'abc', '9,99,99,99,99,99,999.00', '1.2.3'])('refuses %j', (cell) => {
    expect(parseCreditPaise(cell)).toBe('bad-amount');
  });

  it('reads amounts exactly, as paise, for any rupees and paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_99_99_999 }), fc.integer({ min: 0, max: 99 }), (rupees, paise) => {
        const plain = `${rupees}.${String(paise).padStart(2, '0')}`;
        const indian = String(rupees).replace(/(\d)(?=(\d\d)+\d$)/g, '$1,');
        expect(parseCreditPaise(plain)).toBe(rupees * 100 + paise);
        expect(parseCreditPaise(`₹ ${indian}.${String(paise).padStart(2, '0')} Cr`)).toBe(rupees * 100 + paise);
      }),
    );
  });

  it.each([
    ['05/11/2026', '2026-11-05'],
    ['5-11-2026', '2026-11-05'],
    ['05/11/26', '2026-11-05'],
    ['05.11.2026', '2026-11-05'],
    ['05-Nov-2026', '2026-11-05'],
    ['5 Nov 2026', '2026-11-05'],
    ['5 nov 2026', '2026-11-05'],
    ['05-NOV-26', '2026-11-05'],
    ['5 November 2026', '2026-11-05'],
    ['2026-11-05', '2026-11-05'],
    ['05/11/2026 10:32:15', '2026-11-05'],
    ['29/02/2028', '2028-02-29'],
  ])('reads the date %j', (cell, date) => {
    expect(parseStatementDate(cell)).toBe(date);
  });

  it.each(['31/02/2026', '29/02/2027', '05/13/2026', '05/00/2026', '00/11/2026', '31 Apr 2026', '5 Foo 2026', '2026-02-30'])('finds %j written like a date but not one', (cell) => {
    expect(parseStatementDate(cell)).toBe('bad-date');
  });

  it.each(['', '********', 'Opening Balance', 'Total', '12345', 'Page 1 of 2', '05/11-2026'])('takes %j for no date at all', (cell) => {
    expect(parseStatementDate(cell)).toBe('not-a-date');
  });
});

describe('UTRs in a narration', () => {
  it.each([
    ['UPI/612345678901/PAYMENT FROM RAMESH/ramesh@okaxis/SBI', ['612345678901']],
    ['UPI-612345678901-RAMESH KUMAR-ramesh@okaxis-SBIN0001234-Donation', ['612345678901']],
    ['NEFT-SBIN426112345678-SUNITA DEVI-SAHAY FOUNDATION', ['SBIN426112345678']],
    ['NEFT/HDFCR52026112512345678/SUNITA DEVI/HDFC BANK', ['HDFCR52026112512345678']],
    ['IMPS/P2A/612345678901/ANITA SHARMA', ['612345678901']],
    ['BY TRANSFER-NEFT*SBIN0001234*SBIN426112345678*SUNITA', ['SBIN426112345678']],
    ['RTGS UTR NO: HDFCR52026112512345678', ['HDFCR52026112512345678']],
    ['neft/sbin426112345678/sunita', ['SBIN426112345678']],
    ['UPI/612345678901/RAMESH 0000612345678901', ['612345678901']],
    ['UPI/612345678901/X IMPS/612345678902', ['612345678901', '612345678902']],
  ])('finds the UTR in %j', (text, utrs) => {
    expect(findUtrs(text)).toEqual(utrs);
  });

  it.each([
    ['an IFSC code', 'NEFT*SBIN0001234*SUNITA'],
    ['a 13-digit number', 'TRANSFER FROM 3199712345678'],
    ['a 12-digit run inside a longer one', 'REF 612345678901234'],
    ['a phone number', 'CALL 9876543210'],
    ['a UPI ID of 91 and a phone number', 'UPI/919876543210@paytm/PAYMENT'],
    ['an amount', 'AMT 612345678901.50'],
    ['a long word', 'CONTRIBUTIONTOWARDSTRUST'],
    ['zeros', '0000000000000000'],
    ['a date', 'Int.Pd:01-10-2026 to 31-10-2026'],
  ])('finds no UTR in %s', (_label, text) => {
    expect(findUtrs(text)).toEqual([]);
  });
});

function line(number: number, creditPaise: number, utrs: string[], date = '2026-11-05'): StatementLine {
  return { line: number, date, narration: utrs.join('/'), reference: '', creditPaise, utrs };
}

describe('matching credits to pledges', () => {
  it('lets the line with the right amount take a UTR, though a near-miss with that UTR comes first', () => {
    const result = matchStatement([line(1, 500_00, ['612345678901']), line(2, 5_000_00, ['612345678901'])], [pledge('NEAR2345', 5_000_00, '612345678901')]);
    expect(result.sure.map((match) => [match.line.line, match.reference])).toEqual([[2, 'NEAR2345']]);
    expect(result.possible).toEqual([]);
    expect(result.unmatched.map((unmatched) => unmatched.line)).toEqual([1]);
  });

  it('makes no sure match of a UTR two pledges share, but offers both', () => {
    const result = matchStatement([line(1, 1_000_00, ['612345678901'])], [pledge('TWIN2345', 1_000_00, '612345678901'), pledge('TWIN3456', 1_000_00, '612345678901')]);
    expect(result.sure).toEqual([]);
    expect(result.possible.map((match) => match.references)).toEqual([['TWIN2345', 'TWIN3456']]);
  });

  it('offers no pledge already matched by UTR to a line of the same amount and date', () => {
    const result = matchStatement([line(1, 1_000_00, []), line(2, 1_000_00, ['612345678901'])], [pledge('PAID2345', 1_000_00, '612345678901', { pledgedAt: '2026-11-05T06:00:00.000Z' })]);
    expect(result.sure.map((match) => match.line.line)).toEqual([2]);
    expect(result.unmatched.map((unmatched) => unmatched.line)).toEqual([1]);
  });

  it('offers pledges within the date window only, nearest first', () => {
    const lines = [line(1, 1_000_00, [], '2026-11-05')];
    const near = [
      pledge('FOUR2345', 1_000_00, null, { pledgedAt: '2026-11-09T06:00:00.000Z' }),
      pledge('ONEB2345', 1_000_00, null, { pledgedAt: '2026-11-04T06:00:00.000Z' }),
      pledge('ONEA2345', 1_000_00, null, { pledgedAt: '2026-11-06T06:00:00.000Z' }),
      pledge('THRE2345', 1_000_00, null, { pledgedAt: '2026-11-02T06:00:00.000Z' }),
      pledge('MORE2345', 1_000_50, null, { pledgedAt: '2026-11-05T06:00:00.000Z' }),
    ];
    expect(matchStatement(lines, near).possible.map((match) => match.references)).toEqual([['ONEA2345', 'ONEB2345', 'THRE2345']]);
    expect(matchStatement(lines, near, { dateWindowDays: 4 }).possible.map((match) => match.references)).toEqual([['ONEA2345', 'ONEB2345', 'THRE2345', 'FOUR2345']]);
    expect(matchStatement(lines, near, { dateWindowDays: 0 }).unmatched).toEqual(lines);
  });

  it('takes the day of a pledge in India', () => {
    const lines = [line(1, 1_000_00, [], '2026-11-05')];
    expect(matchStatement(lines, [pledge('LATE2345', 1_000_00, null, { pledgedAt: '2026-11-05T18:29:00.000Z' })], { dateWindowDays: 0 }).possible).toHaveLength(1);
    expect(matchStatement(lines, [pledge('LATE2345', 1_000_00, null, { pledgedAt: '2026-11-05T18:30:00.000Z' })], { dateWindowDays: 0 }).possible).toHaveLength(0);
  });

  const utrPool = ['612345678901', '612345678902', '612345678903', 'SBIN426112345678'];
  const amountPool = [100_00, 500_00, 1_250_00];
  const arbitraryLines = fc
    .array(
      fc.record({
        day: fc.integer({ min: 1, max: 20 }),
        creditPaise: fc.constantFrom(...amountPool),
        utrs: fc.subarray(utrPool, { maxLength: 2 }),
      }),
      { maxLength: 25 },
    )
    .map((drawn) => drawn.map(({ day, creditPaise, utrs }, index) => line(index * 2 + 1, creditPaise, utrs, `2026-11-${String(day).padStart(2, '0')}`)));
  const arbitraryPledges = fc
    .array(
      fc.record({
        day: fc.integer({ min: 1, max: 20 }),
        amountPaise: fc.constantFrom(...amountPool),
        utr: fc.option(fc.constantFrom(...utrPool)),
        hasProof: fc.boolean(),
      }),
      { maxLength: 12 },
    )
    .map((drawn) =>
      drawn.map(({ day, amountPaise, utr, hasProof }, index) => {
        const at = `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`;
        return { reference: `P${String(index).padStart(3, '0')}`, amountPaise, utr, pledgedAt: '2026-10-01T12:00:00.000Z', proofAt: hasProof ? at : null };
      }),
    );

  it('puts every line in exactly one list, in line order, and verifies a pledge once, only by its UTR and amount', () => {
    fc.assert(
      fc.property(arbitraryLines, arbitraryPledges, fc.integer({ min: 0, max: 5 }), (lines, drawnPledges, dateWindowDays) => {
        const result = matchStatement([...lines].reverse(), drawnPledges, { dateWindowDays });
        const placed = [...result.sure.map((match) => match.line), ...result.possible.map((match) => match.line), ...result.unmatched];
        expect(placed.map((placedLine) => placedLine.line).sort((a, b) => a - b)).toEqual(lines.map((each) => each.line));
        for (const list of [result.sure.map((match) => match.line), result.possible.map((match) => match.line), result.unmatched]) {
          expect(list.map((listed) => listed.line)).toEqual([...list.map((listed) => listed.line)].sort((a, b) => a - b));
        }

        const sureReferences = result.sure.map((match) => match.reference);
        expect(new Set(sureReferences).size).toBe(sureReferences.length);
        for (const match of result.sure) {
          const verified = drawnPledges.find((each) => each.reference === match.reference);
          expect(verified?.utr).not.toBeNull();
          expect(match.line.utrs).toContain(verified?.utr);
          expect(match.line.creditPaise).toBe(verified?.amountPaise);
        }
        for (const match of result.possible) {
          expect(match.references.length).toBeGreaterThan(0);
          expect(new Set(match.references).size).toBe(match.references.length);
          for (const reference of match.references) expect(sureReferences).not.toContain(reference);
        }
        expect(matchStatement(lines, [...drawnPledges].reverse(), { dateWindowDays })).toEqual(result);
      }),
    );
  });
});

/** The week of the statements above as table rows: [date, narration, reference, debit, credit]; rows 1–9. */
const WEEK: [string, string, string, number | null, number | null][] = [
  ['01/11/26', 'UPI-RAMESH KUMAR-RAMESH@OKAXIS-UTIB0000123-630512345678-DONATION', '0000630512345678', null, 1250],
  ['02/11/26', 'UPI-JAIPUR PRINTERS-JAIPURPRINT@YBL-YESB0YBLUPI-630777777777-PAYMENT', '0000630777777777', 3000, null],
  ['03/11/26', 'NEFT CR-HDFC0000123-SUNITA DEVI-SAHAY FOUNDATION TRUST', 'HDFCN52026110312345678', null, 125000],
  ['01/11/26', 'UPI-RAMESH KUMAR-RAMESH@OKAXIS-UTIB0000123-630512345678-DONATION', '0000630512345678', null, 1250],
  ['04/11/26', 'UPI-MOHAN LAL-919829012345@PAYTM-PYTM0123456-630898765432-PAYMENT', '0000630898765432', null, 500],
  ['04/11/26', 'UPI-MOHAN LAL-919829012345@PAYTM-PYTM0123456-630898765432-REFUND', '0000630898765432', 5000, null],
  ['04/11/26', 'CASH DEPOSIT BY - SELF - JAIPUR MAIN', '0000000000000000', null, 2100],
  ['05/11/26', 'CREDIT INTEREST CAPITALISED', '0000000000000000', null, 312],
  ['05/11/26', 'IMPS-631012349876-ANITA SHARMA-ICIC-XXXXXXXX1234-DONATION', '0000631012349876', null, 11000],
];

describe('Excel statements, told apart by their bytes and not their names', () => {
  /** HDFC's .xls: letterhead in merged-looking rows, asterisk rules, amounts as numbers, the summary under the table. */
  function hdfcXlsRows(): SheetCell[][] {
    let balance = 200000;
    return [
      ['HDFC BANK Ltd.                    Page No .:   1                    Statement of accounts'],
      [],
      ['M/S  SAHAY FOUNDATION TRUST', null, null, null, 'Address :12 STATION ROAD'],
      ['12 STATION ROAD', null, null, null, 'City :JAIPUR 302006'],
      ['JAIPUR 302006', null, null, null, 'State :RAJASTHAN'],
      ['RAJASTHAN INDIA', null, null, null, 'Cust ID :12345678'],
      ['JOINT HOLDERS :', null, null, null, 'Account No :50200012345678   CURRENT'],
      ['Nomination  :  Not Registered', null, null, null, 'A/C Open Date :01/04/2020'],
      ['Statement From  :  01/11/2026         To  :  06/11/2026', null, null, null, 'RTGS/NEFT IFSC :HDFC0001234   MICR :302240002'],
      ['*******************************************************************************'],
      ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      ['********', '**********************************', '************', '********', '******************', '******************', '******************'],
      ...WEEK.map(([date, narration, reference, debit, credit]): SheetCell[] => {
        balance += (credit ?? 0) - (debit ?? 0);
        return [date, narration, reference, date, debit, credit, balance];
      }),
      [],
      ['********', '**********************************', '************', '********', '******************', '******************', '******************'],
      ['STATEMENT SUMMARY  :-'],
      ['Opening Balance', null, null, null, 'Debits', 'Credits', 'Closing Bal'],
      [200000, null, null, null, 8000, 141412, balance],
      [null, null, null, null, 'Dr Count', 'Cr Count'],
      [null, null, null, null, 2, 7],
      ['---  End Of Statement ---'],
    ];
  }

  it('reads HDFC’s .xls (Excel 97–2003) download, and matches its sure matches and nothing else', () => {
    const file = workbookOf(hdfcXlsRows(), 'xls');
    expect(file.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const expected = sameWeek('hdfc.xls', { date: 'Date', narration: 'Narration', reference: 'Chq./Ref.No.', credit: 'Deposit Amt.', direction: null }, 13, NEFT_HDFC);
    expect(guessMapping(headersOf(file) ?? [])).toEqual(expected.mapping);
    const lines = linesOf(parseStatement(file, null));
    expect(lines.map((line) => [line.line, line.date, line.creditPaise, line.utrs])).toEqual(expected.credits);
    const result = matchStatement(lines, pledges);
    expect(result.sure.map((match) => [match.line.line, match.reference])).toEqual(expected.sure);
    expect(result.possible.map((match) => [match.line.line, match.references])).toEqual(expected.possible);
    expect(result.unmatched.map((line) => line.line)).toEqual(expected.unmatched);
  });

  it('reads an .xlsx whose dates are Excel dates, day first whatever the cell’s display format', () => {
    const rows: SheetCell[][] = [
      ['Statement of Account No - 912020012345678 for the period (From : 01-11-2026 To : 06-11-2026)'],
      [],
      ['Tran Date', 'CHQNO', 'PARTICULARS', 'DR', 'CR', 'BAL', 'SOL'],
      ...WEEK.map(([date, narration, reference, debit, credit]): SheetCell[] => [{ date: `20${date.slice(6)}-${date.slice(3, 5)}-${date.slice(0, 2)}` }, reference, narration, debit, credit, null, '123']),
      [null, null, 'TRANSACTION TOTAL', 8000, 141412],
    ];
    const file = workbookOf(rows, 'xlsx');
    expect(file.subarray(0, 2).toString()).toBe('PK');
    const expected = sameWeek('axis.xlsx', { date: 'Tran Date', narration: 'PARTICULARS', reference: 'CHQNO', credit: 'CR', direction: null }, 4, NEFT_HDFC);
    const lines = linesOf(parseStatement(file, null));
    expect(lines.map((line) => [line.line, line.date, line.creditPaise, line.utrs])).toEqual(expected.credits);
    expect(matchStatement(lines, pledges).sure.map((match) => [match.line.line, match.reference])).toEqual(expected.sure);
  });

  it('reads Kotak’s Amount and its "Dr / Cr" in an .xlsx too, the second "Dr / Cr" (the balance’s) aside', () => {
    const rows: SheetCell[][] = [
      [null, null, 'Account Statement'],
      ['SAHAY FOUNDATION TRUST', null, null, null, 'Account No.', '1012345678'],
      [],
      ['Sl. No.', 'Transaction Date', 'Value Date', 'Description', 'Chq / Ref No.', 'Amount', 'Dr / Cr', 'Balance', 'Dr / Cr'],
      ...WEEK.map(([date, narration, reference, debit, credit], index): SheetCell[] => [
        index + 1,
        `${date.slice(0, 6)}20${date.slice(6)} 10:00:00`.replace(/\//g, '-'),
        null,
        narration,
        reference,
        debit ?? credit,
        debit === null ? 'CR' : 'DR',
        // The balance stays in credit: its "Dr / Cr" says CR on every row, debits too.
        200000,
        'CR',
      ]),
    ];
    const lines = linesOf(parseStatement(workbookOf(rows, 'xlsx'), null));
    expect(lines.map((line) => [line.line, line.creditPaise])).toEqual(sameWeek('kotak.xlsx', guessMapping(rows[3] as string[])!, 5, NEFT_HDFC).credits.map(([line, , paise]) => [line, paise]));
    expect(matchStatement(lines, pledges).sure.map((match) => match.reference)).toEqual(['UPAY2345', 'NEFT2345', 'WXYZ2345']);
  });

  it('reads Excel 2003 XML saved as ".xls", numbers and dates as the cells type them', () => {
    const cell = (type: string, value: string | number) => `<Cell><Data ss:Type="${type}">${value}</Data></Cell>`;
    const row = (...cells: string[]) => `<Row>${cells.join('')}</Row>`;
    const xml = [
      '<?xml version="1.0"?>',
      '<?mso-application progid="Excel.Sheet"?>',
      '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">',
      '<Worksheet ss:Name="Statement"><Table>',
      row(cell('String', 'Account Number : 1012345678')),
      row(cell('String', 'Txn Date'), cell('String', 'Description'), cell('String', 'Debit'), cell('String', 'Credit')),
      row(cell('String', '01/11/2026'), cell('String', 'UPI/630512345678/RAMESH'), '<Cell/>', cell('Number', 1250)),
      row(cell('String', '01/11/2026'), cell('String', 'UPI/630777777777/JAIPUR PRINTERS'), cell('Number', 3000), '<Cell/>'),
      row(cell('DateTime', '2026-11-02T00:00:00.000'), cell('String', 'IMPS/631012349876/ANITA SHARMA'), '<Cell/>', cell('Number', 11000)),
      '</Table></Worksheet></Workbook>',
    ].join('\n');
    expect(linesOf(parseStatement(Buffer.from(xml), null)).map((line) => [line.line, line.date, line.creditPaise, line.utrs])).toEqual([
      [3, '2026-11-01', 1_250_00, ['630512345678']],
      [5, '2026-11-02', 11_000_00, ['631012349876']],
    ]);
  });

  it('reads a workbook’s first sheet with a statement in it', () => {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['Read me first'], ['Generated by internet banking']]), 'Cover');
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['Date', 'Narration', 'Credit'], ['01/11/2026', 'UPI/630512345678/RAMESH', '1,250.00']]), 'Transactions');
    const file = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(linesOf(parseStatement(file, null)).map((line) => [line.line, line.creditPaise, line.utrs])).toEqual([[2, 1_250_00, ['630512345678']]]);
  });

  it('ignores cells far to the right of the table instead of reading 16,384 columns a row', () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Date', 'Narration', 'Credit'], ['01/11/2026', 'UPI/630512345678/RAMESH', 1250]]);
    sheet.XFD2 = { t: 's', v: 'far away' };
    sheet['!ref'] = 'A1:XFD2';
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'S');
    const lines = linesOf(parseStatement(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer, null));
    expect(lines.map((line) => line.creditPaise)).toEqual([1_250_00]);
  });

  it('refuses an .xlsx that unpacks to gigabytes, before reading it, and says why', () => {
    const bomb = xlsxBomb(2048);
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const started = performance.now();
    expect(zipUnpacksWithin(bomb)).toBe('too-large');
    expect(parseStatement(bomb, null)).toEqual({ ok: false, problem: { code: 'spreadsheet-too-large' } });
    expect(readHeaders(bomb)).toEqual({ ok: false, problem: { code: 'spreadsheet-too-large' } });
    // Measured against 40 MB, not unpacked to its 2 GB.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(statementProblemMessage({ code: 'spreadsheet-too-large' })).toMatch(/more than 40 MB/);
  });

  it('counts every part of the ZIP, however small each claims to be', () => {
    const parts = Array.from({ length: 5 }, (_, index) => ({ name: `xl/part${index}.xml`, data: zerosDeflated(9), deflated: true, declaredSize: 10 }));
    expect(zipUnpacksWithin(zipOf(parts))).toBe('too-large');
    expect(zipUnpacksWithin(zipOf(parts.slice(0, 4)))).toBe('ok');
  });

  it('reads the ZIP’s directory as SheetJS will: its count of entries "on this disk", from the last end record', () => {
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), deflated: false, declaredSize: 8 },
      { name: 'xl/worksheets/sheet1.xml', data: zerosDeflated(64), deflated: true, declaredSize: 4096 },
    ]);
    // The end record's total says one entry; the count SheetJS reads says two.
    bomb.writeUInt16LE(1, bomb.length - 22 + 10);
    expect(zipUnpacksWithin(bomb)).toBe('too-large');
    // An end record cut short, where SheetJS would read past the file: refused.
    expect(zipUnpacksWithin(Buffer.concat([bomb, Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0])]))).toBe('unreadable');
  });

  it('refuses an encrypted part, a damaged .xlsx and a damaged .xls, each with its reason', () => {
    const good = workbookOf([['Date', 'Narration', 'Credit'], ['01/11/2026', 'UPI/630512345678/X', 10]], 'xlsx');
    const encrypted = zipOf([{ name: 'xl/workbook.xml', data: Buffer.from('secret'), deflated: false, declaredSize: 6, flags: 1 }]);
    expect(parseStatement(encrypted, null)).toEqual({ ok: false, problem: { code: 'spreadsheet-encrypted' } });
    expect(parseStatement(good.subarray(0, good.length - 40), null)).toEqual({ ok: false, problem: { code: 'spreadsheet-unreadable' } });
    const xls = workbookOf([['Date', 'Narration', 'Credit'], ['01/11/2026', 'UPI/630512345678/X', 10]], 'xls');
    const damaged = Buffer.concat([xls.subarray(0, 512), Buffer.alloc(xls.length - 512, 0xff)]);
    expect(parseStatement(damaged, null)).toMatchObject({ ok: false, problem: { code: expect.stringMatching(/^spreadsheet-unreadable$|^not-a-statement$/) } });
    for (const code of ['spreadsheet-encrypted', 'spreadsheet-unreadable'] as const) expect(statementProblemMessage({ code })).toMatch(/Excel file/);
  });

  it('reads at most 20,000 transactions from a sheet too', () => {
    const rows: SheetCell[][] = [['Date', 'Narration', 'Credit'], ...Array.from({ length: MAX_STATEMENT_TRANSACTIONS + 1 }, (_, i): SheetCell[] => ['05/11/2026', `UPI/${600000000000 + i}/X`, 1])];
    expect(parseStatement(workbookOf(rows, 'xlsx'), null)).toMatchObject({ ok: false, problem: { code: 'too-many-lines' } });
    expect(linesOf(parseStatement(workbookOf(rows.slice(0, -1), 'xlsx'), null))).toHaveLength(MAX_STATEMENT_TRANSACTIONS);
  });
});

describe('a debit is never a credit', () => {
  const kotakHeader = 'Sl. No.,Transaction Date,Value Date,Description,Chq / Ref No.,Amount,Dr / Cr,Balance,Dr / Cr';

  it('does not offer the ₹3,000 debit as the match of the ₹3,000 pledge (issue 31)', () => {
    const csv = [kotakHeader, '1,02-11-2026 11:40:19,02-11-2026,UPI/JAIPUR PRINTERS/630777777777/PAYMENT,UPI-630777777777,"3,000.00",DR,"1,98,250.00",CR', '2,02-11-2026 12:00:00,02-11-2026,UPI/SOMEONE/630712345678/GIFT,UPI-630712345678,100.00,CR,"1,98,350.00",CR'].join('\n');
    const lines = linesOf(parseStatement(csv, null));
    expect(lines.map((line) => [line.line, line.creditPaise])).toEqual([[3, 100_00]]);
    const result = matchStatement(lines, pledges);
    expect([...result.sure.map((match) => match.reference), ...result.possible.flatMap((match) => match.references)]).not.toContain('DEBT2345');
  });

  it.each([
    ['3,000.00 Dr', 'debit'],
    ['3,000.00 (Dr)', 'debit'],
    ['3,000.00(DR)', 'debit'],
    ['Dr 3,000.00', 'debit'],
    ['-3,000.00', 'debit'],
    ['(3,000.00)', 'debit'],
    ['₹ 3,000.00 Dr.', 'debit'],
    ['3,000.00 Cr', 'credit'],
    ['3,000.00 (Cr)', 'credit'],
    ['CR 3,000.00', 'credit'],
    ['3000.00CR', 'credit'],
    ['3,000.00', null],
  ] as const)('reads %j as ₹3,000 marked %s', (cell, direction) => {
    expect(parseMarkedAmount(cell)).toEqual({ paise: 3_000_00, direction });
  });

  it.each(['-3,000.00 Cr', '(3,000.00) CR', '3,000.00 Xr', 'Dr', '3,000.005 Dr'])('refuses %j as an amount', (cell) => {
    expect(parseMarkedAmount(cell)).toBe('bad-amount');
  });

  it.each([
    ['Cr', 'credit'],
    ['CR.', 'credit'],
    ['C', 'credit'],
    ['Credit', 'credit'],
    ['DR', 'debit'],
    ['d', 'debit'],
    ['Debit', 'debit'],
    ['', null],
    ['UPI', null],
  ] as const)('reads %j in a Dr/Cr column as %s', (cell, direction) => {
    expect(parseDirection(cell)).toBe(direction);
  });

  it('reads Union Bank’s "(Dr)" suffixes instead of refusing the file', () => {
    const csv = ['S.No,Date,Transaction Id,Remarks,Amount(Rs.),Balance(Rs.)', '1,02/11/2026,S1,UPIAB/630777777777/DR/JAIPUR PRINTERS,"3,000.00 (Dr)","1,98,250.00 (Cr)"', '2,03/11/2026,S2,UPIAR/630712345678/CR/SOMEONE,"100.00 (Cr)","1,98,350.00 (Cr)"'].join('\n');
    expect(linesOf(parseStatement(csv, null)).map((line) => [line.line, line.creditPaise])).toEqual([[3, 100_00]]);
  });

  it('refuses an amount that says neither Dr nor Cr, naming its line, rather than take it for a credit', () => {
    const noMarker = ['Date,Description,Amount,Balance', '02/11/2026,UPI/630777777777/JAIPUR PRINTERS,"3,000.00","1,98,250.00"'].join('\n');
    expect(parseStatement(noMarker, null)).toMatchObject({ ok: false, problem: { code: 'no-direction', line: 2 } });
    const blankDirection = [kotakHeader, '1,02-11-2026,02-11-2026,UPI/JAIPUR PRINTERS/630777777777/PAYMENT,,"3,000.00",,"1,98,250.00",CR'].join('\n');
    expect(parseStatement(blankDirection, null)).toMatchObject({ ok: false, problem: { code: 'no-direction', line: 2 } });
    expect(statementProblemMessage({ code: 'no-direction', line: 2 })).toBe(
      'The amount on line 2 does not say whether it is a credit (Cr) or a debit (Dr). Download the statement with its Dr/Cr column, or choose a credit column.',
    );
  });

  it('refuses an amount whose mark and Dr/Cr column disagree', () => {
    const csv = [kotakHeader, '1,02-11-2026,02-11-2026,UPI/630777777777/X,,"3,000.00 Cr",DR,"1,98,250.00",CR'].join('\n');
    expect(parseStatement(csv, null)).toMatchObject({ ok: false, problem: { code: 'bad-amount', line: 2 } });
  });

  it('reads the Dr/Cr column named by hand, and the one after the amount when two share its name', () => {
    const csv = ['Posted,Particulars,Sum,Way,Balance,Way', '02/11/2026,UPI/630777777777/X,"3,000.00",D,"1,98,250.00",C', '03/11/2026,UPI/630712345678/Y,100.00,C,"1,98,350.00",C'].join('\n');
    const mapping = { date: 'Posted', narration: 'Particulars', reference: null, credit: 'Sum', direction: 'Way' };
    expect(linesOf(parseStatement(csv, mapping)).map((line) => [line.line, line.creditPaise])).toEqual([[3, 100_00]]);
    expect(parseStatement(csv, { ...mapping, direction: 'Sign' })).toMatchObject({ ok: false, problem: { code: 'columns-not-found' } });
  });

  const utrPool = ['630777777777', '630512345678', '631012349876', 'HDFCN52026110312345678'];
  type Drawn = { isCredit: boolean; amountPaise: number; utr: string; day: number };
  const layouts = ['debit-and-credit-columns', 'dr-cr-column', 'suffix', 'bracketed-suffix', 'prefix', 'sign'] as const;

  function rupees(paise: number): string {
    const whole = String(Math.floor(paise / 100)).replace(/(\d)(?=(\d\d)+\d$)/g, '$1,');
    return `${whole}.${String(paise % 100).padStart(2, '0')}`;
  }

  /** A statement of the drawn transactions in one of the ways banks mark debits; the first transaction is on line 4. */
  function statementOf(drawn: readonly Drawn[], layout: (typeof layouts)[number]): string {
    const preamble = ['Account Name :,SAHAY FOUNDATION TRUST', 'Account No :,1012345678'];
    const date = (day: number) => `0${day}/11/2026`;
    const narration = (each: Drawn) => `"UPI/${each.utr}/SOMEONE/PAYMENT"`;
    if (layout === 'debit-and-credit-columns') {
      return [...preamble, 'Txn Date,Description,Debit,Credit,Balance', ...drawn.map((each) => `${date(each.day)},${narration(each)},"${each.isCredit ? '' : rupees(each.amountPaise)}","${each.isCredit ? rupees(each.amountPaise) : ''}",0`)].join('\n');
    }
    if (layout === 'dr-cr-column') {
      return [...preamble, 'Transaction Date,Description,Amount,Dr / Cr,Balance,Dr / Cr', ...drawn.map((each) => `${date(each.day)},${narration(each)},"${rupees(each.amountPaise)}",${each.isCredit ? 'CR' : 'DR'},0,CR`)].join('\n');
    }
    const mark = (each: Drawn) => {
      const amount = rupees(each.amountPaise);
      if (layout === 'suffix') return `${amount} ${each.isCredit ? 'Cr' : 'Dr'}`;
      if (layout === 'bracketed-suffix') return `${amount} (${each.isCredit ? 'Cr' : 'Dr'})`;
      if (layout === 'prefix') return `${each.isCredit ? 'CR' : 'DR'} ${amount}`;
      return each.isCredit ? `+${amount}`.replace('+', '') + ' Cr' : `-${amount}`;
    };
    return [...preamble, 'Date,Remarks,Amount(Rs.),Balance(Rs.)', ...drawn.map((each) => `${date(each.day)},${narration(each)},"${mark(each)}","0.00 (Cr)"`)].join('\n');
  }

  it('never reads a debit as a line, so never offers one as a match, in any of the ways banks mark them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ isCredit: fc.boolean(), amountPaise: fc.constantFrom(3_000_00, 1_250_00, 1_25_000_00, 50_50), utr: fc.constantFrom(...utrPool), day: fc.integer({ min: 1, max: 9 }) }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(...layouts),
        (drawn, layout) => {
          const parsed = parseStatement(statementOf(drawn, layout), null);
          const credits = drawn.flatMap((each, index) => (each.isCredit ? [[index + 4, each.amountPaise, [each.utr]]] : []));
          if (credits.length === 0) {
            expect(parsed).toMatchObject({ ok: false, problem: { code: 'no-credits' } });
            return;
          }
          const lines = linesOf(parsed);
          expect(lines.map((line) => [line.line, line.creditPaise, line.utrs])).toEqual(credits);
          // A pledge for every transaction, debits included: same UTR, same amount, proof sent that day.
          const everyPledge = drawn.map((each, index) => pledge(`P${String(index).padStart(3, '0')}`, each.amountPaise, each.utr, { proofAt: `2026-11-0${each.day}T06:00:00.000Z` }));
          const result = matchStatement(lines, everyPledge);
          const debitLines = new Set(drawn.flatMap((each, index) => (each.isCredit ? [] : [index + 4])));
          for (const offered of [...result.sure.map((match) => match.line), ...result.possible.map((match) => match.line), ...result.unmatched]) expect(debitLines.has(offered.line)).toBe(false);
        },
      ),
    );
  });
});

describe('the refusals, in English and Hindi', () => {
  const i18nDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../web/src/i18n');
  const serverMessages = (lang: 'en' | 'hi') => (JSON.parse(fs.readFileSync(path.join(i18nDir, lang, 'admin.json'), 'utf8')) as { serverMessages: Record<string, string> }).serverMessages;

  it.each(STATEMENT_PROBLEM_CODES)('has %s in both dictionaries, placeholders kept', (code) => {
    const message = STATEMENT_PROBLEM_MESSAGES[code];
    expect(serverMessages('en')[message]).toBe(message);
    const hindi = serverMessages('hi')[message];
    expect(hindi).toMatch(/[\u0900-\u097F]/);
    expect(hindi?.includes('{line}')).toBe(message.includes('{line}'));
  });
});
