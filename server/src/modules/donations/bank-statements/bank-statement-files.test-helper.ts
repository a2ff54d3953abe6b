import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';

/**
 * Statement files built from data for the tests: Excel workbooks as the banks' downloads lay them
 * out (written by SheetJS, the library that reads them back), and ZIP files written byte by byte
 * for the hostile cases (an .xlsx that unpacks to gigabytes, one with encrypted parts).
 */

/** A cell as Excel stores a date: a serial day number shown with a date format (day first here). */
export interface DateCell {
  date: string;
}

export type SheetCell = string | number | DateCell | null;

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

function serialOf(isoDate: string): number {
  return (Date.parse(`${isoDate}T00:00:00Z`) - EXCEL_EPOCH) / 86_400_000;
}

/** A workbook of one sheet with these rows: .xls (Excel 97–2003, BIFF8) or .xlsx. */
export function workbookOf(rows: readonly (readonly SheetCell[])[], bookType: 'xls' | 'xlsx', sheetName = 'Statement'): Buffer {
  const plain = rows.map((row) => row.map((cell) => (cell !== null && typeof cell === 'object' ? serialOf(cell.date) : cell)));
  const sheet = XLSX.utils.aoa_to_sheet(plain);
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell !== null && typeof cell === 'object') {
        const address = XLSX.utils.encode_cell({ r, c });
        sheet[address] = { t: 'n', v: serialOf(cell.date), z: 'dd-mm-yyyy' };
      }
    }),
  );
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, sheetName);
  return XLSX.write(workbook, { type: 'buffer', bookType: bookType === 'xls' ? 'biff8' : 'xlsx' }) as Buffer;
}

interface ZipEntry {
  name: string;
  /** The part's bytes as stored (deflated when `deflated`). */
  data: Buffer;
  deflated: boolean;
  /** What the headers claim the part unpacks to. */
  declaredSize: number;
  flags?: number;
}

/** A ZIP file of these entries, headers written as given (so they can lie). */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.flags ?? 0, 6);
    local.writeUInt16LE(entry.deflated ? 8 : 0, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.flags ?? 0, 8);
    central.writeUInt16LE(entry.deflated ? 8 : 0, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A deflate stream that unpacks to `mebibytes` MiB of zeros in about 1 KB a MiB: one fully flushed
 * block of 1 MiB, repeated, then an empty final block. Built in a moment, unlike deflating the zeros.
 */
export function zerosDeflated(mebibytes: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: mebibytes }, () => block), Buffer.from([0x03, 0x00])]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';

/** An .xlsx-looking file whose sheet unpacks to `mebibytes` MiB while its headers claim 4 KB. */
export function xlsxBomb(mebibytes: number): Buffer {
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES), deflated: false, declaredSize: CONTENT_TYPES.length },
    { name: 'xl/worksheets/sheet1.xml', data: zerosDeflated(mebibytes), deflated: true, declaredSize: 4096 },
  ]);
}
