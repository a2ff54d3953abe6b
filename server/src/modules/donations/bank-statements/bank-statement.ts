import { parse } from 'csv-parse/sync';
import {
  HEADER_SEARCH_ROWS,
  MAX_OTHER_ROWS,
  MAX_STATEMENT_TRANSACTIONS,
  readStatementFile,
  type StatementFileProblem,
  type StatementRow as Row,
} from './bank-statement-file.ts';
import { utrKindOf } from '../donation-fields.schema.ts';
import { indiaDateOf } from '../receipts/receipt-serial.ts';

export { MAX_STATEMENT_TRANSACTIONS };

/**
 * Reading a bank statement (as Indian banks let an account holder download it: CSV, text, .xls or
 * .xlsx; see bank-statement-file.ts) and matching its credits to pledged donations by the UTR the
 * donor told us, or failing that by amount and date. Pure: the caller reads the upload and the
 * pledges, and records what a finance admin confirms.
 *
 * A debit is never a statement line: a row is read as a credit only when its bank says so, by a
 * credit column, or by an amount marked Cr (in a Dr/Cr column, or on the amount itself). An amount
 * that does not say which it is stops the reading (decision 054).
 */

/** Header names as they appear in the file; compared without case and whitespace. */
export interface ColumnMapping {
  date: string;
  narration: string;
  reference: string | null;
  /** The credit column; or the column of amounts, credits and debits alike, each marked Cr or Dr. */
  credit: string;
  /** The column saying Dr or Cr of each amount (Kotak's "Dr / Cr"); null or absent when there is none. */
  direction?: string | null;
}

export interface StatementLine {
  /** 1-based line number in the file, where the row starts (in a spreadsheet, the row's number). */
  line: number;
  /** YYYY-MM-DD. */
  date: string;
  narration: string;
  /** The cheque/reference column's text, '' when there is none. */
  reference: string;
  creditPaise: number;
  /** UTRs found in the narration and the reference, upper-cased, each once. */
  utrs: string[];
}

export const STATEMENT_PROBLEM_CODES = [
  'not-a-statement',
  'spreadsheet-too-large',
  'spreadsheet-unreadable',
  'spreadsheet-encrypted',
  'columns-not-found',
  'bad-amount',
  'no-direction',
  'bad-date',
  'too-many-lines',
  'no-credits',
] as const;
export type StatementProblemCode = (typeof STATEMENT_PROBLEM_CODES)[number];

/** Why a statement cannot be read; `line` (1-based) says where, when one line is to blame. */
export type StatementProblem =
  | { code: 'bad-amount' | 'bad-date' | 'no-direction'; line: number }
  | { code: 'not-a-statement'; line?: number }
  | { code: 'columns-not-found' | 'too-many-lines' | 'no-credits' | Exclude<StatementFileProblem, 'not-a-statement'> };

/** English keys the web translates; `{line}` is the line number. */
export const STATEMENT_PROBLEM_MESSAGES: Record<StatementProblemCode, string> = {
  'not-a-statement': 'This file is not a bank statement. Download the statement from the bank as CSV, text or Excel (.xls or .xlsx) and upload that file.',
  'spreadsheet-too-large': 'This Excel file unpacks to more than 40 MB, far more than a bank statement. Download a shorter period, or the statement as CSV, and upload that.',
  'spreadsheet-unreadable': 'This Excel file could not be read. It may be damaged or incomplete; download the statement from the bank again.',
  'spreadsheet-encrypted': 'This Excel file is protected by a password. Open it, save a copy without the password, and upload that.',
  'columns-not-found': 'The date, narration and credit columns were not found in this file. Choose them from the file’s columns.',
  'bad-amount': 'The credit amount on line {line} is not an amount in rupees, like 1,25,000.00.',
  'no-direction': 'The amount on line {line} does not say whether it is a credit (Cr) or a debit (Dr). Download the statement with its Dr/Cr column, or choose a credit column.',
  'bad-date': 'The date on line {line} is not a real date.',
  'too-many-lines': 'The statement has more than 20,000 transactions. Download a shorter period and upload that.',
  'no-credits': 'The statement has no credits to match.',
};

