import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EncryptedPDFError, PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';
import type { Logger } from 'pino';
import { AppError } from '#server/errors/app-error';
import { PDF_ENCRYPTED, PDF_UNAVAILABLE, PDF_UNREADABLE, pdfTooManyPages } from './upload-messages.ts';

export const DEFAULT_MAX_PDF_PAGES = 50;
export const DEFAULT_QPDF_TIMEOUT_MS = 15_000;

export interface SanitizePdfOptions {
  /**
   * The bytes passed checkPdf when they were received and come back unchanged from the sealed file
   * store (its GCM tag and SHA-256 guard them): qpdf's check, the costly part, is not run twice.
   */
  isChecked?: boolean;
  /** For the server-side reasons of a refusal (qpdf missing, timed out, its findings). */
  log: Logger;
  maxPages?: number;
  /** The qpdf program (Debian package qpdf); tests point it elsewhere to act out its absence. */
  qpdf?: string;
  timeoutMs?: number;
}

export interface SanitizedPdf {
  bytes: Buffer;
  pageCount: number;
}

/** Keys a page keeps; everything else (/Annots, /AA, /Metadata, /PieceInfo, /B, /Thumb...) is dropped. */
const PAGE_KEYS = new Set(['Type', 'Parent', 'MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox', 'Rotate', 'Resources', 'Contents', 'UserUnit', 'Group']);
/** The resource categories of ISO 32000; an unknown key could be used to drag other objects along. */
const RESOURCE_KEYS = new Set(['ExtGState', 'ColorSpace', 'Pattern', 'Shading', 'XObject', 'Font', 'ProcSet', 'Properties']);
/** Removed from every dictionary left in the output: actions, scripts, forms, attachments, links. */
const ACTIVE_KEYS = ['AA', 'OpenAction', 'JS', 'JavaScript', 'Annots', 'AcroForm', 'EmbeddedFiles', 'EmbeddedFile', 'Names', 'A', 'URI', 'Launch', 'Threads', 'B', 'XFA', 'Ref', 'OPI'];
/** On a stream, these fetch its data from an external file instead of the bytes in the PDF. */
const EXTERNAL_STREAM_KEYS = ['F', 'FFilter', 'FDecodeParms'];

/**
 * Checks an uploaded PDF and rewrites it without active content.
 *
 * 1. `qpdf --check` must pass with no warning (exit 0): pdf-lib "loads" garbage and truncated
 *    files, so it is no validator. qpdf cannot read standard input, so the bytes go to a private
 *    temporary file (in /dev/shm, i.e. memory, where there is one) under a random name, removed
 *    straight after. No shell; a time limit. Without qpdf every PDF is refused, never let through
 *    unchecked.
 * 2. The pages are copied into a new document after each page is cut down to the keys a page
 *    needs (no /Annots, no /AA). The new document's catalog has no /OpenAction, /Names (JavaScript,
 *    embedded files), /AcroForm or outline, and its metadata is not carried over.
 * 3. Belt and braces: active keys are removed from every object still reachable, and objects that
 *    nothing reaches are deleted, so the saved file holds only the pages' content.
 */
export async function sanitizePdf(bytes: Buffer, options: SanitizePdfOptions): Promise<SanitizedPdf> {
  if (!options.isChecked) await checkWithQpdf(bytes, options);

  let source: PDFDocument;
  try {
    source = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new AppError('BAD_REQUEST', { userMessage: PDF_ENCRYPTED, cause: error });
    throw new AppError('BAD_REQUEST', { userMessage: PDF_UNREADABLE, message: `PDF refused by pdf-lib: ${String(error)}`, cause: error });
  }
  const pageCount = source.getPageCount();
  const maxPages = options.maxPages ?? DEFAULT_MAX_PDF_PAGES;
  if (pageCount === 0) throw new AppError('BAD_REQUEST', { userMessage: PDF_UNREADABLE, message: 'PDF refused: no pages' });
  if (pageCount > maxPages) throw new AppError('BAD_REQUEST', { userMessage: pdfTooManyPages(maxPages) });

  try {
    for (const page of source.getPages()) keepOnly(page.node, PAGE_KEYS);
    const output = await PDFDocument.create({ updateMetadata: false });
    for (const page of await output.copyPages(source, source.getPageIndices())) {
      keepOnly(page.node, PAGE_KEYS);
      const resources = page.node.get(PDFName.of('Resources'));
      const resourceDict = resources instanceof PDFRef ? output.context.lookup(resources) : resources;
      if (resourceDict instanceof PDFDict) keepOnly(resourceDict, RESOURCE_KEYS);
      output.addPage(page);
    }
    scrubAndCollect(output);
    // Without object streams every dictionary stays plain text in the file: easy to audit.
    return { bytes: Buffer.from(await output.save({ useObjectStreams: false })), pageCount };
  } catch (error) {
    throw new AppError('BAD_REQUEST', { userMessage: PDF_UNREADABLE, message: `PDF could not be rewritten: ${String(error)}`, cause: error });
  }
}

function keepOnly(dict: PDFDict, keys: ReadonlySet<string>): void {
  for (const key of dict.keys()) if (!keys.has(key.decodeText())) dict.delete(key);
}

