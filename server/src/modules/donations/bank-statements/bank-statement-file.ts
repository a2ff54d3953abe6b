import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';

/**
 * The rows of a bank statement as the bank let an account holder download it, whatever the file:
 * delimited text (CSV, or tab-separated text saved as ".xls", as SBI's "Excel" is), an HTML table
 * or an Excel 2003 XML file saved as ".xls", a real Excel 97–2003 workbook (.xls) or an Excel
 * workbook (.xlsx). The kind is told by the bytes, never by the file's name (decision 054).
 * Spreadsheets are read with SheetJS (the maintained 0.20 line, published as @e965/xlsx); an .xlsx
 * is a ZIP file, so its parts' unpacked size is measured, with a bound, before SheetJS unpacks it.
 */

/** Transactions (credits and debits) a statement may hold: a year of a busy account, well within a request. */
export const MAX_STATEMENT_TRANSACTIONS = 20_000;
/** Rows besides transactions after the header (separators, narration continued on a row, the footer) read before giving up. */
export const MAX_OTHER_ROWS = 1_000;
/** Where the header row may be: banks put 10–25 lines of account details above it. */
export const HEADER_SEARCH_ROWS = 100;
/** An .xlsx unpacks to at most this much: a year of a busy account is ~10 MB of sheet XML. */
export const MAX_UNPACKED_BYTES = 40 * 1024 * 1024;
/** Parts of an .xlsx: a statement workbook has about a dozen. */
const MAX_ZIP_ENTRIES = 1_000;
/** Sheets looked at for the statement's table; the first that has one is read. */
const MAX_SHEETS = 10;
/** Columns of a sheet read: a statement has at most 15, and a cell far to the right must not make every row 16,384 cells long. */
const MAX_SHEET_COLUMNS = 60;
/** Rows of a sheet read: enough for the header's search, every transaction allowed and the footer, and one more to tell "too many". */
const MAX_SHEET_ROWS = HEADER_SEARCH_ROWS + MAX_STATEMENT_TRANSACTIONS + MAX_OTHER_ROWS + 2;

export interface StatementRow {
  /** 1-based line in a text file where the row starts; the row's number in a spreadsheet. */
  line: number;
  cells: string[];
}

export type StatementFileProblem = 'not-a-statement' | 'spreadsheet-too-large' | 'spreadsheet-unreadable' | 'spreadsheet-encrypted';

export type StatementFile = { kind: 'text'; text: string } | { kind: 'sheets'; sheets: StatementRow[][] } | { kind: 'problem'; problem: StatementFileProblem };

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL;
}

function isCfb(bytes: Buffer): boolean {
  return bytes.length >= 8 && bytes.subarray(0, 8).equals(CFB_MAGIC);
}

/** Whether the ZIP's parts would unpack within the bounds; reads each part's real size (with a cap), not the size the file claims. */
export function zipUnpacksWithin(bytes: Buffer, maxBytes = MAX_UNPACKED_BYTES): 'ok' | 'too-large' | 'unreadable' | 'encrypted' {
  // The end record is found and read the way SheetJS does (the last signature in the file; the
  // count of entries "on this disk"), so that both read the same directory, whatever else the file holds.
  let end = bytes.length - 4;
  while (end >= 0 && bytes.readUInt32LE(end) !== ZIP_END) end -= 1;
  if (end < 0 || end + 20 > bytes.length) return 'unreadable';
  const entries = bytes.readUInt16LE(end + 8);
  let central = bytes.readUInt32LE(end + 16);
  if (entries > MAX_ZIP_ENTRIES) return 'too-large';
  let unpacked = 0;
  for (let i = 0; i < entries; i += 1) {
    if (central + 46 > bytes.length || bytes.readUInt32LE(central) !== ZIP_CENTRAL) return 'unreadable';
    const local = bytes.readUInt32LE(central + 42);
    central += 46 + bytes.readUInt16LE(central + 28) + bytes.readUInt16LE(central + 30) + bytes.readUInt16LE(central + 32);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== ZIP_LOCAL) return 'unreadable';
    // SheetJS reads each part from its local header, so the data start is taken from there too.
    const flags = bytes.readUInt16LE(local + 6);
    const method = bytes.readUInt16LE(local + 8);
    if (flags & 0x2041) return 'encrypted';
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start > bytes.length) return 'unreadable';
    if (method === 0) {
      unpacked += Math.min(bytes.readUInt32LE(local + 18), bytes.length - start);
    } else if (method === 8) {
      // Inflated to the end of its stream, as SheetJS will, but never past what is left of the allowance.
      try {
        unpacked += zlib.inflateRawSync(bytes.subarray(start), { maxOutputLength: Math.max(1, maxBytes - unpacked) }).length;
      } catch (error) {
        return error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'unreadable';
      }
    } else {
      return 'unreadable';
    }
    if (unpacked > maxBytes) return 'too-large';
  }
  return 'ok';
}

/** The text of an upload: UTF-8 (or UTF-16 from Excel's "Unicode text"), without BOM; null for binary data. */
export function textOf(file: Buffer | string): string | null {
  let text: string;
  if (typeof file === 'string') text = file;
  else if (file[0] === 0xff && file[1] === 0xfe) text = new TextDecoder('utf-16le').decode(file);
  else if (file[0] === 0xfe && file[1] === 0xff) text = new TextDecoder('utf-16be').decode(file);
  else text = new TextDecoder('utf-8').decode(file);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return isBinary(text) ? null : text;
}