export function statementProblemMessage(problem: StatementProblem): string {
  const line = 'line' in problem && problem.line !== undefined ? String(problem.line) : '';
  return STATEMENT_PROBLEM_MESSAGES[problem.code].replace('{line}', line);
}

export type ParseResult = { ok: true; headers: string[]; lines: StatementLine[] } | { ok: false; problem: StatementProblem; headers?: string[] };

const DELIMITERS = [',', ';', '\t'] as const;

// ---------------------------------------------------------------------------------------------
// Reading rows

/** Line breaks inside a quoted cell, so that a row's line number is where it starts. */
function lineBreaksIn(cells: string[]): number {
  let count = 0;
  for (const cell of cells) count += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  return count;
}

/**
 * The first `maxRows` rows, cells trimmed. Rows keep their places (blank lines are rows too), so a
 * row index found in a short read is the same in a longer one. Throws csv-parse's error on a quote
 * that is never closed.
 */
function readRows(text: string, delimiter: string, maxRows: number): Row[] {
  const rows: Row[] = [];
  parse(text, {
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    // A narration with a quote in it (SHRI "RAM" TRADERS) is common and not an error.
    relax_quotes: true,
    trim: true,
    to: maxRows,
    on_record: (record: string[], context) => {
      rows.push({ line: context.lines - lineBreaksIn(record), cells: record.map((cell) => cell.trim()) });
      return null;
    },
  });
  return rows;
}

function readRowsOrNull(text: string, delimiter: string, maxRows: number): Row[] | null {
  try {
    return readRows(text, delimiter, maxRows);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Finding the columns

/** Header names compared the way the brief promises: case and whitespace do not matter. */
function headerKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '');
}

/** For guessing only: also without punctuation, so "Chq./Ref.No." and "Chq/Ref No" are one name. */
function looseKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Column names used by Indian banks' statement downloads (SBI, HDFC, ICICI, Axis, Kotak, PNB, BoB,
 * Canara, Union, IDFC, Yes), as loose keys, the likelier first. The transaction date comes before
 * the value date: the day the money arrived is the one a donor remembers.
 */
const DATE_KEYS = ['txndate', 'transactiondate', 'trandate', 'transdate', 'date', 'postingdate', 'txnpostingdate', 'bookingdate', 'valuedate', 'valuedt'];
const NARRATION_KEYS = ['narration', 'description', 'transactionremarks', 'remarks', 'particulars', 'transactiondetails', 'transactionparticulars', 'transactiondescription', 'details'];
const REFERENCE_KEYS = [
  'refnochequeno',
  'chqrefno',
  // HDFC's delimited download: the UTR of a NEFT credit is here, its narration cut short.
  'chqrefnumber',
  'chequerefno',
  'chequerefnumber',
  'refchqno',
  'chequenumber',
  'chequeno',
  'chqno',
  'chequenoreferenceno',
  'refno',
  'referenceno',
  'reference',
  'referencenumber',
  'utrnumber',
  'utrno',
  'utr',
  'transactionid',
  'tranid',
];
const CREDIT_KEYS = [
  'credit',
  'credits',
  'creditamount',
  'creditamt',
  'creditamountinr',
  'creditinr',
  'deposit',
  'deposits',
  'depositamt',
  'depositamount',
  'depositamountinr',
  'depositinr',
  // Bank of Baroda: DEPOSIT(CR).
  'depositcr',
  'cr',
  'cramount',
  'cramt',
];
/** One column of credits and debits alike (Kotak's "Amount", Union Bank's "Amount(Rs.)"): each amount needs its Dr or Cr. */
const AMOUNT_KEYS = ['amount', 'amt', 'amountrs', 'amountinr', 'amountinrs', 'transactionamount', 'transactionamountinr', 'transactionamountrs', 'txnamount', 'txnamt', 'tranamount'];
/** The column that says Dr or Cr of the amount beside it. */
const DIRECTION_KEYS = ['drcr', 'crdr', 'debitcredit', 'creditdebit', 'drcrindicator', 'crdrindicator', 'dc', 'cd', 'type', 'txntype', 'transactiontype'];

