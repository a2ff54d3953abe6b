import { getDocumentProxy } from 'unpdf';
import type { CertificateIdKind } from './form-10be.events.ts';

/**
 * Reading a Form 10BE certificate as the income-tax portal issues it (rule 18AB): one page, a table
 * of numbered particulars — the reporting person's (the foundation's) PAN, name and approval number
 * (URN), the section, the ARN of the Form 10BD it follows from, the donor's identification number
 * and its ID code, the donor's name and address, the amount, the financial year, the donation type
 * and the mode of receipt. The text is extracted with unpdf (PDF.js in a build that needs no worker
 * and no canvas; decision 056), its pieces put back into lines by their position on the page, and
 * each line read as "label value" or "label: value".
 */

export interface CertificateParticulars {
  foundationPan: string | null;
  urn: string | null;
  section: string;
  arn: string;
  idKind: CertificateIdKind;
  /** Upper case, without spaces. */
  idNumber: string;
  donorName: string;
  amountPaise: number;
  /** '2026-27'. */
  financialYear: string;
  donationType: string;
  modeOfReceipt: string;
}

export type CertificateProblem = 'unreadable' | 'encrypted' | 'not-a-certificate';

/** A certificate has one or two pages; more is something else. */
const MAX_PAGES = 5;

/**
 * The lines of text of a PDF, top to bottom, each piece of text on a line left to right. Null when
 * PDF.js cannot read the file; 'encrypted' when it is protected by a password.
 */
export async function pdfTextLines(bytes: Uint8Array): Promise<string[] | 'unreadable' | 'encrypted'> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: PDF.js takes over (detaches) the buffer it is given. verbosity 0: its warnings are not ours to log.
    document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: true });
  } catch (error) {
    return error instanceof Error && error.name === 'PasswordException' ? 'encrypted' : 'unreadable';
  }
  try {
    if (document.numPages > MAX_PAGES) return 'unreadable';
    const lines: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const rows = new Map<number, { x: number; text: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [, , , , x, y] = item.transform as number[];
        // Pieces whose baselines are within 3 points are one line (a table's label and value cells).
        const key = [...rows.keys()].find((existing) => Math.abs(existing - y!) <= 3) ?? y!;
        rows.set(key, [...(rows.get(key) ?? []), { x: x!, text: item.str }]);
      }
      for (const y of [...rows.keys()].sort((a, b) => b - a)) {
        lines.push(
          rows
            .get(y)!
            .sort((a, b) => a.x - b.x)
            .map((piece) => piece.text.trim())
            .join(' ')
            .replace(/\s+/g, ' '),
        );
      }
      page.cleanup();
    }
    return lines;
  } catch {
    return 'unreadable';
  } finally {
    await document.destroy();
  }
}

type Field = 'foundationPan' | 'urn' | 'section' | 'arn' | 'idNumber' | 'idCode' | 'donorName' | 'amount' | 'financialYear' | 'donationType' | 'modeOfReceipt';

/** Each particular's label; tried in this order, so the longer labels come before those they contain. */
const LABELS: readonly [Field, RegExp][] = [
  ['foundationPan', /^(?:\d+\.?\s*)?PAN of the reporting person\b/i],
  ['urn', /^(?:\d+\.?\s*)?(?:Approval number\s*\/\s*)?Unique Registration Number\b(?:\s*\(URN\))?/i],
  ['arn', /^(?:\d+\.?\s*)?Acknowledgement Reference Number\b(?:\s*\(ARN\))?(?: of Form (?:No\.\s*)?10BD)?/i],
  ['idNumber', /^(?:\d+\.?\s*)?(?:Unique )?Identification Number of the donor\b/i],
  ['idCode', /^(?:\d+\.?\s*)?ID code\b/i],
  ['donorName', /^(?:\d+\.?\s*)?Name of (?:the )?donor\b/i],
  ['amount', /^(?:\d+\.?\s*)?Amount of donation\b(?:\s*\((?:in )?(?:Indian )?(?:Rupees|Rs\.?|INR)\))?/i],
  ['financialYear', /^(?:\d+\.?\s*)?Financial year\b(?: in which (?:the )?donation (?:is|was) received)?/i],
  ['donationType', /^(?:\d+\.?\s*)?Type of donation\b/i],
  ['modeOfReceipt', /^(?:\d+\.?\s*)?Mode of receipt\b/i],
  // Numbered or followed by a colon: not the heading's "section 35 of the Income-tax Act" run on to a new line.
  ['section', /^(?:\d+\.?\s*Section\b|Section\s*:)/i],
];

