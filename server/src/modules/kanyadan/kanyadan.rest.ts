import type { Request } from 'express';
import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { parseInput } from '#server/http/rest';
import { defineRestRoute } from '#server/http/rest-route';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import type { RestRoute, Services } from '#server/services';
import { FormGate } from '#server/uploads/form-gate';
import { receiveForm } from '#server/uploads/receive-form';
import { approveBenefit, disburseBenefit, eraseApplication, recordFee, rejectApplication, requestBenefit, submitFeeProof, verifyApplication } from './application-commands.ts';
import { getApplicationDetail, getApplicationStatus, listApplications, viewDocument } from './application-reads.ts';
import { DOCUMENT_ACCEPT, DOCUMENT_KINDS, MAX_DOCUMENT_BYTES, STORED_DOCUMENT_KINDS, ZApplicationFieldsSchema, ZRegNoSchema } from './submission/kanyadan-fields.schema.ts';
import {
  ZApplicationFilterSchema,
  ZApproveBenefitRestRequestSchema,
  ZBenefitRequestFieldsSchema,
  ZDisburseRestRequestSchema,
  ZEraseApplicationRestRequestSchema,
  ZGetApplicationStatusRequestSchema,
  ZRecordFeeRestRequestSchema,
  ZRejectApplicationRestRequestSchema,
  ZSubmitFeeProofRestRequestSchema,
} from './kanyadan-routes.schema.ts';
import { consumeSubmission, findEarlierSubmission, SUBMISSION_KEY_INVALID, submitApplication } from './submission/submit-application.ts';
import { ZApplicationDetailSchema, ZApplicationPageSchema, ZApplicationStatusSchema, ZDecisionResponseSchema, ZEraseApplicationResponseSchema, ZSubmitApplicationResponseSchema } from './kanyadan-routes.schema.ts';

const ZRegNoParamsSchema = z.object({ regNo: ZRegNoSchema });
const ZDocumentParamsSchema = z.object({ regNo: ZRegNoSchema, kind: z.enum(STORED_DOCUMENT_KINDS) });
export const ZPhoneQuerySchema = z.strictObject({ phone: z.string({ error: 'Enter the phone number given in the application.' }) });
export const ZPageQuerySchema = z.strictObject({ page: z.coerce.number().int().min(1).max(50).default(1) });
const ZSubmissionKeySchema = z.uuid(SUBMISSION_KEY_INVALID).optional();

/** Multipart forms with documents this process reads at once (docs/decisions/026). */
export const MAX_FORMS_IN_FLIGHT = 12;

/**
 * Reads a multipart form within the gate's bound; a refusal before the body was read drains it,
 * so the client reads the answer instead of a reset.
 */
async function withForm<T>(gate: FormGate, req: Request, run: () => Promise<T>): Promise<T> {
  let release: (() => void) | null = null;
  try {
    release = gate.enter();
    return await run();
  } catch (error) {
    if (!req.complete) req.resume();
    throw error;
  } finally {
    release?.();
  }
}

/** Each app's one gate (a test process runs several apps). */
const gates = new WeakMap<Services, FormGate>();
function gateOf(services: Services): FormGate {
  let gate = gates.get(services);
  if (!gate) gates.set(services, (gate = new FormGate(MAX_FORMS_IN_FLIGHT)));
  return gate;
}

