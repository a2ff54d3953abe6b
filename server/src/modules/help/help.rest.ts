import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { parseInput } from '#server/http/rest';
import { defineRestRoute } from '#server/http/rest-route';
import type { RestRoute, Services } from '#server/services';
import { FormGate } from '#server/uploads/form-gate';
import { receiveForm } from '#server/uploads/receive-form';
import { askQuestion, findEarlierHelpSubmission, publishRequest, rejectRequest, requestHelp } from './requests/help-commands.ts';
import { getPublicRequest, listPublicRequests, viewHelpDocument } from './requests/help-reads.ts';
import { confirmGift, settleGiftDispute, disputeGift, submitGift, viewGiftScreenshot } from './direct-gifts/direct-gifts.ts';
import { GIFT_SCREENSHOT_REQUIRED, ZDecideDisputeRestSchema, ZDirectGiftFieldsSchema, ZGiftIdSchema } from './direct-gifts/direct-gifts.schema.ts';
import { hasPermission } from '#server/modules/identity/identity.api';
import {
  approveDisbursement,
  getDisbursementsOfRequest,
  listDisbursements,
  markDisbursementPaid,
  rejectDisbursement,
  requestDisbursement,
  revealDisbursementDetails,
} from './disbursements/disbursements.ts';
import {
  ZDisbursementIdSchema,
  ZDisbursementQueueQuerySchema,
  ZMarkDisbursementPaidRestSchema,
  ZRejectDisbursementRestSchema,
  ZRequestDisbursementRestSchema,
  type TDisbursementQueue,
  type TDisbursementsOfRequest,
} from './disbursements/disbursements.schema.ts';
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
import { ZDirectGiftCreatedSchema, ZDirectGiftStatusSchema } from './direct-gifts/direct-gifts.schema.ts';
import { ZDisbursementCreatedRestSchema, ZDisbursementDetailsSchema, ZDisbursementQueueRestSchema, ZDisbursementStatusSchema, ZDisbursementsOfRequestRestSchema } from './disbursements/disbursements.schema.ts';
import { ZHelpListRestSchema, ZHelpRequestCreatedSchema, ZHelpRequestDetailRestSchema, ZHelpStatusResponseSchema } from './help.schema.ts';

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

/** Each app's one gate (a test process runs several apps). */
const gates = new WeakMap<Services, FormGate>();
function gateOf(services: Services): FormGate {
  let gate = gates.get(services);
  if (!gate) gates.set(services, (gate = new FormGate(MAX_HELP_FORMS_IN_FLIGHT)));
  return gate;
}

