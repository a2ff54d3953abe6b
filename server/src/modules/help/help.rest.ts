import crypto from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { handle, parseInput, requestMeta, requireAdmin, requireUser } from '#server/http/rest';
import type { Services } from '#server/services';
import { FormGate } from '#server/uploads/form-gate';
import { receiveForm } from '#server/uploads/receive-form';
import { askQuestion, findEarlierHelpSubmission, publishRequest, rejectRequest, requestHelp } from './help-commands.ts';
import { getPublicRequest, listPublicRequests, viewHelpDocument } from './help-reads.ts';
import { confirmGift, decideDispute, disputeGift, submitGift, viewGiftScreenshot } from './direct-gifts.ts';
import { GIFT_SCREENSHOT_REQUIRED, ZDecideDisputeRestSchema, ZDirectGiftFieldsSchema, ZGiftIdSchema } from './direct-gifts.schema.ts';
import { hasPermission } from '#server/modules/identity/identity.api';
import {
  approveDisbursement,
  getDisbursementsOfRequest,
  listDisbursements,
  markDisbursementPaid,
  rejectDisbursement,
  requestDisbursement,
  revealDisbursementDetails,
} from './disbursements.ts';
import {
  ZDisbursementIdSchema,
  ZDisbursementQueueQuerySchema,
  ZMarkDisbursementPaidRestSchema,
  ZRejectDisbursementRestSchema,
  ZRequestDisbursementRestSchema,
  type TDisbursementQueue,
  type TDisbursementsOfRequest,
} from './disbursements.schema.ts';
import {
  HELP_DOCUMENT_FIELDS,
  MAX_HELP_DOCUMENT_BYTES,
  ZAskHelpQuestionRestRequestSchema,
  ZHelpListQuerySchema,
  ZHelpRequestFieldsSchema,
  ZHelpRequestIdSchema,
  ZRejectHelpRestRequestSchema,
  type THelpList,
  type TPublicHelpRequest,
  type TPublicHelpRequestDetail,
} from './help.schema.ts';

export const HELP_SUBMISSION_KEY_INVALID = 'The Idempotency-Key header must be a UUID.';
export const SEND_AS_MULTIPART = 'Send the help request as multipart/form-data.';
/** Help forms with documents this process reads at once (as the Kanyadan forms: docs/decisions/026). */
const MAX_HELP_FORMS_IN_FLIGHT = 6;
/** Text fields of the form: the story in two languages is the longest (5,000 characters of Devanagari is 15 KB in UTF-8). */
const MAX_FIELD_BYTES = 16 * 1024;

const ZIdParamsSchema = z.object({ id: ZHelpRequestIdSchema });
const ZRequestIdParamsSchema = z.object({ requestId: ZHelpRequestIdSchema });
const ZDocumentParamsSchema = z.object({ id: ZHelpRequestIdSchema, index: z.coerce.number().int().min(1).max(HELP_DOCUMENT_FIELDS.length) });
const ZPageQuerySchema = z.strictObject({ page: z.coerce.number().int().min(1).max(10).default(1) });

function idOf(req: Request): string {
  return parseInput(ZIdParamsSchema, req.params).id;
}

/** `{requestId}`: the help request a member's own route acts on (`{id}` in REST names a member). */
function requestIdOf(req: Request): string {
  return parseInput(ZRequestIdParamsSchema, req.params).requestId;
}

const rupees = (paise: number) => paise / 100;

function restOf(request: TPublicHelpRequest) {
  const { amountNeededPaise, raisedPaise, ...rest } = request;
  return { ...rest, amountNeeded: rupees(amountNeededPaise), raised: rupees(raisedPaise) };
}

function restListOf(list: THelpList) {
  return { ...list, requests: list.requests.map(restOf) };
}

const ZDisbursementParamsSchema = z.object({ id: ZDisbursementIdSchema });
const ZGiftParamsSchema = z.object({ giftId: ZGiftIdSchema });
export const SEND_GIFT_AS_MULTIPART = 'Send the gift as multipart/form-data.';

function giftIdOf(req: Request): string {
  return parseInput(ZGiftParamsSchema, req.params).giftId;
}

function disbursementIdOf(req: Request): string {
  return parseInput(ZDisbursementParamsSchema, req.params).id;
}

/** A withdrawal as REST answers it: rupees, and `id`. */
function restDisbursementOf(row: TDisbursementsOfRequest['disbursements'][number]) {
  const { disbursementId, amountPaise, adminChargePaise, netPaise, ...rest } = row;
  return { id: disbursementId, amount: rupees(amountPaise), adminCharge: rupees(adminChargePaise), netAmount: rupees(netPaise), ...rest };
}