/** The first header (as written) whose loose key is the likeliest of `keys`, skipping headers already taken. */
function findHeader(headers: string[], keys: string[], taken: string[]): string | null {
  const loose = headers.map(looseKey);
  for (const key of keys) {
    const index = loose.findIndex((candidate, i) => candidate === key && !taken.includes(headers[i] ?? ''));
    if (index !== -1) return headers[index] ?? null;
  }
  return null;
}

/** Whether the header names a column of amounts both ways (so each needs its Dr or Cr), not of credits. */
function isAmountHeader(header: string): boolean {
  return AMOUNT_KEYS.includes(looseKey(header));
}

/** The columns of a statement with common Indian bank headers; null unless date, narration and credit (or amount) are all there. */
export function guessMapping(headers: string[]): ColumnMapping | null {
  const names = headers.map((header) => header.trim()).filter((header) => header !== '');
  const date = findHeader(names, DATE_KEYS, []);
  if (date === null) return null;
  const narration = findHeader(names, NARRATION_KEYS, [date]);
  if (narration === null) return null;
  const creditColumn = findHeader(names, CREDIT_KEYS, [date, narration]);
  const credit = creditColumn ?? findHeader(names, AMOUNT_KEYS, [date, narration]);
  if (credit === null) return null;
  const reference = findHeader(names, REFERENCE_KEYS, [date, narration, credit]);
  const direction = creditColumn === null ? findHeader(names, DIRECTION_KEYS, [date, narration, credit, reference ?? '']) : null;
  return { date, narration, reference, credit, direction };
}

interface ColumnIndexes {
  date: number;
  narration: number;
  reference: number | null;
  credit: number;
  direction: number | null;
  /** Whether the credit column holds amounts both ways, each to be marked Dr or Cr. */
  isAmount: boolean;
}

/** Where the mapping's columns are in a row, or null when one of them is not there. */
function columnIndexesIn(cells: string[], mapping: ColumnMapping): ColumnIndexes | null {
  const keys = cells.map(headerKey);
  const indexOf = (name: string) => keys.indexOf(headerKey(name));
  const date = indexOf(mapping.date);
  const narration = indexOf(mapping.narration);
  const credit = indexOf(mapping.credit);
  const reference = mapping.reference === null ? null : indexOf(mapping.reference);
  let direction: number | null = null;
  if (mapping.direction) {
    // Kotak has two "Dr / Cr" columns, the amount's and the balance's: the one after the amount is its.
    const key = headerKey(mapping.direction);
    const after = keys.findIndex((candidate, index) => candidate === key && index > credit);
    direction = after !== -1 ? after : keys.indexOf(key);
  }
  if (date === -1 || narration === -1 || credit === -1 || reference === -1 || direction === -1) return null;
  return { date, narration, reference, credit, direction, isAmount: direction !== null || isAmountHeader(cells[credit] ?? '') };
}

interface HeaderRow {
  index: number;
  columns: ColumnIndexes;
}

function findHeaderRow(rows: Row[], mapping: ColumnMapping | null): HeaderRow | null {
  for (const [index, row] of rows.entries()) {
    const rowMapping = mapping ?? guessMapping(row.cells);
    const columns = rowMapping === null ? null : columnIndexesIn(row.cells, rowMapping);
    if (columns !== null) return { index, columns };
  }
  return null;
}

function widestRow(rows: Row[]): number {
  return rows.reduce((widest, row) => Math.max(widest, row.cells.length), 0);
}

