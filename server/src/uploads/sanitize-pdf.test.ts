import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import { isQpdfAvailable, LEFTOVER_MIN_AGE_MS, removeLeftoverPdfCopies, sanitizePdf } from './sanitize-pdf.ts';
import { hostilePdf, HOSTILE_MARKERS, namesAndStringsIn, simplePdf } from './test-files.test-helper.ts';
import { PDF_ENCRYPTED, PDF_UNAVAILABLE, PDF_UNREADABLE, pdfTooManyPages } from './upload-messages.ts';

/** A logger whose lines the test can read. */
function capturingLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const ACTIVE_KEYS = ['OpenAction', 'AA', 'JS', 'JavaScript', 'Names', 'EmbeddedFiles', 'EF', 'Annots', 'AcroForm', 'FS', 'URI', 'Smuggled'];
const ACTIVE_NAMES = ['JavaScript', 'EmbeddedFile', 'Filespec', 'Annot', 'Link', 'FileAttachment', 'Widget', 'URI'];

describe('sanitizePdf', () => {
  const { log } = capturingLog();
  let scratch: string;

  beforeAll(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-pdf-test-'));
  });
  afterAll(() => {
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('has qpdf on this machine (CI and the Docker image install the Debian package)', async () => {
    expect(await isQpdfAvailable()).toBe(true);
    expect(await isQpdfAvailable('/nonexistent/qpdf')).toBe(false);
  });

  it('removes JavaScript, the OpenAction, embedded files, annotations and forms, and keeps the page', async () => {
    const input = await hostilePdf();
    const before = await namesAndStringsIn(input);
    // The test file really carries all of it.
    for (const key of ['OpenAction', 'AA', 'JS', 'JavaScript', 'Names', 'EmbeddedFiles', 'Annots', 'AcroForm', 'URI', 'Smuggled']) expect(before.keys, key).toContain(key);
    for (const name of ['JavaScript', 'EmbeddedFile', 'Filespec', 'Link', 'FileAttachment', 'Widget']) expect(before.names, name).toContain(name);
    expect(before.strings.join('\n')).toContain(HOSTILE_MARKERS.script);
    expect(before.strings.join('\n')).toContain(HOSTILE_MARKERS.link);

    const output = await sanitizePdf(input, { log });
    expect(output.pageCount).toBe(1);
    const after = await namesAndStringsIn(output.bytes);
    expect(ACTIVE_KEYS.filter((key) => after.keys.has(key))).toEqual([]);
    expect(ACTIVE_NAMES.filter((name) => after.names.has(name))).toEqual([]);
    const text = after.strings.join('\n');
    for (const marker of Object.values(HOSTILE_MARKERS)) expect(text).not.toContain(marker);
    // And in the raw file, where dictionaries are plain text (no object streams).
    const raw = output.bytes.toString('latin1');
    for (const needle of ['/JavaScript', '/OpenAction', '/EmbeddedFile', '/Annots', '/AcroForm', '/AA', '/URI', 'HOSTILE']) expect(raw, needle).not.toContain(needle);
    expect(after.objectCount).toBeLessThan(before.objectCount);

    // The page itself is intact: same size, same drawing instructions, and qpdf finds no fault.
    const [sourcePage] = (await PDFDocument.load(input)).getPages();
    const [outputPage] = (await PDFDocument.load(output.bytes)).getPages();
    expect(outputPage!.getSize()).toEqual(sourcePage!.getSize());
    const contentsOf = (page: typeof outputPage) => {
      const contents = page!.node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray().map((item) => page!.doc.context.lookup(item)) : [contents];
      return Buffer.concat(streams.map((stream) => (stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()) : Buffer.alloc(0))));
    };
    expect(contentsOf(outputPage).toString('latin1')).toContain('Tj');
    expect(contentsOf(outputPage)).toEqual(contentsOf(sourcePage));
    const file = path.join(scratch, 'clean.pdf');
    fs.writeFileSync(file, output.bytes);
    expect(execFileSync('qpdf', ['--check', file]).toString()).toContain('No syntax or stream encoding errors');
  });

  it('keeps every page of an ordinary PDF', async () => {
    const output = await sanitizePdf(await simplePdf(3), { log });
    expect(output.pageCount).toBe(3);
    expect((await PDFDocument.load(output.bytes)).getPageCount()).toBe(3);
  });

  it('refuses garbage that only starts like a PDF', async () => {
    const error = await refusal(sanitizePdf(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer garbage'), { log }));
    expect(error.userMessage).toBe(PDF_UNREADABLE);
    expect(error.httpStatus).toBe(400);
  });

  it('refuses a truncated PDF', async () => {
    const whole = await simplePdf(2);
    for (const share of [0.3, 0.6, 0.9]) {
      const error = await refusal(sanitizePdf(whole.subarray(0, Math.floor(whole.length * share)), { log }));
      expect(error.userMessage, String(share)).toBe(PDF_UNREADABLE);
    }
  });

  it('refuses password-protected PDFs, with or without a password to open them', async () => {
    const plain = path.join(scratch, 'plain.pdf');
    fs.writeFileSync(plain, await simplePdf());
    for (const [name, userPassword] of [['locked.pdf', 'open-sesame'], ['owner-only.pdf', '']] as const) {
      const file = path.join(scratch, name);
      execFileSync('qpdf', ['--encrypt', userPassword, 'owner-secret', '256', '--', plain, file]);
      const error = await refusal(sanitizePdf(fs.readFileSync(file), { log }));
      expect(error.userMessage, name).toBe(PDF_ENCRYPTED);
    }
  });

  it('refuses more pages than allowed', async () => {
    const error = await refusal(sanitizePdf(await simplePdf(3), { log, maxPages: 2 }));
    expect(error.userMessage).toBe(pdfTooManyPages(2));
    expect(error.userMessage).toBe('The PDF has more than 2 pages. Please upload a shorter one.');
  });

  it('refuses every PDF when qpdf is missing, and says why in the server log', async () => {
    const capture = capturingLog();
    const error = await refusal(sanitizePdf(await simplePdf(), { log: capture.log, qpdf: '/nonexistent/qpdf' }));
    expect(error.userMessage).toBe(PDF_UNAVAILABLE);
    expect(error.httpStatus).toBe(400);
    expect(capture.lines).toContainEqual(expect.objectContaining({ level: 50, msg: expect.stringContaining('qpdf is not installed') }));
  });

  it('gives up on a check that takes too long', async () => {
    const slow = path.join(scratch, 'slow-qpdf');
    fs.writeFileSync(slow, '#!/bin/sh\nsleep 10\n', { mode: 0o700 });
    const capture = capturingLog();
    const error = await refusal(sanitizePdf(await simplePdf(), { log: capture.log, qpdf: slow, timeoutMs: 200 }));
    expect(error.userMessage).toBe(PDF_UNREADABLE);
    expect(capture.lines).toContainEqual(expect.objectContaining({ timedOut: true }));
  });

  it('leaves no temporary copy behind', async () => {
    // The copies these two calls make, as a qpdf that notes the file it is given (then runs the real
    // one) names them: other test files, run at the same time, make and remove their own copies in
    // the same folder, so the folder's listing before and after says nothing of these.
    const noted = path.join(scratch, 'copies.txt');
    const notingQpdf = path.join(scratch, 'noting-qpdf');
    fs.writeFileSync(notingQpdf, `#!/bin/sh\nfor last; do :; done\necho "$last" >> '${noted}'\nexec qpdf "$@"\n`, { mode: 0o700 });
    await sanitizePdf(await simplePdf(), { log, qpdf: notingQpdf });
    await refusal(sanitizePdf(Buffer.from('%PDF-1.4 garbage'), { log, qpdf: notingQpdf }));
    const copies = fs.readFileSync(noted, 'utf8').trim().split('\n');
    expect(copies).toHaveLength(2);
    for (const copy of copies) {
      expect(path.dirname(copy).startsWith(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'sahay-pdf-'))).toBe(true);
      expect(fs.existsSync(path.dirname(copy))).toBe(false);
    }
  });
});

describe('removeLeftoverPdfCopies', () => {
  it('removes the copies a killed check left behind, and leaves a recent one (another check under way) and anything else', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-leftovers-'));
    try {
      const now = new Date('2031-01-01T12:00:00.000Z');
      const make = (name: string, ageMs: number, isDirectory = true) => {
        const entry = path.join(dir, name);
        if (isDirectory) {
          fs.mkdirSync(entry);
          fs.writeFileSync(path.join(entry, 'upload.pdf'), 'family document');
        } else fs.writeFileSync(entry, 'x');
        const at = new Date(now.getTime() - ageMs);
        fs.utimesSync(entry, at, at);
      };
      make('sahay-pdf-old', LEFTOVER_MIN_AGE_MS + 60_000);
      make('sahay-pdf-older', 24 * LEFTOVER_MIN_AGE_MS);
      make('sahay-pdf-running', 5_000);
      make('someone-elses', 24 * LEFTOVER_MIN_AGE_MS);
      make('sahay-pdf-a-file', 24 * LEFTOVER_MIN_AGE_MS, false);
      const { log, lines } = capturingLog();
      expect(await removeLeftoverPdfCopies({ dir, now, log })).toBe(2);
      expect(lines.map((line) => [line.msg, line.removed])).toEqual([['removed copies of uploads left by a PDF check that never finished', 2]]);
      expect(fs.readdirSync(dir).sort()).toEqual(['sahay-pdf-a-file', 'sahay-pdf-running', 'someone-elses']);
      // A directory that does not exist is nothing to do.
      expect(await removeLeftoverPdfCopies({ dir: path.join(dir, 'missing'), now, log })).toBe(0);
      expect(lines).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