/** Removes active keys from every reachable dictionary, then deletes every unreachable object. */
function scrubAndCollect(document: PDFDocument): void {
  const { context } = document;
  const reached = new Set<string>();
  const seenDirect = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined): void => {
    if (!object) return;
    if (object instanceof PDFRef) {
      if (reached.has(object.tag)) return;
      reached.add(object.tag);
      visit(context.lookup(object));
      return;
    }
    if (seenDirect.has(object)) return;
    seenDirect.add(object);
    if (object instanceof PDFStream) {
      for (const key of EXTERNAL_STREAM_KEYS) object.dict.delete(PDFName.of(key));
      return visit(object.dict);
    }
    if (object instanceof PDFArray) {
      for (const item of object.asArray()) visit(item);
      return;
    }
    if (object instanceof PDFDict) {
      for (const key of ACTIVE_KEYS) object.delete(PDFName.of(key));
      for (const value of object.values()) visit(value);
    }
  };
  visit(context.trailerInfo.Root);
  visit(context.trailerInfo.Info);
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref.tag)) context.delete(ref);
}

class QpdfMissingError extends Error {}

/**
 * Only the check of step 1 (qpdf, exit 0), for a caller that refuses a bad PDF at once and leaves
 * the rewrite to a job.
 */
export async function checkPdf(bytes: Buffer, options: SanitizePdfOptions): Promise<void> {
  await checkWithQpdf(bytes, options);
}

/** Where the copies qpdf reads are written: /dev/shm is memory on Linux, so they never reach a disk there. */
function checkCopiesDir(): string {
  return fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
}
const CHECK_COPY_PREFIX = 'sahay-pdf-';
/** Far longer than any check lives (qpdf's time limit is 15 s), so another process's check under way is never taken. */
export const LEFTOVER_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes the copies of uploads that a process killed during a qpdf check left behind (its own
 * clean-up never ran); at start-up of the server and the worker. Returns how many it removed, and
 * says so in `log` when any.
 */
export async function removeLeftoverPdfCopies(options: { dir?: string; now?: Date; minAgeMs?: number; log?: Logger } = {}): Promise<number> {
  const dir = options.dir ?? checkCopiesDir();
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? LEFTOVER_MIN_AGE_MS);
  let removed = 0;
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(CHECK_COPY_PREFIX)) continue;
    const entry = path.join(dir, name);
    const stat = await fsp.lstat(entry).catch(() => null);
    if (!stat?.isDirectory() || stat.mtimeMs > cutoff) continue;
    await fsp.rm(entry, { recursive: true, force: true });
    removed += 1;
  }
  if (removed > 0) options.log?.info({ removed, dir }, 'removed copies of uploads left by a PDF check that never finished');
  return removed;
}

async function checkWithQpdf(bytes: Buffer, options: SanitizePdfOptions): Promise<void> {
  const dir = await fsp.mkdtemp(path.join(checkCopiesDir(), CHECK_COPY_PREFIX));
  const file = path.join(dir, `${crypto.randomUUID()}.pdf`);
  try {
    await fsp.writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
    const result = await runQpdf(options.qpdf ?? 'qpdf', ['--check', file], options.timeoutMs ?? DEFAULT_QPDF_TIMEOUT_MS);
    // Encrypted files pass the check when they open without a password; they are still refused,
    // since pdf-lib cannot rewrite them and the owner password would guard the copy from us.
    if (result.code === 0 && /File is not encrypted/.test(result.stdout)) return;
    if (result.code === 0) throw new AppError('BAD_REQUEST', { userMessage: PDF_ENCRYPTED, message: 'PDF refused: encrypted' });
    const findings = `${result.stdout}\n${result.stderr}`.replaceAll(file, '<upload>').trim().slice(0, 2000);
    options.log.info({ qpdfExit: result.code, timedOut: result.timedOut, findings }, 'PDF upload refused by qpdf --check');
    if (/invalid password/i.test(result.stderr)) throw new AppError('BAD_REQUEST', { userMessage: PDF_ENCRYPTED });
    throw new AppError('BAD_REQUEST', { userMessage: PDF_UNREADABLE, message: `PDF refused by qpdf --check (exit ${result.code}${result.timedOut ? ', timed out' : ''})` });
  } catch (error) {
    if (error instanceof QpdfMissingError) {
      options.log.error(
        { qpdf: options.qpdf ?? 'qpdf', err: error.cause },
        'qpdf is not installed or cannot run (Debian: apt-get install qpdf); every PDF upload is refused until it can',
      );
      throw new AppError('BAD_REQUEST', { userMessage: PDF_UNAVAILABLE, message: 'PDF refused: qpdf is not available', cause: error });
    }
    throw error;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

function runQpdf(program: string, args: string[], timeoutMs: number): Promise<{ code: number; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      if (!error) return resolve({ code: 0, stdout, stderr, timedOut: false });
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EACCES') return reject(new QpdfMissingError(`cannot run ${program}`, { cause: error }));
      const exitCode = typeof error.code === 'number' ? error.code : -1;
      resolve({ code: exitCode, stdout, stderr, timedOut: error.killed === true });
    });
  });
}

/** Whether PDFs can be accepted here (qpdf runs); for a start-up warning. */
export async function isQpdfAvailable(qpdf = 'qpdf'): Promise<boolean> {
  try {
    return (await runQpdf(qpdf, ['--version'], 5_000)).code === 0;
  } catch {
    return false;
  }
}