/** The row most likely to be the header when none is recognised: guessable, else the first with the most filled cells. */
function likelyHeaders(rows: Row[]): string[] {
  const guessed = rows.find((row) => guessMapping(row.cells) !== null);
  if (guessed) return guessed.cells;
  let best: Row | null = null;
  const filled = (row: Row) => row.cells.filter((cell) => cell !== '').length;
  for (const row of rows) if (best === null || filled(row) > filled(best)) best = row;
  return best?.cells ?? [];
}

/** One way of reading the file into rows: text split at a delimiter, or one sheet of a workbook. */
interface Reading {
  /** The first rows, where the header is looked for; null when the text cannot be split this way. */
  head: Row[] | null;
  /** The first `maxRows` rows; throws csv-parse's error on a quote never closed. */
  rows: (maxRows: number) => Row[];
}

function readingsOf(file: Buffer | string): Reading[] | StatementProblem {
  const read = readStatementFile(file);
  if (read.kind === 'problem') return { code: read.problem };
  if (read.kind === 'sheets') return read.sheets.map((sheet) => ({ head: sheet.slice(0, HEADER_SEARCH_ROWS), rows: (maxRows: number) => sheet.slice(0, maxRows) }));
  const { text } = read;
  return DELIMITERS.map((delimiter) => ({ head: readRowsOrNull(text, delimiter, HEADER_SEARCH_ROWS), rows: (maxRows: number) => readRows(text, delimiter, maxRows) }));
}

type Table = { ok: true; reading: Reading; header: HeaderRow; headers: string[] } | { ok: false; problem: StatementProblem; headers?: string[] };

/**
 * The reading and the header row: the first reading (comma, semicolon and tab; or a workbook's
 * sheets in order) in which some row of the first 100 holds all the mapped columns (or, with no
 * mapping, columns guessMapping knows).
 */
function findTable(file: Buffer | string, mapping: ColumnMapping | null): Table {
  const readings = readingsOf(file);
  if (!Array.isArray(readings)) return { ok: false, problem: readings };
  for (const reading of readings) {
    const header = reading.head === null ? null : findHeaderRow(reading.head, mapping);
    if (reading.head !== null && header !== null) return { ok: true, reading, header, headers: reading.head[header.index]?.cells ?? [] };
  }
  let widest: Row[] | null = null;
  for (const { head } of readings) if (head !== null && (widest === null || widestRow(head) > widestRow(widest))) widest = head;
  if (widest === null || widestRow(widest) < 3) return { ok: false, problem: { code: 'not-a-statement' } };
  return { ok: false, problem: { code: 'columns-not-found' }, headers: likelyHeaders(widest) };
}

/** The header row of a statement as written, for choosing columns by hand; or why the file cannot be read. */
export function readHeaders(file: Buffer | string): { ok: true; headers: string[] } | { ok: false; problem: StatementProblem } {
  const table = findTable(file, null);
  if (table.ok) return { ok: true, headers: table.headers };
  if (table.headers) return { ok: true, headers: table.headers };
  return { ok: false, problem: table.problem };
}

/** The header row of a statement as written, for choosing columns by hand; null when the file is not a table. */
export function headersOf(file: Buffer | string): string[] | null {
  const read = readHeaders(file);
  return read.ok ? read.headers : null;
}

// ---------------------------------------------------------------------------------------------
// Dates and amounts

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const FULL_MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** A time after the date (some banks write one); ignored. */
const TIME_AFTER = /\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?$/i;
const DAY_MONTH_YEAR = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$/;
const DAY_MONTH_NAME_YEAR = /^(\d{1,2})[\s-]+([A-Za-z]{3,9})\.?[\s,-]+(\d{4}|\d{2})$/;
const YEAR_MONTH_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

