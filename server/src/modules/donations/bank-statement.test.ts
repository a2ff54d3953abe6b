import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findUtrs,
  guessMapping,
  headersOf,
  matchStatement,
  MAX_STATEMENT_TRANSACTIONS,
  parseCreditPaise,
  parseStatement,
  parseStatementDate,
  statementProblemMessage,
  type ColumnMapping,
  type ParseResult,
  type Pledge,
  type StatementLine,
} from './bank-statement.ts';

const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing', 'bank-statements');

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
  pledge('TWLV2345', 312_00, null, { pledgedAt: '2026-09-01T06:00:00.000Z' }),
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

describe('reading the statements of SBI, HDFC and ICICI', () => {
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
