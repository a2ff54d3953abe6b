import type { Request, Response } from 'express';
import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { parseInput } from '#server/http/rest';
import { defineRestRoute } from '#server/http/rest-route';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { hasPermission } from '#server/modules/identity/identity.api';
import type { RestRoute } from '#server/services';
import { receiveForm } from '#server/uploads/receive-form';
import { UPLOAD_NO_FILE } from '#server/uploads/upload-messages';
import {
  MAPPING_INVALID,
  ZBankStatementSchema,
  ZStatementColumnsPreviewSchema,
  ZStatementColumnsSchema,
  ZStatementFormFieldsSchema,
  ZStatementIdParamsSchema,
  ZVerifySureMatchesResponseSchema,
  type TStatementColumns,
} from './bank-statements/bank-statements.schema.ts';
import { previewStatementColumns, uploadBankStatement, verifySureMatches } from './bank-statements/bank-statements.ts';
import { cancelDonation } from './verification/cancel-donation.ts';
import { ZCancelDonationResponseSchema, ZCancelDonationRestRequestSchema } from './verification/cancel-donation.schema.ts';
import { createDonation } from './giving/create-donation.ts';
import { refundOnlinePayment } from './online/online-refunds.ts';
import { ZRefundOnlinePaymentResponseSchema, ZRefundOnlinePaymentRestRequestSchema } from './online/refund-online-payment.schema.ts';
import { payOnline } from './online/pay-online.ts';
import { ZPayOnlineResponseSchema } from './online/pay-online.schema.ts';
import { confirmCheckoutPayment, takeRazorpayWebhook } from './online/online-payments.ts';
import { ZConfirmOnlinePaymentRequestSchema, ZConfirmOnlinePaymentResponseSchema, ZRazorpayWebhookResponseSchema } from './online/online-payments.schema.ts';
import { ZCreateDonationRestRequestSchema, ZCreateDonationRestResponseSchema } from './giving/create-donation.schema.ts';
import { ZReferenceSchema } from './donation-fields.schema.ts';
import { getDonationStatus, getProofScreenshot, getReceiptPdf, listDonations } from './donation-reads.ts';
import { exportDonations, exportFc4, exportForm10BD, type CsvExport } from './exports/exports.ts';
import { ZDonationsExportQuerySchema, ZFinancialYearQuerySchema, ZForm10BDQuerySchema } from './exports/exports.schema.ts';
import { ZContactQuerySchema, ZGetDonationStatusResponseSchema, ZOptionalContactQuerySchema } from './giving/get-donation-status.schema.ts';
import { ZGetManyDonationsResponseSchema, ZGetManyDonationsRestQuerySchema } from './verification/get-many-donations.schema.ts';
import { receiptFileName } from './receipts/receipt-pdf.ts';
import { receiveProofForm, type ProofForm } from './giving/receive-proof-form.ts';
import { recordOfflineDonation } from './verification/record-offline-donation.ts';
import { ZRecordOfflineDonationResponseSchema, ZRecordOfflineDonationRestRequestSchema } from './verification/record-offline-donation.schema.ts';
import { rejectDonation } from './verification/reject-donation.ts';
import { ZRejectDonationResponseSchema, ZRejectDonationRestRequestSchema } from './verification/reject-donation.schema.ts';
import { requestStatementCode, STATEMENT_NEEDS_CODE, verifyStatementCode } from './statements/statement-code.ts';
import {
  ZRequestStatementCodeRequestSchema,
  ZRequestStatementCodeResponseSchema,
  ZVerifyStatementCodeRequestSchema,
  ZVerifyStatementCodeResponseSchema,
} from './statements/statement-code.schema.ts';
import { PROOF_SCREENSHOT_FIELD, ZProofFormSchema, ZSubmitProofResponseSchema } from './giving/submit-proof.schema.ts';
import { consumeLookup, submitProof } from './giving/submit-proof.ts';
import { verifyDonation } from './verification/verify-donation.ts';
import { ZVerifyDonationResponseSchema, ZVerifyDonationRestRequestSchema } from './verification/verify-donation.schema.ts';
import { getYearlyStatement } from './statements/yearly-statement.ts';
import { ZYearlyStatementQuerySchema } from './statements/yearly-statement.schema.ts';
import { form10beRest } from './form-10be/form-10be.rest.ts';