/**
 * NUL anywhere, or control characters other than tab, line breaks, form feed and DOS's end-of-file
 * mark near the start: an image, a PDF or some other binary file, not text.
 */
function isBinary(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return text.includes('\u0000') || /[\u0001-\u0008\u000E-\u0019\u001B-\u001F]/.test(text.slice(0, 65_536));
}

/** An HTML table or Excel 2003 XML saved as ".xls" (many Indian banks' "Excel" download is one of these). */
function isMarkup(text: string): boolean {
  const start = text.trimStart().slice(0, 4_096).toLowerCase();
  return start.startsWith('<') && (/<table[\s>]/.test(text.slice(0, 65_536).toLowerCase()) || start.includes('urn:schemas-microsoft-com:office:spreadsheet'));
}

/** A number as a bank meant it: 1250.5, not 1250.4999999999998; paise at most. */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const paise = Math.round(value * 100);
  return Math.abs(value * 100 - paise) < 1e-6 ? (paise / 100).toString() : String(value);
}

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A cell as text. A date cell becomes YYYY-MM-DD from its serial number (never through the
 * computer's time zone or the cell's display format, which for Excel's built-in date format is
 * month first); a number, its shortest decimal; text, as written.
 */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'n' && typeof cell.v === 'number') {
    if (typeof cell.z === 'string' && XLSX.SSF.is_date(cell.z)) {
      const date = XLSX.SSF.parse_date_code(cell.v);
      if (date) return isoDate(date.y, date.m, date.d);
    }
    return numberText(cell.v);
  }
  if (cell.v instanceof Date) return isoDate(cell.v.getUTCFullYear(), cell.v.getUTCMonth() + 1, cell.v.getUTCDate());
  if (typeof cell.v === 'boolean' || typeof cell.v === 'number') return String(cell.v);
  if (cell.t === 'e') return '';
  return String(cell.v).replace(/\r\n?/g, '\n').trim();
}

function rowsOfSheet(sheet: XLSX.WorkSheet): StatementRow[] {
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const rows: StatementRow[] = [];
  for (let r = 0; r < data.length && r < MAX_SHEET_ROWS; r += 1) {
    const row = data[r];
    const cells: string[] = [];
    if (row) for (let c = 0; c < Math.min(row.length, MAX_SHEET_COLUMNS); c += 1) cells.push(cellText(row[c]));
    while (cells.length > 0 && cells.at(-1) === '') cells.pop();
    rows.push({ line: r + 1, cells });
  }
  return rows;
}

function readWorkbook(input: Buffer | string, options: XLSX.ParsingOptions): StatementFile {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(input, { ...options, dense: true, cellNF: true, cellDates: false, cellFormula: false, cellHTML: false, cellStyles: false, sheetRows: MAX_SHEET_ROWS, WTF: false });
  } catch (error) {
    const message = error instanceof Error ? error.message.toLowerCase() : '';
    return { kind: 'problem', problem: /password|encrypt/.test(message) ? 'spreadsheet-encrypted' : 'spreadsheet-unreadable' };
  }
  const sheets = workbook.SheetNames.slice(0, MAX_SHEETS).flatMap((name) => {
    const sheet = workbook.Sheets[name];
    return sheet ? [rowsOfSheet(sheet)] : [];
  });
  if (sheets.every((rows) => rows.every((row) => row.cells.length === 0))) return { kind: 'problem', problem: 'not-a-statement' };
  return { kind: 'sheets', sheets };
}

/**
 * The same upload is read for its header row and then for its lines: a workbook of 20,000 rows takes
 * about a second to read, so it is read once per buffer (kept only as long as the buffer is).
 */
const readFiles = new WeakMap<Buffer, StatementFile>();

/** What an upload is, from its bytes: text to split into rows, a workbook's sheets as rows, or why it cannot be read. */
export function readStatementFile(file: Buffer | string): StatementFile {
  if (typeof file === 'string') return readStatementFileOnce(file);
  const known = readFiles.get(file);
  if (known) return known;
  const read = readStatementFileOnce(file);
  readFiles.set(file, read);
  return read;
}

function readStatementFileOnce(file: Buffer | string): StatementFile {
  if (typeof file !== 'string' && isZip(file)) {
    const bounds = zipUnpacksWithin(file);
    if (bounds === 'too-large') return { kind: 'problem', problem: 'spreadsheet-too-large' };
    if (bounds === 'encrypted') return { kind: 'problem', problem: 'spreadsheet-encrypted' };
    if (bounds === 'unreadable') return { kind: 'problem', problem: 'spreadsheet-unreadable' };
    return readWorkbook(file, { type: 'buffer' });
  }
  // An Excel 97–2003 workbook, or an encrypted .xlsx (which Excel wraps in the same container).
  if (typeof file !== 'string' && isCfb(file)) return readWorkbook(file, { type: 'buffer' });
  const text = textOf(file);
  if (text === null) return { kind: 'problem', problem: 'not-a-statement' };
  // raw: the cells' text as written; SheetJS would otherwise read 01/11/2026 as a US date.
  if (isMarkup(text)) return readWorkbook(text, { type: 'string', raw: true });
  return { kind: 'text', text };
}
