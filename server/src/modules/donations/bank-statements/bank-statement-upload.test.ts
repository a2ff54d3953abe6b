import { describe, expect, it } from 'vitest';
import { UPLOAD_WRONG_TYPE_STATEMENT } from '#server/uploads/upload-messages';
import { detectUploadType, SNIFF_BYTES, wrongTypeMessage, XLS_TYPE, XLSX_TYPE } from '#server/uploads/upload-types';
import { workbookOf } from './bank-statement-files.test-helper.ts';

const head = (bytes: Buffer) => bytes.subarray(0, SNIFF_BYTES);

describe('a bank statement upload, told by its first bytes', () => {
  const rows = [['Date', 'Narration', 'Credit'], ['01/11/2026', 'UPI/630512345678/X', 10]];

  it.each([
    ['CSV', Buffer.from('Date,Narration,Credit\n01/11/2026,UPI,10\n'), 'text/csv'],
    ['UTF-16 text from Excel', Buffer.from('\uFEFFDate\tNarration\tCredit\r\n', 'utf16le'), 'text/csv'],
    ['an HTML table named .xls', Buffer.from('<html><body><table><tr><td>Date</td></tr></table></body></html>'), 'text/csv'],
    ['Excel 2003 XML named .xls', Buffer.from('<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"></Workbook>'), 'text/csv'],
    ['an .xlsx', workbookOf(rows, 'xlsx'), XLSX_TYPE],
    ['an Excel 97–2003 .xls', workbookOf(rows, 'xls'), XLS_TYPE],
  ])('takes %s', async (_label, bytes, type) => {
    expect(await detectUploadType(head(bytes), 'statement')).toBe(type);
  });

  it.each([
    ['a PNG', Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')],
    ['a PDF', Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n', 'latin1')],
    ['a gzip file', Buffer.from('1f8b0800000000000003', 'hex')],
    ['binary data', Buffer.from([0x01, 0x00, 0x02, 0x00, 0x03])],
  ])('refuses %s, naming what it takes', async (_label, bytes) => {
    expect(await detectUploadType(head(bytes), 'statement')).toBeNull();
    expect(wrongTypeMessage('statement')).toBe(UPLOAD_WRONG_TYPE_STATEMENT);
  });
});