/** REST adapters of issue 11 for other clients; the same module functions and schemas as the tRPC routes. */
export const kanyadanRest: readonly RestRoute[] = [
  defineRestRoute({
    method: 'post',
    path: '/api/kanyadan/applications',
    summary: "A Kanyadan application (girl aged 0–14; the parent's or guardian's consent): multipart text fields and the documents girlAadhaar, fatherAadhaar (optional), birthCertificate (JPEG, PNG, WebP or PDF) and photo (image), each at most 5 MB, type checked from the content; an Idempotency-Key header (UUID) makes a retry return the same registration number",
    auth: 'public',
    formFiles: [{ name: 'girlAadhaar', required: false }, { name: 'fatherAadhaar', required: false }, { name: 'birthCertificate', required: true }, { name: 'photo', required: true }],
    request: ZApplicationFieldsSchema,
    response: ZSubmitApplicationResponseSchema,
    status: 201,
    errors: [400, 413, 429],
    handler: async ({ req, res, services, meta }) => {
      const result = await withForm(gateOf(services), req, async () => {
        const submissionKey = parseInput(z.object({ key: ZSubmissionKeySchema }), { key: req.get('idempotency-key') || undefined }).key ?? null;
        if (req.is('multipart/form-data') !== 'multipart/form-data') throw new AppError('BAD_REQUEST', { userMessage: 'Send the application as multipart/form-data.' });
        if (submissionKey) {
          const earlier = await findEarlierSubmission(services, submissionKey);
          if (earlier) {
            req.resume();
            return earlier;
          }
        }
        await consumeSubmission(services, meta);
        const form = await receiveForm(req, {
          files: Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, { accept: DOCUMENT_ACCEPT[kind], maxBytes: MAX_DOCUMENT_BYTES }])) as Record<
            (typeof DOCUMENT_KINDS)[number],
            { accept: (typeof DOCUMENT_ACCEPT)[keyof typeof DOCUMENT_ACCEPT]; maxBytes: number }
          >,
          maxFields: 30,
          maxFieldBytes: 1024,
        });
        const fields = parseInput(ZApplicationFieldsSchema, form.fields);
        return submitApplication(services, { fields, documents: form.files, submissionKey }, meta);
      });
      res.status(201).json(result);
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/kanyadan/applications/{regNo}/status',
    params: ZRegNoParamsSchema,
    summary: "An application's state by its registration number and the phone given with it, with the reason in both languages when rejected; one 404 for every wrong pair; rate-limited per address and per number",
    auth: 'public',
    query: z.object({ phone: z.string() }),
    response: ZApplicationStatusSchema,
    status: 200,
    errors: [400, 404, 429],
    handler: async ({ req, res, services, meta, params }) => {
      const regNo = params().regNo;
      const { phone } = parseInput(ZPhoneQuerySchema, req.query);
      const input = parseInput(ZGetApplicationStatusRequestSchema, { regNo, phone });
      res.set('Cache-Control', 'private, no-store');
      res.json(await getApplicationStatus(services, input, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/kanyadan/applications/{regNo}/fee-proof',
    params: ZRegNoParamsSchema,
    summary: "The family's UTR of the registration fee they paid (when a fee applies), with the phone given in the application; finance records the payment once the money is seen; rate-limited as the look-up",
    auth: 'public',
    request: ZSubmitFeeProofRestRequestSchema,
    response: ZApplicationStatusSchema,
    status: 200,
    errors: [400, 404, 409, 429],
    handler: async ({ res, services, meta, body, params }) => {
      const regNo = params().regNo;
      const input = body();
      res.json(await submitFeeProof(services, { regNo, ...input }, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/kanyadan/applications',
    summary: 'The Kanyadan queue, newest first, filtered by state, district, age, submission dates and likely duplicates (permission: verification or finance)',
    auth: { admin: ['verification', 'finance'] },
    query: ZApplicationFilterSchema,
    response: ZApplicationPageSchema,
    status: 200,
    errors: [400, 401, 403],
    handler: async ({ res, services, query }) => {
      res.json(await listApplications(services, query()));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/kanyadan/applications/{regNo}',
    params: ZRegNoParamsSchema,
    summary: 'An application, masked, with its documents, decisions and full history including every view of personal data (permission: verification or finance)',
    auth: { admin: ['verification', 'finance'] },
    response: ZApplicationDetailSchema,
    status: 200,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, params, user }) => {
      res.set('Cache-Control', 'private, no-store');
      res.json(await getApplicationDetail(services, params().regNo, user.userId));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/kanyadan/applications/{regNo}/documents/{kind}',
    params: ZDocumentParamsSchema,
    summary: 'A document as an image (image/jpeg, or image/webp for documents stored before JPEG; a PDF as image/png of page ?page=, from 1); every view is recorded with the viewer (permission: verification)',
    auth: { admin: ['verification'] },
    query: z.object({ page: z.number().int().min(1).optional() }),
    response: z.string(),
    produces: ['image/jpeg', 'image/webp', 'image/png'],
    status: 200,
    errors: [400, 401, 403, 404],
    handler: async ({ req, res, services, user, meta, params }) => {
      const { regNo, kind } = params();
      const { page } = parseInput(ZPageQuerySchema, req.query);
      const image = await viewDocument(services, { regNo, kind, page }, user, meta);
      // Every view is recorded: nothing may keep a copy to show again without asking.
      res.set('Cache-Control', 'private, no-store');
      res.set('Content-Disposition', 'inline');
      res.type(image.mediaType);
      res.send(image.bytes);
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/kanyadan/applications/{regNo}/verify',
    params: ZRegNoParamsSchema,
    summary: 'Verify an application (permission: verification)',
    auth: { admin: ['verification'] },
    request: z.object({}),
    response: ZDecisionResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ req, res, services, meta, params }) => {
      parseInput(z.strictObject({}), req.body);
      res.json(await verifyApplication(services, { regNo: params().regNo }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/kanyadan/applications/{regNo}/reject',
    params: ZRegNoParamsSchema,
    summary: 'Reject an application with a reason (sent to the family in both languages) and an optional note without personal data (permission: verification)',
    auth: { admin: ['verification'] },
    request: ZRejectApplicationRestRequestSchema,
    response: ZDecisionResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ res, services, meta, body, params }) => {
      const input = body();
      res.json(await rejectApplication(services, { regNo: params().regNo, ...input }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/kanyadan/applications/{regNo}/benefit-request',
    params: ZRegNoParamsSchema,
    summary: 'Request the benefit for a verified application whose girl is 18 or older today: the marriage date, the bank account (accountNumber and confirmAccountNumber, the same digits typed twice; the copy is never stored; an IFSC in the banks’ published list, else a 400 naming the field) and the proof that the marriage is fixed (marriageProof, optionally marriageProof2; image or PDF, at most 5 MB) (permission: verification)',
    auth: { admin: ['verification'] },
    formFiles: [{ name: 'marriageProof', required: true }, { name: 'marriageProof2', required: false }],
    request: ZBenefitRequestFieldsSchema,
    response: ZDecisionResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409, 413, 429],
    handler: async ({ req, res, services, meta, params }) => {
      const regNo = params().regNo;
      const result = await withForm(gateOf(services), req, async () => {
        if (req.is('multipart/form-data') !== 'multipart/form-data') throw new AppError('BAD_REQUEST', { userMessage: 'Send the benefit request as multipart/form-data.' });
        if (meta.ip) await consumeRateLimit(services.db, addressBucket('upload', meta.ip), services.limits.uploadPerIp, services.now());
        const form = await receiveForm(req, {
          files: { marriageProof: { accept: 'images-or-pdf', maxBytes: MAX_DOCUMENT_BYTES }, marriageProof2: { accept: 'images-or-pdf', maxBytes: MAX_DOCUMENT_BYTES } },
          maxFields: 10,
          maxFieldBytes: 1024,
        });
        const fields = parseInput(ZBenefitRequestFieldsSchema, form.fields);
        return requestBenefit(services, { regNo, fields, proofs: form.files }, meta);
      });
      res.json(result);
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/kanyadan/applications/{regNo}/benefit-approve',
    params: ZRegNoParamsSchema,
    summary: 'Approve the requested benefit, in paise, within the range in settings (permission: finance)',
    auth: { admin: ['finance'] },
    request: ZApproveBenefitRestRequestSchema,
    response: ZDecisionResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ res, services, meta, body, params }) => {
      const input = body();
      res.json(await approveBenefit(services, { regNo: params().regNo, ...input }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/kanyadan/applications/{regNo}/disburse',
    params: ZRegNoParamsSchema,
    summary: 'Record the payment of the approved benefit to the account in the request: the UTR (used once) and the date (permission: finance)',
    auth: { admin: ['finance'] },
    request: ZDisburseRestRequestSchema,
    response: ZDecisionResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ res, services, meta, body, params }) => {
      const input = body();
      res.json(await disburseBenefit(services, { regNo: params().regNo, ...input }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/kanyadan/applications/{regNo}/fee-paid',
    params: ZRegNoParamsSchema,
    summary: 'Record the registration fee paid, when one applies: the UTR (used once) and the date (permission: finance)',
    auth: { admin: ['finance'] },
    request: ZRecordFeeRestRequestSchema,
    response: ZDecisionResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ res, services, meta, body, params }) => {
      const input = body();
      res.json(await recordFee(services, { regNo: params().regNo, ...input }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/kanyadan/applications/{regNo}/erase',
    params: ZRegNoParamsSchema,
    summary: "Erase the application's personal data and documents for good (its key is destroyed); the number, states and actors stay (permission: verification)",
    auth: { admin: ['verification'] },
    request: ZEraseApplicationRestRequestSchema,
    response: ZEraseApplicationResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, meta, body, params }) => {
      const input = body();
      res.json(await eraseApplication(services, { regNo: params().regNo, ...input }, meta));
    },
  }),
];