/** "12,500.00" or "12500" rupees → paise; null when it is no amount. */
function paiseOf(text: string): number | null {
  const match = /^(?:Rs\.?|INR|₹)?\s*([\d,]+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const rupees = Number(match[1]!.replace(/,/g, ''));
  const paise = Number((match[2] ?? '0').padEnd(2, '0'));
  if (!Number.isSafeInteger(rupees) || rupees > 1e11) return null;
  return rupees * 100 + paise;
}

function idKindOf(code: string | undefined): CertificateIdKind {
  if (!code) return 'other';
  if (/Permanent Account Number|^PAN$|^1$/i.test(code)) return 'pan';
  if (/Aadhaar|^2$/i.test(code)) return 'aadhaar';
  return 'other';
}

/** "2026-27" from "2026-27", "2026-2027" or "FY 2026-27"; null otherwise. */
function financialYearOf(text: string): string | null {
  const match = /\b(20\d\d)\s*[-–/]\s*(?:20)?(\d\d)\b/.exec(text);
  if (!match) return null;
  const start = Number(match[1]);
  if ((start + 1) % 100 !== Number(match[2])) return null;
  return `${start}-${match[2]}`;
}

/**
 * The particulars of a certificate from its text lines, or why they are not one: the heading names
 * Form 10BE, and the donor's ID, name, the amount, the financial year and the ARN are all there.
 */
export function parseCertificate(lines: readonly string[]): CertificateParticulars | 'not-a-certificate' {
  if (!lines.some((line) => /\b(?:FORM\s*(?:No\.?)?\s*)?10\s*BE\b/i.test(line))) return 'not-a-certificate';
  const found: Partial<Record<Field, string>> = {};
  for (const line of lines) {
    for (const [field, label] of LABELS) {
      const match = label.exec(line);
      if (!match) continue;
      const value = line.slice(match[0].length).replace(/^\s*[:\-–]\s*/, '').trim();
      if (found[field] === undefined && value !== '') found[field] = value;
      break;
    }
  }
  const idNumber = found.idNumber?.replace(/\s+/g, '').toUpperCase();
  const amountPaise = found.amount === undefined ? null : paiseOf(found.amount);
  const financialYear = found.financialYear === undefined ? null : financialYearOf(found.financialYear);
  // The ARN is the value's last word: a label wrapped in its cell may leave "of Form 10BD" before it.
  const arn = found.arn?.split(/\s+/).at(-1);
  const donorName = found.donorName?.replace(/\s+/g, ' ').trim();
  if (!idNumber || !/^[A-Z0-9]{4,30}$/.test(idNumber) || !donorName || amountPaise === null || amountPaise <= 0 || !financialYear || !arn || !/^[A-Z0-9]{6,40}$/i.test(arn)) {
    return 'not-a-certificate';
  }
  return {
    foundationPan: found.foundationPan?.replace(/\s+/g, '').toUpperCase() ?? null,
    urn: found.urn?.replace(/\s+/g, '') ?? null,
    section: found.section ?? '',
    arn: arn.toUpperCase(),
    idKind: idKindOf(found.idCode),
    idNumber,
    donorName: donorName.slice(0, 200),
    amountPaise,
    financialYear,
    donationType: (found.donationType ?? '').slice(0, 100),
    modeOfReceipt: (found.modeOfReceipt ?? '').slice(0, 100),
  };
}

/** The particulars of one certificate PDF, or why it cannot be read as one. */
export async function readCertificate(bytes: Uint8Array): Promise<CertificateParticulars | CertificateProblem> {
  const lines = await pdfTextLines(bytes);
  if (lines === 'unreadable' || lines === 'encrypted') return lines;
  return parseCertificate(lines);
}
