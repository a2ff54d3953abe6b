import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { handle, parseInput, requestMeta, requireAdmin } from '#server/http/rest';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { receiveForm } from '#server/uploads/receive-form';
import { UPLOAD_NO_FILE } from '#server/uploads/upload-messages';
import { hasPermission, type SessionUser } from '#server/modules/identity/identity.api';
import type { Services } from '#server/services';
import { cancelDonation } from './cancel-donation.ts';
import { ZCancelDonationRestRequestSchema } from './cancel-donation.schema.ts';
import { createDonation } from './create-donation.ts';
import { ZCreateDonationRestRequestSchema } from './create-donation.schema.ts';
import { ZReferenceSchema } from './donation-fields.schema.ts';
import { MAPPING_INVALID, ZStatementColumnsSchema, ZStatementFormFieldsSchema, ZStatementIdParamsSchema, type TStatementColumns } from './bank-statements.schema.ts';
import { previewStatementColumns, uploadBankStatement, verifySureMatches } from './bank-statements.ts';
import { ZDonationsExportQuerySchema, ZFinancialYearQuerySchema } from './exports.schema.ts';
import { ZYearlyStatementQuerySchema } from './yearly-statement.schema.ts';
import { requestStatementCode, STATEMENT_NEEDS_CODE, verifyStatementCode } from './statement-code.ts';
import { ZRequestStatementCodeRequestSchema, ZVerifyStatementCodeRequestSchema } from './statement-code.schema.ts';
import { getYearlyStatement } from './yearly-statement.ts';
import { exportDonations, exportForm10BD, type CsvExport } from './exports.ts';
import { getDonationStatus, getProofScreenshot, getReceiptPdf, listDonations } from './donation-reads.ts';
import { ZContactQuerySchema, ZOptionalContactQuerySchema } from './get-donation-status.schema.ts';
import { ZGetManyDonationsRestQuerySchema } from './get-many-donations.schema.ts';
import { receiptFileName } from './receipt-pdf.ts';
import { receiveProofForm, type ProofForm } from './receive-proof-form.ts';
import { recordOfflineDonation } from './record-offline-donation.ts';
import { ZRecordOfflineDonationRestRequestSchema } from './record-offline-donation.schema.ts';
import { rejectDonation } from './reject-donation.ts';
import { ZRejectDonationRestRequestSchema } from './reject-donation.schema.ts';
import { ZProofFormSchema } from './submit-proof.schema.ts';
import { consumeLookup, submitProof } from './submit-proof.ts';
import { verifyDonation } from './verify-donation.ts';
import { ZVerifyDonationRestRequestSchema } from './verify-donation.schema.ts';

const ZReferenceParamsSchema = z.object({ reference: ZReferenceSchema });

function referenceOf(req: Request): string {
  return parseInput(ZReferenceParamsSchema, req.params).reference;
}

/** REST clients name the amount `amount` (rupees): a refusal of `amountPaise` is theirs under that name. */
async function withAmountInRupees<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.fieldErrors?.amountPaise) {
      const { amountPaise, ...others } = error.fieldErrors;
      throw new AppError(error.code, { message: error.message, userMessage: error.userMessage, fieldErrors: { ...others, amount: amountPaise }, cause: error });
    }
    throw error;
  }
}

function sendPdf(res: Response, pdf: { bytes: Buffer; serial: string; isCancelled: boolean }): void {
  // Not cached: the same link serves the receipt marked CANCELLED once the donation is cancelled.
  res.set('Cache-Control', 'private, no-store');
  res.set('Content-Disposition', `attachment; filename="${receiptFileName(pdf.serial, pdf.isCancelled ? 'cancelled' : 'issued')}"`);
  res.type('application/pdf');
  res.send(pdf.bytes);
}

/** A bank statement: CSV, text, .xls or .xlsx, at most 5 MB (a year of a busy account is well under 2 MB). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/** The statement upload's form: the file, and optionally the columns to read (JSON in `mapping`). */
async function receiveStatementForm(req: Request): Promise<{ bytes: Buffer; columns: TStatementColumns | null }> {
  const form = await receiveForm(req, { files: { file: { accept: 'statement', maxBytes: STATEMENT_MAX_BYTES } }, maxFields: 1, maxFieldBytes: 4_000 });
  const { mapping } = parseInput(ZStatementFormFieldsSchema, form.fields);
  const file = form.files.file;
  if (!file) throw new AppError('BAD_REQUEST', { userMessage: UPLOAD_NO_FILE, fieldErrors: { file: [UPLOAD_NO_FILE] } });
  if (mapping === undefined || mapping.trim() === '') return { bytes: file.bytes, columns: null };
  let json: unknown;
  try {
    json = JSON.parse(mapping);
  } catch {
    throw new AppError('BAD_REQUEST', { userMessage: MAPPING_INVALID, fieldErrors: { mapping: [MAPPING_INVALID] } });
  }
  const columns = ZStatementColumnsSchema.safeParse(json);
  if (!columns.success) throw new AppError('BAD_REQUEST', { userMessage: MAPPING_INVALID, fieldErrors: { mapping: [MAPPING_INVALID] } });
  return { bytes: file.bytes, columns: columns.data };
}

