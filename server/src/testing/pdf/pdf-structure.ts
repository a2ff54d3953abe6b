import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const run = promisify(execFile);

async function withFile<T>(pdf: Buffer, use: (file: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-pdf-info-'));
  const file = path.join(dir, 'document.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return await use(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What poppler's pdfinfo says of a PDF: `Tagged`, `PDF version`, `Pages`, … */
export async function pdfInfo(pdf: Buffer): Promise<Record<string, string>> {
  const { stdout } = await withFile(pdf, (file) => run('pdfinfo', ['-enc', 'UTF-8', file]));
  return Object.fromEntries(
    stdout
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1]!.trim(), match[2]!.trim()]),
  );
}

export interface StructureNode {
  type: string;
  depth: number;
  /** Attribute lines under the element, e.g. "/Scope /Row". */
  attributes: string[];
}

/**
 * The structure tree as poppler reads it (`pdfinfo -struct`), element by element in reading order,
 * with each element's depth below the root (the Document element is at 0).
 */
export async function pdfStructure(pdf: Buffer): Promise<StructureNode[]> {
  const { stdout } = await withFile(pdf, (file) => run('pdfinfo', ['-struct', file], { maxBuffer: 64 * 1024 * 1024 }));
  const nodes: StructureNode[] = [];
  for (const line of stdout.split('\n')) {
    if (line.trim() === '') continue;
    const indent = /^ */.exec(line)![0].length;
    const text = line.trim();
    if (text.startsWith('/')) {
      nodes.at(-1)?.attributes.push(text);
      continue;
    }
    nodes.push({ type: text.replace(/[: ].*$/, ''), depth: indent / 2, attributes: [] });
  }
  return nodes;
}

/**
 * Every stream of a PDF, inflated where it is compressed, as latin1 text: to read the content
 * streams' marked-content operators (BDC … EMC), which no poppler tool prints.
 */
export function pdfStreams(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const bytes = Buffer.from(match[1]!, 'latin1');
    try {
      streams.push(zlib.inflateSync(bytes).toString('latin1'));
    } catch {
      streams.push(match[1]!);
    }
  }
  return streams.join('\n');
}

/**
 * Signs that cannot begin a word in Hindi written in logical order — a vowel sign, nukta, virama,
 * anusvara, candrabindu or visarga right after a space, punctuation or the start of a line — with
 * the text around each: what text in visual order ("िसिवल" for "सिविल") leaves behind.
 */
export function devanagariSignsOutOfPlace(text: string): string[] {
  return [...text.matchAll(/(?<![\p{L}\p{M}\u200C\u200D])[\u0900-\u0903\u093A-\u094F\u0962\u0963]/gu)].map((match) =>
    text.slice(Math.max(0, match.index - 10), match.index + 10),
  );
}