const ZReferenceParamsSchema = z.object({ reference: ZReferenceSchema });

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
export const donationsRest: readonly RestRoute[] = [
  // The payment gateway's webhook (issue 33; docs/decisions/066, 083): signed over the raw body, read
  // before any session or JSON parsing; every signed delivery is acknowledged with 200, and handled by a job.
  defineRestRoute({
    method: 'post',
    path: '/api/payments/razorpay/webhook',
    isSessionless: true,
    isRawBody: true,
    summary:
      'Razorpay webhook: X-Razorpay-Signature (HMAC-SHA256 of the raw body with the webhook secret) required, else 400 and nothing written; a body that is not a Razorpay event is 400 too. A delivery of a handled event is recorded and answered at once with status received, and handled just after by a job (decision 083): payment.captured and order.paid verify the donation whose reference is the order\'s receipt (amount and currency must equal the order\'s, else the payment is flagged for finance), refund.processed cancels the refunded gift, payment.failed is shown on the unpaid pledge, subscription.* update a monthly plan. Deduplicated by x-razorpay-event-id (without one, by a hash of the body): a repeat is answered duplicate and records nothing. Other events, and payments not captured, are answered ignored and record nothing',
    auth: 'public',
    response: ZRazorpayWebhookResponseSchema,
    status: 200,
    errors: [400, 404, 413],
    handler: async ({ req, res, services, meta }) => {
      const answer = await takeRazorpayWebhook(
        services,
        { rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), signature: req.get('x-razorpay-signature'), eventId: req.get('x-razorpay-event-id') },
        { ...meta, actor: 'razorpay' },
      );
      res.status(200).json(answer);
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/payments/razorpay/callback',
    summary:
      'What Razorpay Checkout hands the page after a payment: razorpay_payment_id, razorpay_order_id and razorpay_signature (HMAC-SHA256 of order_id|payment_id with the key secret); verifies the donation as the webhook does, whichever comes first',
    auth: 'public',
    request: ZConfirmOnlinePaymentRequestSchema,
    response: ZConfirmOnlinePaymentResponseSchema,
    status: 200,
    errors: [400, 404, 409, 413],
    handler: async ({ res, services, meta, body }) => {
      res.status(200).json(await confirmCheckoutPayment(services, body(), meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/donations',
    summary: 'Pledge a donation (amount in rupees, up to 2 decimals; ₹1 to ₹10,00,000 online; an e-mail or a phone); answers the reference, the UPI link and the bank details',
    auth: 'public',
    request: ZCreateDonationRestRequestSchema,
    response: ZCreateDonationRestResponseSchema,
    status: 201,
    errors: [400, 413, 429],
    handler: async ({ res, services, user, meta, body }) => {
      const { amount, ...input } = body();
      const pay = await withAmountInRupees(() => createDonation(services, { ...input, amountPaise: amount }, user, meta));
      res.status(201).json({ ...pay, amount: pay.amountPaise / 100 });
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/donations/{reference}/proof',
    params: ZReferenceParamsSchema,
    summary: 'Proof of payment: the contact given with the donation, the UTR (12 digits UPI/IMPS, 16–22 letters and digits NEFT/RTGS) and optionally a screenshot (JPEG, PNG or WebP, at most 5 MB); multipart, or JSON without the screenshot',
    auth: 'public',
    fileField: PROOF_SCREENSHOT_FIELD,
    isFileOptional: true,
    request: ZProofFormSchema,
    response: ZSubmitProofResponseSchema,
    status: 200,
    errors: [400, 404, 409, 413, 429],
    handler: async ({ req, res, services, meta, params }) => {
      const isMultipart = req.is('multipart/form-data') === 'multipart/form-data';
      let form: ProofForm;
      try {
        const reference = params().reference;
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
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/donations/{reference}/status',
    params: ZReferenceParamsSchema,
    summary: "A donation's state by its reference and the e-mail or phone given with it; one 404 for every wrong pair; rate-limited",
    auth: 'public',
    query: ZContactQuerySchema,
    response: ZGetDonationStatusResponseSchema,
    status: 200,
    errors: [400, 404, 429],
    handler: async ({ res, services, meta, query, params }) => {
      const reference = params().reference;
      const { contact } = query();
      const status = await getDonationStatus(services, { reference, contact }, meta);
      res.set('Cache-Control', 'private, no-store');
      res.json(status);
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/donations/{reference}/pay-online',
    params: ZReferenceParamsSchema,
    summary:
      "The payment gateway's order for an unpaid pledge, by its reference and the e-mail or phone given with it, to open Checkout on: the pledge's one order, made only when it has none; one 404 for every wrong pair; rate-limited as the status (decision 081)",
    auth: 'public',
    request: ZContactQuerySchema,
    response: ZPayOnlineResponseSchema,
    status: 200,
    errors: [400, 404, 409, 413, 429, 503],
    handler: async ({ res, services, meta, body, params }) => {
      const reference = params().reference;
      const { contact } = body();
      res.set('Cache-Control', 'private, no-store');
      res.json(await payOnline(services, { reference, contact }, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/donations/{reference}/receipt.pdf',
    params: ZReferenceParamsSchema,
    summary: 'The receipt PDF (marked CANCELLED once cancelled): for the donor with ?contact=, or signed in for the member who gave it and finance admins',
    auth: 'public',
    query: ZOptionalContactQuerySchema,
    response: z.string(),
    produces: 'application/pdf',
    status: 200,
    errors: [400, 404, 429],
    handler: async ({ res, services, user, meta, query, params }) => {
      const reference = params().reference;
      const { contact } = query();
      const viewer = user ? { userId: user.userId, isFinance: hasPermission(user, 'finance') } : null;
      sendPdf(res, await getReceiptPdf(services, reference, { contact, viewer }, meta));
    },
  }),

  // A donor's yearly statement (issue 13), given only to whoever proved they hold the contact with a
  // one-time code (issue 29, decision 040): ask for the code, enter it, download with the proof.
  defineRestRoute({
    method: 'post',
    path: '/api/donations/statement-code',
    summary: "A one-time code (6 digits, 10 minutes, 5 tries) mailed or texted to the e-mail address or mobile number, to download what was gathered across its donations (the yearly statement); the same 202 whether or not the contact gave anything; limited per address and per contact",
    auth: 'public',
    request: ZRequestStatementCodeRequestSchema,
    response: ZRequestStatementCodeResponseSchema,
    status: 202,
    errors: [400, 413, 429],
    handler: async ({ res, services, meta, body }) => {
      const input = body();
      res.status(202).json(await requestStatementCode(services, input, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/donations/statement-code/verify',
    summary: 'The code entered with its contact: a right code gives a proof that downloads the statement (?proof=) for 30 minutes; a wrong one says how many tries are left',
    auth: 'public',
    request: ZVerifyStatementCodeRequestSchema,
    response: ZVerifyStatementCodeResponseSchema,
    status: 200,
    errors: [400, 413, 429],
    handler: async ({ res, services, meta, body }) => {
      const input = body();
      res.set('Cache-Control', 'private, no-store');
      res.json(await verifyStatementCode(services, input, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/donations/statement.pdf',
    summary: "A donor's statement of a financial year that is over (?fy=2025-26), in English and Hindi: every verified donation with its receipt serial and the total. For the donor with the ?proof= a right one-time code gave (every gift given with that e-mail or phone), or signed in for the member's own gifts. ?reference= with ?contact= (a reference anyone can create by pledging) answers 403 saying a code is needed",
    auth: 'public',
    query: ZYearlyStatementQuerySchema,
    response: z.string(),
    produces: 'application/pdf',
    status: 200,
    errors: [400, 403, 404],
    handler: async ({ res, services, user, meta, query }) => {
      const asked = query();
      // The old proof (a reference with its contact) is refused before anything is looked up: it answers the same for every pair.
      if (asked.proof === undefined && asked.reference !== undefined) {
        throw new AppError('FORBIDDEN', { userMessage: STATEMENT_NEEDS_CODE, fieldErrors: { proof: [STATEMENT_NEEDS_CODE] } });
      }
      const requester = asked.proof !== undefined ? { proof: asked.proof } : user ? { memberId: user.userId } : null;
      if (!requester) throw new AppError('BAD_REQUEST', { userMessage: STATEMENT_NEEDS_CODE, fieldErrors: { proof: [STATEMENT_NEEDS_CODE] } });
      const statement = await getYearlyStatement(services, { financialYear: asked.fy, requester }, meta);
      res.set({ 'Cache-Control': 'private, no-store', 'Content-Disposition': `attachment; filename="${statement.fileName}"` });
      res.type('application/pdf').send(statement.bytes);
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/donations',
    summary: 'The donations queue, newest first, 50 a page, filtered by state, cause, pledge dates, amount (rupees) and PAN (permission: finance)',
    auth: { admin: ['finance'] },
    query: ZGetManyDonationsRestQuerySchema,
    response: ZGetManyDonationsResponseSchema,
    status: 200,
    errors: [400, 401, 403],
    handler: async ({ res, services, query }) => {
      const asked = query();
      const filters = {
        status: asked.status,
        cause: asked.cause,
        from: asked.from,
        to: asked.to,
        minAmountPaise: asked.minAmount,
        maxAmountPaise: asked.maxAmount,
        hasPan: asked.hasPan === undefined ? undefined : asked.hasPan === 'true',
        page: asked.page ? Number(asked.page) : 1,
      };
      res.json(await listDonations(services.db, filters));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/donations/offline',
    summary: 'Record a cash, cheque or DD gift received at the office, verified on entry with the next receipt serial (permission: finance)',
    auth: { admin: ['finance'] },
    request: ZRecordOfflineDonationRestRequestSchema,
    response: ZRecordOfflineDonationResponseSchema,
    status: 201,
    errors: [400, 401, 403, 409, 413],
    handler: async ({ res, services, meta, body }) => {
      const { amount, ...input } = body();
      res.status(201).json(await withAmountInRupees(() => recordOfflineDonation(services, { ...input, amountPaise: amount }, meta)));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/donations/{reference}/verify',
    params: ZReferenceParamsSchema,
    summary: 'Verify a donation whose proof arrived, with the date the money arrived and the mode; issues the next gap-free receipt serial of that financial year; a UTR verifies one donation only (permission: finance)',
    auth: { admin: ['finance'] },
    request: ZVerifyDonationRestRequestSchema,
    response: ZVerifyDonationResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409, 413],
    handler: async ({ res, services, meta, body, params }) => {
      const reference = params().reference;
      const input = body();
      res.json(await verifyDonation(services, { reference, ...input }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/donations/{reference}/reject',
    params: ZReferenceParamsSchema,
    summary: 'Reject a donation that cannot be matched to money received, with a reason the donor sees (permission: finance)',
    auth: { admin: ['finance'] },
    request: ZRejectDonationRestRequestSchema,
    response: ZRejectDonationResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409, 413],
    handler: async ({ res, services, meta, body, params }) => {
      const reference = params().reference;
      const { reason } = body();
      res.json(await rejectDonation(services, { reference, reason }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/donations/{reference}/cancel',
    params: ZReferenceParamsSchema,
    summary: 'Cancel a verified donation with a reason; its receipt keeps its serial and is re-issued marked CANCELLED (permission: finance)',
    auth: { admin: ['finance'] },
    request: ZCancelDonationRestRequestSchema,
    response: ZCancelDonationResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409, 413],
    handler: async ({ res, services, meta, body, params }) => {
      const reference = params().reference;
      const { reason } = body();
      res.json(await cancelDonation(services, { reference, reason }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/donations/{reference}/refund',
    params: ZReferenceParamsSchema,
    summary:
      'Refund the whole online payment of a verified donation through the payment gateway, with the reason the donor will see; the receipt is cancelled when the gateway reports the refund processed; staff sign in with their second factor (decisions 069, 081) (permission: finance)',
    auth: { admin: ['finance'] },
    request: ZRefundOnlinePaymentRestRequestSchema,
    response: ZRefundOnlinePaymentResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409, 413, 503],
    handler: async ({ res, services, meta, body, params }) => {
      const reference = params().reference;
      const { reason } = body();
      res.json(await refundOnlinePayment(services, { reference, reason }, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/donations/{reference}/screenshot',
    params: ZReferenceParamsSchema,
    summary: 'The proof screenshot, re-encoded without metadata (WebP) (permission: finance)',
    auth: { admin: ['finance'] },
    response: z.string(),
    produces: 'image/webp',
    status: 200,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, params }) => {
      const image = await getProofScreenshot(services, params().reference);
      res.set('Cache-Control', 'private, max-age=3600');
      res.type(image.mediaType);
      res.send(image.bytes);
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/donations/{reference}/receipt.pdf',
    params: ZReferenceParamsSchema,
    summary: 'The receipt PDF of any donation (permission: finance)',
    auth: { admin: ['finance'] },
    response: z.string(),
    produces: 'application/pdf',
    status: 200,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, user, meta, params }) => {
      const reference = params().reference;
      sendPdf(res, await getReceiptPdf(services, reference, { viewer: { userId: user.userId, isFinance: true } }, meta));
    },
  }),

  // The finance exports (issue 13): each is recorded as an event before its file is sent.
  defineRestRoute({
    method: 'get',
    path: '/api/admin/exports/10bd',
    summary:
      "Form 10BD Part B for financial year ?fy= (like 2026-27) as the income-tax portal's CSV template: one row per donor (by ID) and nature of donation, amounts of the same nature added up (rule 18AB), cash apart; the section code and the URN's date of issue from settings; names in Latin letters (as on the PAN); ?revised=true gives the revised statement of a filed year with its pre-acknowledgement number; UTF-8 with a BOM; the export is recorded with the admin (permission: finance)",
    auth: { admin: ['finance'] },
    query: ZForm10BDQuerySchema,
    response: z.string(),
    produces: 'text/csv',
    status: 200,
    errors: [400, 401, 403, 409],
    handler: async ({ res, services, user, meta, query }) => {
      const asked = query();
      sendCsv(res, await exportForm10BD(services, { financialYear: asked.fy, kind: 'form-10bd', isRevision: asked.revised }, user, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/exports/10bd-missing-id',
    summary: 'The verified donations of ?fy= that Form 10BD cannot list yet, each with the reason (no donor ID, no name in Latin letters, donor erased), for staff to complete; recorded with the admin (permission: finance)',
    auth: { admin: ['finance'] },
    query: ZFinancialYearQuerySchema,
    response: z.string(),
    produces: 'text/csv',
    status: 200,
    errors: [400, 401, 403],
    handler: async ({ res, services, user, meta, query }) => {
      sendCsv(res, await exportForm10BD(services, { financialYear: query().fy, kind: 'form-10bd-missing-id' }, user, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/exports/fc4',
    summary: 'The foreign contributions (FCRA 2010) of financial year ?fy= for the annual return Form FC-4, donor by donor: name, type, country, address, amount, date of receipt, purpose, receipt serial; UTF-8 with a BOM; recorded with the admin (permission: finance)',
    auth: { admin: ['finance'] },
    query: ZFinancialYearQuerySchema,
    response: z.string(),
    produces: 'text/csv',
    status: 200,
    errors: [400, 401, 403],
    handler: async ({ res, services, user, meta, query }) => {
      sendCsv(res, await exportFc4(services, { financialYear: query().fy }, user, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/exports/donations',
    summary: 'Every donation dated ?from= to ?to= (YYYY-MM-DD; the day the money arrived, else of the pledge; at most 5 years) with every field staff need; PANs masked unless ?fullPan=true, which the recorded export notes with the admin (permission: finance)',
    auth: { admin: ['finance'] },
    query: ZDonationsExportQuerySchema,
    response: z.string(),
    produces: 'text/csv',
    status: 200,
    errors: [400, 401, 403],
    handler: async ({ res, services, user, meta, query }) => {
      const asked = query();
      sendCsv(res, await exportDonations(services, asked, user, meta));
    },
  }),

  // Bank-statement matching (issue 13): the columns of a file, the upload, and verifying its sure matches.
  defineRestRoute({
    method: 'post',
    path: '/api/admin/bank-statements/columns',
    summary: "A bank statement's header row and the columns to read: remembered for this layout, else guessed; records nothing (permission: finance)",
    auth: { admin: ['finance'] },
    formFiles: [{ name: 'file', required: true }],
    request: ZStatementFormFieldsSchema,
    response: ZStatementColumnsPreviewSchema,
    status: 200,
    errors: [400, 401, 403, 413],
    handler: async ({ req, res, services }) => {
      const { bytes } = await receiveStatementForm(req);
      res.json(await previewStatementColumns(services, bytes));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/bank-statements',
    summary: 'Upload a bank statement as the bank exports it (CSV, tab-separated text, .xls or .xlsx, told apart by their bytes; at most 5 MB; mapping: JSON {date, narration, reference, credit, direction?} naming the columns, where credit may be one Amount column with its Dr/Cr column as direction or a Dr/Cr mark on each amount, remembered for the layout); its credit lines matched to pledges, a debit never: sure (UTR and amount agree), possible (amount and date, or UTR with another amount), unmatched. The same file again changes nothing and answers the same (permission: finance)',
    auth: { admin: ['finance'] },
    formFiles: [{ name: 'file', required: true }],
    request: ZStatementFormFieldsSchema,
    response: ZBankStatementSchema,
    status: 200,
    errors: [400, 401, 403, 413],
    handler: async ({ req, res, services, user, meta }) => {
      const form = await receiveStatementForm(req);
      // 200 either way: the same file uploaded again is the same statement, answered the same.
      res.json(await uploadBankStatement(services, form, user, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/bank-statements/{id}/verify-sure-matches',
    params: ZStatementIdParamsSchema,
    summary: 'Verify every sure match of the statement as it stands now, each with its own receipt serial, dated the day the bank credited it; those refused are listed with the reason (permission: finance)',
    auth: { admin: ['finance'] },
    request: z.object({}),
    response: ZVerifySureMatchesResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 413],
    handler: async ({ req, res, services, user, meta, params }) => {
      const { id } = params();
      parseInput(z.strictObject({}), req.body);
      res.json(await verifySureMatches(services, id, user, meta));
    },
  }),

  ...form10beRest,
];