function sendCsv(res: Response, file: CsvExport): void {
  // Personal data: never kept by a browser or a proxy.
  res.set({ 'Cache-Control': 'private, no-store', 'Content-Disposition': `attachment; filename="${file.fileName}"` });
  res.type('text/csv; charset=utf-8').send(file.csv);
}

/** REST adapters of issue 10 for other clients; the same module functions and schemas as the tRPC routes. */
export function donationsRest(services: Services): Router {
  const rest = Router();

  rest.post(
    '/donations',
    handle(async (req, res) => {
      const { amount, ...input } = parseInput(ZCreateDonationRestRequestSchema, req.body);
      const user = res.locals.user as SessionUser | null;
      const pay = await withAmountInRupees(() => createDonation(services, { ...input, amountPaise: amount }, user, requestMeta(req, res)));
      res.status(201).json({ ...pay, amount: pay.amountPaise / 100 });
    }),
  );

  rest.post(
    '/donations/:reference/proof',
    handle(async (req, res) => {
      const isMultipart = req.is('multipart/form-data') === 'multipart/form-data';
      const meta = requestMeta(req, res);
      let form: ProofForm;
      try {
        const reference = referenceOf(req);
        await consumeLookup(services, meta);
        if (isMultipart) {
          if (meta.ip) await consumeRateLimit(services.db, addressBucket('upload', meta.ip), services.limits.uploadPerIp, services.now());
          form = await receiveProofForm(req);
        } else {
          form = { fields: req.body as Record<string, string>, screenshot: null };
        }
        const input = parseInput(ZProofFormSchema, form.fields);
        res.json(await submitProof(services, { reference, contact: input.contact, utr: input.utr }, form.screenshot, meta));
      } catch (error) {
        // Refused before the body was read: drain it, so the client reads the answer instead of a reset.
        if (isMultipart && !req.complete) req.resume();
        throw error;
      }
    }),
  );

  rest.get(
    '/donations/:reference/status',
    handle(async (req, res) => {
      const reference = referenceOf(req);
      const { contact } = parseInput(ZContactQuerySchema, req.query);
      const status = await getDonationStatus(services, { reference, contact }, requestMeta(req, res));
      res.set('Cache-Control', 'private, no-store');
      res.json(status);
    }),
  );

  rest.get(
    '/donations/:reference/receipt.pdf',
    handle(async (req, res) => {
      const reference = referenceOf(req);
      const { contact } = parseInput(ZOptionalContactQuerySchema, req.query);
      const user = res.locals.user as SessionUser | null;
      const viewer = user ? { userId: user.userId, isFinance: hasPermission(user, 'finance') } : null;
      sendPdf(res, await getReceiptPdf(services, reference, { contact, viewer }, requestMeta(req, res)));
    }),
  );

  // A donor's yearly statement (issue 13), given only to whoever proved they hold the contact with a
  // one-time code (issue 29, decision 040): ask for the code, enter it, download with the proof.
  rest.post(
    '/donations/statement-code',
    handle(async (req, res) => {
      const input = parseInput(ZRequestStatementCodeRequestSchema, req.body);
      res.status(202).json(await requestStatementCode(services, input, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/donations/statement-code/verify',
    handle(async (req, res) => {
      const input = parseInput(ZVerifyStatementCodeRequestSchema, req.body);
      res.set('Cache-Control', 'private, no-store');
      res.json(await verifyStatementCode(services, input, requestMeta(req, res)));
    }),
  );

  rest.get(
    '/donations/statement.pdf',
    handle(async (req, res) => {
      const query = parseInput(ZYearlyStatementQuerySchema, req.query);
      const user = res.locals.user as SessionUser | null;
      // The old proof (a reference with its contact) is refused before anything is looked up: it answers the same for every pair.
      if (query.proof === undefined && query.reference !== undefined) {
        throw new AppError('FORBIDDEN', { userMessage: STATEMENT_NEEDS_CODE, fieldErrors: { proof: [STATEMENT_NEEDS_CODE] } });
      }
      const requester = query.proof !== undefined ? { proof: query.proof } : user ? { memberId: user.userId } : null;
      if (!requester) throw new AppError('BAD_REQUEST', { userMessage: STATEMENT_NEEDS_CODE, fieldErrors: { proof: [STATEMENT_NEEDS_CODE] } });
      const statement = await getYearlyStatement(services, { financialYear: query.fy, requester }, requestMeta(req, res));
      res.set({ 'Cache-Control': 'private, no-store', 'Content-Disposition': `attachment; filename="${statement.fileName}"` });
      res.type('application/pdf').send(statement.bytes);
    }),
  );

  rest.get(
    '/admin/donations',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      const query = parseInput(ZGetManyDonationsRestQuerySchema, req.query);
      const filters = {
        status: query.status,
        cause: query.cause,
        from: query.from,
        to: query.to,
        minAmountPaise: query.minAmount,
        maxAmountPaise: query.maxAmount,
        hasPan: query.hasPan === undefined ? undefined : query.hasPan === 'true',
        page: query.page ? Number(query.page) : 1,
      };
      res.json(await listDonations(services.db, filters));
    }),
  );

  rest.post(
    '/admin/donations/offline',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      const { amount, ...input } = parseInput(ZRecordOfflineDonationRestRequestSchema, req.body);
      res.status(201).json(await withAmountInRupees(() => recordOfflineDonation(services, { ...input, amountPaise: amount }, requestMeta(req, res))));
    }),
  );

  rest.post(
    '/admin/donations/:reference/verify',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      const reference = referenceOf(req);
      const input = parseInput(ZVerifyDonationRestRequestSchema, req.body);
      res.json(await verifyDonation(services, { reference, ...input }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/donations/:reference/reject',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      const reference = referenceOf(req);
      const { reason } = parseInput(ZRejectDonationRestRequestSchema, req.body);
      res.json(await rejectDonation(services, { reference, reason }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/donations/:reference/cancel',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      const reference = referenceOf(req);
      const { reason } = parseInput(ZCancelDonationRestRequestSchema, req.body);
      res.json(await cancelDonation(services, { reference, reason }, requestMeta(req, res)));
    }),
  );

  rest.get(
    '/admin/donations/:reference/screenshot',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      const image = await getProofScreenshot(services, referenceOf(req));
      res.set('Cache-Control', 'private, max-age=3600');
      res.type(image.mediaType);
      res.send(image.bytes);
    }),
  );

  rest.get(
    '/admin/donations/:reference/receipt.pdf',
    handle(async (req, res) => {
      const user = requireAdmin(res, 'finance');
      const reference = referenceOf(req);
      sendPdf(res, await getReceiptPdf(services, reference, { viewer: { userId: user.userId, isFinance: true } }, requestMeta(req, res)));
    }),
  );

  // The finance exports (issue 13): each is recorded as an event before its file is sent.
  for (const [path, kind] of [
    ['/admin/exports/10bd', 'form-10bd'],
    ['/admin/exports/10bd-missing-id', 'form-10bd-missing-id'],
  ] as const) {
    rest.get(
      path,
      handle(async (req, res) => {
        const admin = requireAdmin(res, 'finance');
        const { fy } = parseInput(ZFinancialYearQuerySchema, req.query);
        sendCsv(res, await exportForm10BD(services, { financialYear: fy, kind }, admin, requestMeta(req, res)));
      }),
    );
  }

  rest.get(
    '/admin/exports/donations',
    handle(async (req, res) => {
      const admin = requireAdmin(res, 'finance');
      const query = parseInput(ZDonationsExportQuerySchema, req.query);
      sendCsv(res, await exportDonations(services, query, admin, requestMeta(req, res)));
    }),
  );

  // Bank-statement matching (issue 13): the columns of a file, the upload, and verifying its sure matches.
  rest.post(
    '/admin/bank-statements/columns',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      const { bytes } = await receiveStatementForm(req);
      res.json(await previewStatementColumns(services, bytes));
    }),
  );

  rest.post(
    '/admin/bank-statements',
    handle(async (req, res) => {
      const admin = requireAdmin(res, 'finance');
      const form = await receiveStatementForm(req);
      // 200 either way: the same file uploaded again is the same statement, answered the same.
      res.json(await uploadBankStatement(services, form, admin, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/bank-statements/:id/verify-sure-matches',
    handle(async (req, res) => {
      const admin = requireAdmin(res, 'finance');
      const { id } = parseInput(ZStatementIdParamsSchema, req.params);
      parseInput(z.strictObject({}), req.body);
      res.json(await verifySureMatches(services, id, admin, requestMeta(req, res)));
    }),
  );

  return rest;
}
