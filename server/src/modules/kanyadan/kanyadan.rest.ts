import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { handle, parseInput, requestMeta, requireAdmin, requireUser } from '#server/http/rest';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { hasPermission } from '#server/modules/identity/identity.api';
import type { Services } from '#server/services';
import { FormGate } from '#server/uploads/form-gate';
import { receiveForm } from '#server/uploads/receive-form';
import { approveBenefit, disburseBenefit, eraseApplication, recordFee, rejectApplication, requestBenefit, submitFeeProof, verifyApplication } from './application-commands.ts';
import { getApplicationDetail, getApplicationStatus, listApplications, viewDocument } from './application-reads.ts';
import { DOCUMENT_ACCEPT, DOCUMENT_KINDS, MAX_DOCUMENT_BYTES, STORED_DOCUMENT_KINDS, ZApplicationFieldsSchema, ZRegNoSchema } from './kanyadan-fields.schema.ts';
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
import { consumeSubmission, findEarlierSubmission, SUBMISSION_KEY_INVALID, submitApplication } from './submit-application.ts';

const ZRegNoParamsSchema = z.object({ regNo: ZRegNoSchema });
const ZDocumentParamsSchema = z.object({ regNo: ZRegNoSchema, kind: z.enum(STORED_DOCUMENT_KINDS) });
export const ZPhoneQuerySchema = z.strictObject({ phone: z.string({ error: 'Enter the phone number given in the application.' }) });
export const ZPageQuerySchema = z.strictObject({ page: z.coerce.number().int().min(1).max(50).default(1) });
const ZSubmissionKeySchema = z.uuid(SUBMISSION_KEY_INVALID).optional();

function regNoOf(req: Request): string {
  return parseInput(ZRegNoParamsSchema, req.params).regNo;
}

function requireKanyadanAdmin(res: Response): void {
  const user = requireUser(res);
  if (!hasPermission(user, 'verification') && !hasPermission(user, 'finance')) throw new AppError('FORBIDDEN', { userMessage: 'Access Denied!' });
}

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

/** REST adapters of issue 11 for other clients; the same module functions and schemas as the tRPC routes. */
export function kanyadanRest(services: Services): Router {
  const rest = Router();
  const gate = new FormGate(MAX_FORMS_IN_FLIGHT);

  rest.post(
    '/kanyadan/applications',
    handle(async (req, res) => {
      const meta = requestMeta(req, res);
      const result = await withForm(gate, req, async () => {
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
    }),
  );

  rest.get(
    '/kanyadan/applications/:regNo/status',
    handle(async (req, res) => {
      const regNo = regNoOf(req);
      const { phone } = parseInput(ZPhoneQuerySchema, req.query);
      const input = parseInput(ZGetApplicationStatusRequestSchema, { regNo, phone });
      res.set('Cache-Control', 'private, no-store');
      res.json(await getApplicationStatus(services, input, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/kanyadan/applications/:regNo/fee-proof',
    handle(async (req, res) => {
      const regNo = regNoOf(req);
      const input = parseInput(ZSubmitFeeProofRestRequestSchema, req.body);
      res.json(await submitFeeProof(services, { regNo, ...input }, requestMeta(req, res)));
    }),
  );

  rest.get(
    '/admin/kanyadan/applications',
    handle(async (req, res) => {
      requireKanyadanAdmin(res);
      res.json(await listApplications(services, parseInput(ZApplicationFilterSchema, req.query)));
    }),
  );

  rest.get(
    '/admin/kanyadan/applications/:regNo',
    handle(async (req, res) => {
      requireKanyadanAdmin(res);
      res.set('Cache-Control', 'private, no-store');
      res.json(await getApplicationDetail(services, regNoOf(req)));
    }),
  );

  rest.get(
    '/admin/kanyadan/applications/:regNo/documents/:kind',
    handle(async (req, res) => {
      const user = requireAdmin(res, 'verification');
      const { regNo, kind } = parseInput(ZDocumentParamsSchema, req.params);
      const { page } = parseInput(ZPageQuerySchema, req.query);
      const image = await viewDocument(services, { regNo, kind, page }, user, requestMeta(req, res));
      // Every view is recorded: nothing may keep a copy to show again without asking.
      res.set('Cache-Control', 'private, no-store');
      res.set('Content-Disposition', 'inline');
      res.type(image.mediaType);
      res.send(image.bytes);
    }),
  );

  rest.post(
    '/admin/kanyadan/applications/:regNo/verify',
    handle(async (req, res) => {
      requireAdmin(res, 'verification');
      parseInput(z.strictObject({}), req.body);
      res.json(await verifyApplication(services, { regNo: regNoOf(req) }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/kanyadan/applications/:regNo/reject',
    handle(async (req, res) => {
      requireAdmin(res, 'verification');
      const input = parseInput(ZRejectApplicationRestRequestSchema, req.body);
      res.json(await rejectApplication(services, { regNo: regNoOf(req), ...input }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/kanyadan/applications/:regNo/benefit-request',
    handle(async (req, res) => {
      requireAdmin(res, 'verification');
      const regNo = regNoOf(req);
      const meta = requestMeta(req, res);
      const result = await withForm(gate, req, async () => {
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
    }),
  );

  rest.post(
    '/admin/kanyadan/applications/:regNo/benefit-approve',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      const input = parseInput(ZApproveBenefitRestRequestSchema, req.body);
      res.json(await approveBenefit(services, { regNo: regNoOf(req), ...input }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/kanyadan/applications/:regNo/disburse',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      const input = parseInput(ZDisburseRestRequestSchema, req.body);
      res.json(await disburseBenefit(services, { regNo: regNoOf(req), ...input }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/kanyadan/applications/:regNo/fee-paid',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      const input = parseInput(ZRecordFeeRestRequestSchema, req.body);
      res.json(await recordFee(services, { regNo: regNoOf(req), ...input }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/kanyadan/applications/:regNo/erase',
    handle(async (req, res) => {
      requireAdmin(res, 'verification');
      const input = parseInput(ZEraseApplicationRestRequestSchema, req.body);
      res.json(await eraseApplication(services, { regNo: regNoOf(req), ...input }, requestMeta(req, res)));
    }),
  );

  return rest;
}