function monthOfName(name: string): number | null {
  const lower = name.toLowerCase();
  const index = lower.length === 3 ? MONTHS.indexOf(lower) : lower === 'sept' ? 8 : FULL_MONTHS.indexOf(lower);
  return index === -1 ? null : index + 1;
}

function calendarDate(year: number, month: number | null, day: number): string | null {
  if (month === null || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Two-digit years are this century's: a statement is of recent months. */
function fullYear(digits: string): number {
  return digits.length === 2 ? 2000 + Number(digits) : Number(digits);
}

/**
 * A statement's date as YYYY-MM-DD. 'not-a-date' for a cell that is not written like a date at all
 * (a footer, a separator, an empty cell); 'bad-date' for one written like a date that does not exist
 * (31/02/2026, 5 Foo 2026). Days come first: Indian banks never write month/day.
 */
export function parseStatementDate(cell: string): string | 'not-a-date' | 'bad-date' {
  const text = cell.trim().replace(TIME_AFTER, '');
  let date: string | null;
  let match = DAY_MONTH_YEAR.exec(text);
  if (match) date = calendarDate(fullYear(match[4] ?? ''), Number(match[3]), Number(match[1]));
  else if ((match = DAY_MONTH_NAME_YEAR.exec(text))) date = calendarDate(fullYear(match[3] ?? ''), monthOfName(match[2] ?? ''), Number(match[1]));
  else if ((match = YEAR_MONTH_DAY.exec(text))) date = calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  else return 'not-a-date';
  return date ?? 'bad-date';
}

/** Rupees grouped the Indian way (1,25,000), the Western way (125,000), or not at all. */
const RUPEES = /^(\d{1,3}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;
/** 13 digits of rupees is ₹9,99,99,99,99,999: paise beyond that would not be exact numbers. */
const MAX_RUPEE_DIGITS = 13;

/** Which way money went, as a bank marks it. */
export type Direction = 'credit' | 'debit';

/** An amount as paise and the way its cell marks it (Cr, Dr, a minus sign, brackets), if it does. */
export interface MarkedAmount {
  paise: number;
  direction: Direction | null;
}

const MARKER_AFTER = /\s*\(?(?<![a-z])(cr|dr)\.?\)?\.?$/i;
const MARKER_BEFORE = /^\(?(cr|dr)\.?\)?\s*(?=[\d₹(-]|rs|inr)/i;

function directionOfMarker(marker: string | undefined): Direction {
  return marker?.toLowerCase() === 'dr' ? 'debit' : 'credit';
}

/**
 * An amount cell as paise, without floating-point arithmetic: "₹ 1,25,000.00", "1250.00 Cr",
 * "3,000.00 (Dr)", "CR 500", "-3000", "(3,000.00)", "INR 500"; with the way it is marked, if it is.
 * Zero for an empty cell, "-" or zero. 'bad-amount' for anything else, for a minus sign on an amount
 * marked Cr, and for a fraction of a paisa (trailing zeros, as in 1250.500, are only zeros).
 */
export function parseMarkedAmount(cell: string): MarkedAmount | 'bad-amount' {
  let text = cell.trim().replace(/\s+/g, ' ');
  if (text === '' || text === '-') return { paise: 0, direction: null };
  let direction: Direction | null = null;
  const after = MARKER_AFTER.exec(text);
  const before = after ? null : MARKER_BEFORE.exec(text);
  if (after) {
    direction = directionOfMarker(after[1]);
    text = text.slice(0, after.index);
  } else if (before) {
    direction = directionOfMarker(before[1]);
    text = text.slice(before[0].length);
  }
  text = text.replace(/^(?:₹|rs\.?|inr)\s*/i, '').replace(/\s*(?:₹|rs\.?|inr)$/i, '');
  const negative = /^-\s*(.+)$/.exec(text) ?? /^\((.+)\)$/.exec(text);
  if (negative) {
    if (direction === 'credit') return 'bad-amount';
    direction = 'debit';
    text = (negative[1] ?? '').replace(/^(?:₹|rs\.?|inr)\s*/i, '');
  }
  const match = RUPEES.exec(text);
  if (!match) return 'bad-amount';
  const whole = (match[1] ?? '').replace(/,/g, '').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (whole.length > MAX_RUPEE_DIGITS || fraction.length > 2) return 'bad-amount';
  return { paise: Number(whole) * 100 + Number(fraction.padEnd(2, '0')), direction };
}

/**
 * A credit cell as paise: "₹ 1,25,000.00", "1250.00 Cr", "INR 500". 0 for an empty cell, "-" or
 * zero (the row is a debit). 'bad-amount' for anything else, including a negative amount or "Dr",
 * which do not belong in a credit column.
 */
export function parseCreditPaise(cell: string): number | 'bad-amount' {
  const amount = parseMarkedAmount(cell);
  if (amount === 'bad-amount' || amount.direction === 'debit') return 'bad-amount';
  return amount.paise;
}

/** A Dr/Cr column's cell: Cr, CR, Cr., C, Credit; Dr, D, Debit; null for anything else (an empty cell too). */
export function parseDirection(cell: string): Direction | null {
  const text = cell.trim().toLowerCase().replace(/\.$/, '');
  if (['cr', 'c', 'credit', '(cr)'].includes(text)) return 'credit';
  if (['dr', 'd', 'debit', '(dr)'].includes(text)) return 'debit';
  return null;
}

// ---------------------------------------------------------------------------------------------
// UTRs

/** An IFSC (bank branch code): 4 letters, 0, 6 letters or digits. Never a UTR, though it sits beside one. */
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** HDFC writes a UPI/IMPS reference in its Chq./Ref.No. column padded to 16 digits: 0000612345678901. */
const ZERO_PADDED_UTR = /^0000(\d{12})$/;

/** Whether text[at] is a . or , between digits, as in 1,250.50. */
function isDigitSeparator(text: string, at: number): boolean {
  return (text[at] === '.' || text[at] === ',') && /\d/.test(text[at - 1] ?? '') && /\d/.test(text[at + 1] ?? '');
}

/**
 * The UTRs in a statement line's text: runs of letters and digits (so / - * : space and the like all
 * separate) that utrKindOf accepts, upper-cased, in order, each once. Not a UTR: an IFSC; a word (a
 * NEFT/RTGS UTR has digits); a run of zeros; the name part of a UPI ID (919876543210@paytm is a
 * phone number); digits joined to more digits by . or , (part of an amount). A 13-digit number is
 * one run, so no 12-digit UTR is taken out of it.
 */
export function findUtrs(text: string): string[] {
  const utrs: string[] = [];
  for (const match of text.matchAll(/[A-Za-z0-9]+/g)) {
    const start = match.index;
    const end = start + match[0].length;
    let token = match[0].toUpperCase();
    if (text[end] === '@') continue;
    if (/^\d+$/.test(token) && (isDigitSeparator(text, start - 1) || isDigitSeparator(text, end))) continue;
    token = ZERO_PADDED_UTR.exec(token)?.[1] ?? token;
    // A non-zero digit: a word (TRANSFERFROMACCOUNT) or a run of zeros passes utrKindOf but is no UTR.
    if (utrKindOf(token) === null || IFSC.test(token) || !/[1-9]/.test(token)) continue;
    if (!utrs.includes(token)) utrs.push(token);
  }
  return utrs;
}

// ---------------------------------------------------------------------------------------------
// Parsing

/**
 * The credit of a row as paise: 0 when the row is no credit (a debit, or nothing in the column),
 * or why the row cannot be read. In a credit column an amount is a credit (a "Dr" or a minus there
 * is an error). In a column of amounts both ways, the row's Dr/Cr column and the amount's own mark
 * say which it is; they must agree, and one of them must say it.
 */
function creditOfRow(columns: ColumnIndexes, cellAt: (index: number | null) => string): number | 'bad-amount' | 'no-direction' {
  if (!columns.isAmount) return parseCreditPaise(cellAt(columns.credit));
  const amount = parseMarkedAmount(cellAt(columns.credit));
  if (amount === 'bad-amount') return 'bad-amount';
  if (amount.paise === 0) return 0;
  const marked = columns.direction === null ? null : parseDirection(cellAt(columns.direction));
  if (marked !== null && amount.direction !== null && marked !== amount.direction) return 'bad-amount';
  const direction = marked ?? amount.direction;
  if (direction === null) return 'no-direction';
  return direction === 'credit' ? amount.paise : 0;
}

/**
 * The credit lines of a statement. The header row is the first (of the first 100 rows) holding all
 * of the mapping's columns, or with a null mapping the first guessMapping recognises. After it, a row
 * whose date cell is not written like a date at all is skipped, wherever it is: HDFC puts a row of
 * asterisks under the header, some banks continue a narration on a dateless row, and every bank ends
 * with a footer (totals, legends), whose amounts must not be read as credits. A row whose date cell
 * looks like a date but is not one stops the reading (bad-date), as does a credit cell that is not
 * an amount (bad-amount) and an amount that does not say whether it is a credit (no-direction): a
 * statement read wrongly must not be half-matched. Debits, and rows with nothing in the credit
 * column (or zero), are skipped: they are never lines, so never matches.
 *
 * More than 20,000 transactions is refused; the reading stops after that many rows (plus 1,000 for
 * separators and the footer) below the header, so a huge file is not read to its end.
 */
export function parseStatement(file: Buffer | string, mapping: ColumnMapping | null): ParseResult {
  const table = findTable(file, mapping);
  if (!table.ok) return table;
  const { reading, header, headers } = table;
  const { columns } = header;

  const maxRows = header.index + 1 + MAX_STATEMENT_TRANSACTIONS + MAX_OTHER_ROWS;
  let rows: Row[];
  try {
    rows = reading.rows(maxRows + 1);
  } catch (error) {
    const line = error instanceof Error && 'lines' in error && typeof error.lines === 'number' ? error.lines : undefined;
    return { ok: false, problem: line === undefined ? { code: 'not-a-statement' } : { code: 'not-a-statement', line }, headers };
  }
  if (rows.length > maxRows) return { ok: false, problem: { code: 'too-many-lines' }, headers };

  const lines: StatementLine[] = [];
  let transactions = 0;
  for (const row of rows.slice(header.index + 1)) {
    const cellAt = (index: number | null) => (index === null ? '' : (row.cells[index] ?? ''));
    const date = parseStatementDate(cellAt(columns.date));
    if (date === 'not-a-date') continue;
    transactions += 1;
    if (transactions > MAX_STATEMENT_TRANSACTIONS) return { ok: false, problem: { code: 'too-many-lines' }, headers };
    if (date === 'bad-date') return { ok: false, problem: { code: 'bad-date', line: row.line }, headers };
    const creditPaise = creditOfRow(columns, cellAt);
    if (creditPaise === 'bad-amount' || creditPaise === 'no-direction') return { ok: false, problem: { code: creditPaise, line: row.line }, headers };
    if (creditPaise === 0) continue;
    const narration = cellAt(columns.narration);
    const reference = cellAt(columns.reference);
    lines.push({ line: row.line, date, narration, reference, creditPaise, utrs: findUtrs(`${narration} ${reference}`) });
  }
  if (lines.length === 0) return { ok: false, problem: { code: 'no-credits' }, headers };
  return { ok: true, headers, lines };
}

// ---------------------------------------------------------------------------------------------
// Matching

export interface Pledge {
  reference: string;
  amountPaise: number;
  /** Normalised (upper case, no spaces). */
  utr: string | null;
  proofAt: string | null;
  /** ISO instant. */
  pledgedAt: string;
}

export interface SureMatch {
  line: StatementLine;
  reference: string;
}

export interface PossibleMatch {
  line: StatementLine;
  references: string[];
}

export interface StatementMatches {
  sure: SureMatch[];
  possible: PossibleMatch[];
  unmatched: StatementLine[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function daysBetween(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS;
}

/** The day in India the donor said they paid (the proof), or else pledged. */
function pledgeDateOf(pledge: Pledge): string {
  return indiaDateOf(new Date(pledge.proofAt ?? pledge.pledgedAt));
}

function byReference(a: Pledge, b: Pledge): number {
  return a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : 0;
}

/**
 * Sorts each statement line (in line order) into one of three lists.
 *
 * - sure: one of the line's UTRs is the UTR of exactly one pledge, the only pledge any of its UTRs
 *   names, and the amounts are equal. The first such line takes the pledge; a later line with the
 *   same UTR (a row repeated, as when two downloads overlap) is unmatched, so a donation is never
 *   offered for verifying twice.
 * - possible: the line's UTRs name pledges not already taken, but not one pledge at the same amount
 *   (a near-miss, or a UTR two pledges share); or the line names no pledge by UTR and its amount
 *   equals that of pledges, not taken, dated (proof, else pledge; in India) within dateWindowDays of
 *   it. Candidates are listed nearest date first, then by reference.
 * - unmatched: everything else, including a line whose UTR names only pledges already taken.
 */
export function matchStatement(lines: StatementLine[], pledges: Pledge[], options: { dateWindowDays?: number } = {}): StatementMatches {
  const dateWindowDays = options.dateWindowDays ?? 3;
  const ordered = [...lines].sort((a, b) => a.line - b.line);
  const pledgesByUtr = new Map<string, Pledge[]>();
  for (const pledge of pledges) {
    if (pledge.utr === null) continue;
    const same = pledgesByUtr.get(pledge.utr);
    if (same) same.push(pledge);
    else pledgesByUtr.set(pledge.utr, [pledge]);
  }
  const namedBy = (line: StatementLine): Pledge[] => [...new Set(line.utrs.flatMap((utr) => pledgesByUtr.get(utr) ?? []))];
  // By amount too: a statement of 20,000 lines against thousands of open pledges looks up, not scans.
  const pledgesByAmount = new Map<number, Pledge[]>();
  for (const pledge of pledges) {
    const same = pledgesByAmount.get(pledge.amountPaise);
    if (same) same.push(pledge);
    else pledgesByAmount.set(pledge.amountPaise, [pledge]);
  }

  // Sure matches first, over all lines: a near-miss above the line that pays a donation must not take it.
  const sureByLine = new Map<StatementLine, Pledge>();
  const taken = new Set<Pledge>();
  for (const line of ordered) {
    const named = namedBy(line);
    const [only] = named;
    if (named.length === 1 && only !== undefined && only.amountPaise === line.creditPaise && !taken.has(only)) {
      sureByLine.set(line, only);
      taken.add(only);
    }
  }

  const matches: StatementMatches = { sure: [], possible: [], unmatched: [] };
  for (const line of ordered) {
    const sure = sureByLine.get(line);
    if (sure !== undefined) {
      matches.sure.push({ line, reference: sure.reference });
      continue;
    }
    const named = namedBy(line);
    const candidates =
      named.length > 0
        ? named.filter((pledge) => !taken.has(pledge)).sort(byReference)
        : (pledgesByAmount.get(line.creditPaise) ?? [])
            .filter((pledge) => !taken.has(pledge) && daysBetween(pledgeDateOf(pledge), line.date) <= dateWindowDays)
            .sort((a, b) => daysBetween(pledgeDateOf(a), line.date) - daysBetween(pledgeDateOf(b), line.date) || byReference(a, b));
    if (candidates.length > 0) matches.possible.push({ line, references: candidates.map((pledge) => pledge.reference) });
    else matches.unmatched.push(line);
  }
  return matches;
}