/** The REST paths of issue 14 for other clients: the same module functions and schemas as the tRPC procedures. */
export const helpRest: readonly RestRoute[] = [
  defineRestRoute({
    method: 'get',
    path: '/api/help',
    summary: 'Published help requests (checked by staff: documents and the requester’s photo ID), open ones first; ?cause= a category or a home-page cause word; amounts in rupees',
    auth: 'public',
    query: ZHelpListQuerySchema,
    response: ZHelpListRestSchema,
    status: 200,
    errors: [400],
    handler: async ({ res, services, query }) => {
      res.json(restListOf(await listPublicRequests(services, query())));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/help/{id}',
    params: ZIdParamsSchema,
    summary: 'A published (or closed) help request with its story and progress; any other request is a 404',
    auth: 'public',
    response: ZHelpRequestDetailRestSchema,
    status: 200,
    errors: [400, 404],
    handler: async ({ res, services, params }) => {
      res.json(restDetailOf(await getPublicRequest(services, params().id)));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/help',
    summary: 'Ask for help (a signed-in member): multipart text fields and up to 4 documents document1…document4 (JPEG, PNG, WebP or PDF, at most 5 MB each, type checked from the content), each with documentNKind and documentNDate (estimates and bills at most 6 months old); payout fields left empty take the profile’s; an accountNumber given comes with confirmAccountNumber, the same digits typed again (never stored), and its IFSC must be in the banks’ published list, else a 400 naming the field; amountNeeded in rupees; an Idempotency-Key header (UUID) makes a retry return the same request',
    auth: 'signed-in',
    formFiles: [{ name: 'document1', required: true }, { name: 'document2', required: false }, { name: 'document3', required: false }, { name: 'document4', required: false }],
    request: ZHelpRequestFieldsSchema,
    response: ZHelpRequestCreatedSchema,
    status: 201,
    errors: [400, 401, 413, 429],
    handler: async ({ req, res, services, meta }) => {
      let release: (() => void) | null = null;
      try {
        release = gateOf(services).enter();
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
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/help/{requestId}/gifts',
    params: ZRequestIdParamsSchema,
    summary: 'A signed-in giver says they paid a published, open request’s beneficiary directly (to the UPI ID its page shows): multipart amount (rupees), utr and the file screenshot (JPEG, PNG or WebP, at most 5 MB, re-encoded); not to one’s own request, and not while one’s earlier gift to it waits for the beneficiary',
    auth: 'signed-in',
    formFiles: [{ name: 'screenshot', required: true }],
    request: ZDirectGiftFieldsSchema,
    response: ZDirectGiftCreatedSchema,
    status: 201,
    errors: [400, 401, 403, 404, 409, 413, 429],
    handler: async ({ req, res, services, meta, params }) => {
      let release: (() => void) | null = null;
      try {
        const requestId = params().requestId;
        release = gateOf(services).enter();
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
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/help/gifts/{giftId}/screenshot',
    params: ZGiftParamsSchema,
    summary: 'A direct gift’s screenshot (image/jpeg), for its giver, the beneficiary, and verification staff (whose every view is recorded)',
    auth: 'signed-in',
    response: z.string(),
    produces: 'image/jpeg',
    status: 200,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, user, meta, params }) => {
      const bytes = await viewGiftScreenshot(services, params().giftId, { isStaff: hasPermission(user, 'verification') }, meta);
      res.set('Cache-Control', 'private, no-store');
      res.set('Content-Disposition', 'inline');
      res.type('image/jpeg');
      res.send(bytes);
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/help/gifts/{giftId}/confirm',
    params: ZGiftParamsSchema,
    summary: 'The beneficiary confirms a direct gift arrived; it then counts towards the request’s progress and the giver’s verified giving',
    auth: 'signed-in',
    request: z.object({}),
    response: ZDirectGiftStatusSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ req, res, services, meta, params }) => {
      parseInput(z.strictObject({}), req.body ?? {});
      res.json(await confirmGift(services, { giftId: params().giftId }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/help/gifts/{giftId}/reject',
    params: ZGiftParamsSchema,
    summary: 'The beneficiary says a direct gift did not arrive; it goes to staff’s dispute queue',
    auth: 'signed-in',
    request: z.object({}),
    response: ZDirectGiftStatusSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ req, res, services, meta, params }) => {
      parseInput(z.strictObject({}), req.body ?? {});
      res.json(await disputeGift(services, { giftId: params().giftId }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/help/gifts/{giftId}/decide',
    params: ZGiftParamsSchema,
    summary: 'Decide a disputed direct gift (received or not-received) with a reason, after seeing both sides’ evidence; never a gift one gave or received (permission: verification)',
    auth: { admin: ['verification'] },
    request: ZDecideDisputeRestSchema,
    response: ZDirectGiftStatusSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ res, services, meta, body, params }) => {
      const input = body();
      res.json(await settleGiftDispute(services, { giftId: params().giftId, ...input }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/help/{requestId}/disbursements',
    params: ZRequestIdParamsSchema,
    summary: 'The requester asks for money the foundation holds for their request (verified earmarked donations, less what is already asked for or paid): amount in rupees (at least ₹1), contact number (at most 15 characters); answers the admin charge (a setting) and the net amount; an Idempotency-Key header (UUID) names the withdrawal, so a retry finds it',
    auth: 'signed-in',
    request: ZRequestDisbursementRestSchema,
    response: ZDisbursementCreatedRestSchema,
    status: 201,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ req, res, services, meta, body, params }) => {
      const id = params().requestId;
      const input = body();
      const disbursementId = (parseInput(z.object({ key: z.uuid(HELP_SUBMISSION_KEY_INVALID).optional() }), { key: req.get('idempotency-key') || undefined }).key ?? crypto.randomUUID()).toLowerCase();
      const created = await requestDisbursement(services, { id, disbursementId, amountPaise: input.amount, contactNumber: input.contactNumber }, meta);
      res.status(201).json({ id: created.id, adminCharge: rupees(created.adminChargePaise), netAmount: rupees(created.netPaise) });
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/help/{requestId}/disbursements',
    params: ZRequestIdParamsSchema,
    summary: 'The requester’s withdrawals of money held for their request, newest first, with what is held and what may be taken now (rupees)',
    auth: 'signed-in',
    response: ZDisbursementsOfRequestRestSchema,
    status: 200,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, meta, params }) => {
      const held = await getDisbursementsOfRequest(services, params().requestId, meta);
      res.set('Cache-Control', 'private, no-store');
      res.json({
        requestId: held.requestId,
        earmarked: rupees(held.earmarkedPaise),
        available: rupees(held.availablePaise),
        chargeBasisPoints: held.chargeBasisPoints,
        disbursements: held.disbursements.map(restDisbursementOf),
      });
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/disbursements',
    summary: 'Withdrawals in one state (?status=, requested by default), at most 500: waiting ones oldest first, paid and rejected ones newest first, with each request’s held money (permission: finance)',
    auth: { admin: ['finance'] },
    query: ZDisbursementQueueQuerySchema,
    response: ZDisbursementQueueRestSchema,
    status: 200,
    errors: [400, 401, 403],
    handler: async ({ res, services, query }) => {
      res.json(restQueueOf(await listDisbursements(services, query())));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/disbursements/{id}/details',
    params: ZDisbursementParamsSchema,
    summary: 'Where a withdrawal goes: the beneficiary’s name, e-mail, phone, UPI ID, bank account and contact number (null where missing); every opening is recorded (permission: finance)',
    auth: { admin: ['finance'] },
    response: ZDisbursementDetailsSchema,
    status: 200,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, meta, params }) => {
      res.set('Cache-Control', 'private, no-store');
      res.json(await revealDisbursementDetails(services, params().id, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/disbursements/{id}/approve',
    params: ZDisbursementParamsSchema,
    summary: 'Approve a requested withdrawal, within the money held; never one for a request of one’s own (permission: finance)',
    auth: { admin: ['finance'] },
    request: z.object({}),
    response: ZDisbursementStatusSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ req, res, services, meta, params }) => {
      parseInput(z.strictObject({}), req.body ?? {});
      res.json(await approveDisbursement(services, { disbursementId: params().id }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/disbursements/{id}/reject',
    params: ZDisbursementParamsSchema,
    summary: 'Reject a requested withdrawal with a reason the beneficiary sees; its amount returns to the balance (permission: finance)',
    auth: { admin: ['finance'] },
    request: ZRejectDisbursementRestSchema,
    response: ZDisbursementStatusSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ res, services, meta, body, params }) => {
      const input = body();
      res.json(await rejectDisbursement(services, { disbursementId: params().id, ...input }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/disbursements/{id}/paid',
    params: ZDisbursementParamsSchema,
    summary: 'Record the bank transfer of an approved withdrawal: the UTR (used once) and the date (permission: finance)',
    auth: { admin: ['finance'] },
    request: ZMarkDisbursementPaidRestSchema,
    response: ZDisbursementStatusSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ res, services, meta, body, params }) => {
      const input = body();
      res.json(await markDisbursementPaid(services, { disbursementId: params().id, ...input }, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/help/{id}/documents/{index}',
    params: ZDocumentParamsSchema,
    summary: 'A help request’s document as an image (image/jpeg; a PDF as image/png of page ?page=, from 1); every view is recorded with the viewer (permission: verification)',
    auth: { admin: ['verification'] },
    query: z.object({ page: z.number().int().min(1).optional() }),
    response: z.string(),
    produces: ['image/jpeg', 'image/png'],
    status: 200,
    errors: [400, 401, 403, 404],
    handler: async ({ req, res, services, meta, params }) => {
      const { id, index } = params();
      const { page } = parseInput(ZPageQuerySchema, req.query);
      const image = await viewHelpDocument(services, { id, index, page }, meta);
      // Every view is recorded: nothing may keep a copy to show again without asking.
      res.set('Cache-Control', 'private, no-store');
      res.set('Content-Disposition', 'inline');
      res.type(image.mediaType);
      res.send(image.bytes);
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/help/{id}/publish',
    params: ZIdParamsSchema,
    summary: 'Publish a help request once the requester’s photo ID was matched and no question waits; open for 90 days; never one’s own request (permission: verification)',
    auth: { admin: ['verification'] },
    request: z.object({}),
    response: ZHelpStatusResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ req, res, services, meta, params }) => {
      parseInput(z.strictObject({}), req.body ?? {});
      res.json(await publishRequest(services, { id: params().id }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/help/{id}/reject',
    params: ZIdParamsSchema,
    summary: 'Reject a help request before publishing, with a reason the requester sees (permission: verification)',
    auth: { admin: ['verification'] },
    request: ZRejectHelpRestRequestSchema,
    response: ZHelpStatusResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ res, services, meta, body, params }) => {
      const input = body();
      res.json(await rejectRequest(services, { id: params().id, ...input }, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/help/{id}/ask',
    params: ZIdParamsSchema,
    summary: 'Ask the requester a question, shown on their page until answered; one at a time (permission: verification)',
    auth: { admin: ['verification'] },
    request: ZAskHelpQuestionRestRequestSchema,
    response: ZHelpStatusResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ res, services, meta, body, params }) => {
      const input = body();
      res.json(await askQuestion(services, { id: params().id, ...input }, meta));
    },
  }),
];