function restQueueOf(queue: TDisbursementQueue) {
  return {
    disbursements: queue.disbursements.map(({ earmarkedPaise, ...row }) => ({ ...restDisbursementOf(row), earmarked: rupees(earmarkedPaise) })),
    hasMore: queue.hasMore,
  };
}

function restDetailOf(detail: TPublicHelpRequestDetail) {
  return restOf(detail);
}

/** The REST paths of issue 14 for other clients: the same module functions and schemas as the tRPC procedures. */
export function helpRest(services: Services): Router {
  const rest = Router();
  const gate = new FormGate(MAX_HELP_FORMS_IN_FLIGHT);

  rest.get(
    '/help',
    handle(async (req, res) => {
      res.json(restListOf(await listPublicRequests(services, parseInput(ZHelpListQuerySchema, req.query))));
    }),
  );

  rest.get(
    '/help/:id',
    handle(async (req, res) => {
      res.json(restDetailOf(await getPublicRequest(services, idOf(req))));
    }),
  );

  rest.post(
    '/help',
    handle(async (req, res) => {
      requireUser(res);
      const meta = requestMeta(req, res);
      let release: (() => void) | null = null;
      try {
        release = gate.enter();
        const submissionKey = parseInput(z.object({ key: z.uuid(HELP_SUBMISSION_KEY_INVALID).optional() }), { key: req.get('idempotency-key') || undefined }).key ?? null;
        if (req.is('multipart/form-data') !== 'multipart/form-data') throw new AppError('BAD_REQUEST', { userMessage: SEND_AS_MULTIPART });
        if (submissionKey) {
          const earlier = await findEarlierHelpSubmission(services, submissionKey, meta.actor);
          if (earlier) {
            req.resume();
            res.status(201).json(earlier);
            return;
          }
        }
        const form = await receiveForm(req, {
          files: Object.fromEntries(HELP_DOCUMENT_FIELDS.map((field) => [field, { accept: 'images-or-pdf' as const, maxBytes: MAX_HELP_DOCUMENT_BYTES }])) as Record<
            (typeof HELP_DOCUMENT_FIELDS)[number],
            { accept: 'images-or-pdf'; maxBytes: number }
          >,
          maxFields: 30,
          maxFieldBytes: MAX_FIELD_BYTES,
        });
        const fields = parseInput(ZHelpRequestFieldsSchema, form.fields);
        res.status(201).json(await requestHelp(services, { fields, files: form.files, submissionKey }, meta));
      } catch (error) {
        // A refusal before the body was read drains it, so the client reads the answer instead of a reset.
        if (!req.complete) req.resume();
        throw error;
      } finally {
        release?.();
      }
    }),
  );

  rest.post(
    '/help/:requestId/gifts',
    handle(async (req, res) => {
      requireUser(res);
      const meta = requestMeta(req, res);
      let release: (() => void) | null = null;
      try {
        const requestId = requestIdOf(req);
        release = gate.enter();
        if (req.is('multipart/form-data') !== 'multipart/form-data') throw new AppError('BAD_REQUEST', { userMessage: SEND_GIFT_AS_MULTIPART });
        const form = await receiveForm(req, { files: { screenshot: { accept: 'images', maxBytes: MAX_HELP_DOCUMENT_BYTES } }, maxFields: 5, maxFieldBytes: 1024 });
        const fields = parseInput(ZDirectGiftFieldsSchema, form.fields);
        const screenshot = form.files.screenshot;
        if (!screenshot) throw new AppError('BAD_REQUEST', { userMessage: GIFT_SCREENSHOT_REQUIRED, fieldErrors: { screenshot: [GIFT_SCREENSHOT_REQUIRED] } });
        res.status(201).json(await submitGift(services, { requestId, amountPaise: fields.amount, utr: fields.utr, screenshot }, meta));
      } catch (error) {
        if (!req.complete) req.resume();
        throw error;
      } finally {
        release?.();
      }
    }),
  );

  rest.get(
    '/help/gifts/:giftId/screenshot',
    handle(async (req, res) => {
      const user = requireUser(res);
      const bytes = await viewGiftScreenshot(services, giftIdOf(req), { isStaff: hasPermission(user, 'verification') }, requestMeta(req, res));
      res.set('Cache-Control', 'private, no-store');
      res.set('Content-Disposition', 'inline');
      res.type('image/jpeg');
      res.send(bytes);
    }),
  );

  rest.post(
    '/help/gifts/:giftId/confirm',
    handle(async (req, res) => {
      requireUser(res);
      parseInput(z.strictObject({}), req.body ?? {});
      res.json(await confirmGift(services, { giftId: giftIdOf(req) }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/help/gifts/:giftId/reject',
    handle(async (req, res) => {
      requireUser(res);
      parseInput(z.strictObject({}), req.body ?? {});
      res.json(await disputeGift(services, { giftId: giftIdOf(req) }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/help/gifts/:giftId/decide',
    handle(async (req, res) => {
      requireAdmin(res, 'verification');
      const input = parseInput(ZDecideDisputeRestSchema, req.body);
      res.json(await decideDispute(services, { giftId: giftIdOf(req), ...input }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/help/:requestId/disbursements',
    handle(async (req, res) => {
      requireUser(res);
      const id = requestIdOf(req);
      const input = parseInput(ZRequestDisbursementRestSchema, req.body);
      const disbursementId = (parseInput(z.object({ key: z.uuid(HELP_SUBMISSION_KEY_INVALID).optional() }), { key: req.get('idempotency-key') || undefined }).key ?? crypto.randomUUID()).toLowerCase();
      const created = await requestDisbursement(services, { id, disbursementId, amountPaise: input.amount, contactNumber: input.contactNumber }, requestMeta(req, res));
      res.status(201).json({ id: created.id, adminCharge: rupees(created.adminChargePaise), netAmount: rupees(created.netPaise) });
    }),
  );

  rest.get(
    '/help/:requestId/disbursements',
    handle(async (req, res) => {
      requireUser(res);
      const held = await getDisbursementsOfRequest(services, requestIdOf(req), requestMeta(req, res));
      res.set('Cache-Control', 'private, no-store');
      res.json({
        requestId: held.requestId,
        earmarked: rupees(held.earmarkedPaise),
        available: rupees(held.availablePaise),
        chargeBasisPoints: held.chargeBasisPoints,
        disbursements: held.disbursements.map(restDisbursementOf),
      });
    }),
  );

  rest.get(
    '/admin/disbursements',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      res.json(restQueueOf(await listDisbursements(services, parseInput(ZDisbursementQueueQuerySchema, req.query))));
    }),
  );

  rest.get(
    '/admin/disbursements/:id/details',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      res.set('Cache-Control', 'private, no-store');
      res.json(await revealDisbursementDetails(services, disbursementIdOf(req), requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/disbursements/:id/approve',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      parseInput(z.strictObject({}), req.body ?? {});
      res.json(await approveDisbursement(services, { disbursementId: disbursementIdOf(req) }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/disbursements/:id/reject',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      const input = parseInput(ZRejectDisbursementRestSchema, req.body);
      res.json(await rejectDisbursement(services, { disbursementId: disbursementIdOf(req), ...input }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/disbursements/:id/paid',
    handle(async (req, res) => {
      requireAdmin(res, 'finance');
      const input = parseInput(ZMarkDisbursementPaidRestSchema, req.body);
      res.json(await markDisbursementPaid(services, { disbursementId: disbursementIdOf(req), ...input }, requestMeta(req, res)));
    }),
  );

  rest.get(
    '/admin/help/:id/documents/:index',
    handle(async (req: Request, res: Response) => {
      requireAdmin(res, 'verification');
      const { id, index } = parseInput(ZDocumentParamsSchema, req.params);
      const { page } = parseInput(ZPageQuerySchema, req.query);
      const image = await viewHelpDocument(services, { id, index, page }, requestMeta(req, res));
      // Every view is recorded: nothing may keep a copy to show again without asking.
      res.set('Cache-Control', 'private, no-store');
      res.set('Content-Disposition', 'inline');
      res.type(image.mediaType);
      res.send(image.bytes);
    }),
  );

  rest.post(
    '/admin/help/:id/publish',
    handle(async (req, res) => {
      requireAdmin(res, 'verification');
      parseInput(z.strictObject({}), req.body ?? {});
      res.json(await publishRequest(services, { id: idOf(req) }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/help/:id/reject',
    handle(async (req, res) => {
      requireAdmin(res, 'verification');
      const input = parseInput(ZRejectHelpRestRequestSchema, req.body);
      res.json(await rejectRequest(services, { id: idOf(req), ...input }, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/admin/help/:id/ask',
    handle(async (req, res) => {
      requireAdmin(res, 'verification');
      const input = parseInput(ZAskHelpQuestionRestRequestSchema, req.body);
      res.json(await askQuestion(services, { id: idOf(req), ...input }, requestMeta(req, res)));
    }),
  );

  return rest;
}
