import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { parseInput } from '#server/http/rest';
import { defineRestRoute } from '#server/http/rest-route';
import { inviteStaff, listCompanyDirects, setStaffPermissions, withdrawStaffInvitation } from '#server/modules/identity/identity.api';
import {
  ZInviteStaffRequestSchema,
  ZStaffInvitationCreatedSchema,
  ZStaffInvitationWithdrawnSchema,
  ZWithdrawStaffInvitationSchema,
} from '#server/modules/identity/staff/staff-invitations.schema';
import type { RestRoute } from '#server/services';
import { auditHistory } from './audit/audit.ts';
import { AUDIT_BUNDLE_FILE_KIND, getBundle, recordBundleDownload, requestBundle } from './audit/audit-bundle.ts';
import {
  AUDIT_BUNDLE_NOT_FOUND,
  AUDIT_BUNDLE_NOT_READY,
  ZAuditBundleIdSchema,
  ZAuditBundleSchema,
  ZAuditHistoryQuerySchema,
  ZAuditHistoryResponseSchema,
  ZStreamIdSchema,
} from './audit/audit.schema.ts';
import { listQueues } from './dashboard/queues.ts';
import { ZQueuesResponseSchema } from './dashboard/queues.schema.ts';
import { ZMemberIdSchema, ZMemberListSchema, ZSetPermissionsResponseSchema, ZSetPermissionsRestRequestSchema } from './members/members.schema.ts';
import { requireReplayCheck, startReplayCheck } from './replay-checks/replay-checks.ts';
import { ZReplayCheckIdSchema, ZReplayCheckSchema } from './replay-checks/replay-checks.schema.ts';

/** The console's REST routes for other clients: members, staff, queues, read-model checks and audit. */
export const adminRest: readonly RestRoute[] = [
  // Company directs: members who joined with no sponsor, i.e. directly under the foundation.
  defineRestRoute({
    method: 'get',
    path: '/api/admin/company-directs',
    summary: 'Members with no sponsor, newest first (permission: members)',
    auth: { admin: ['members'] },
    response: ZMemberListSchema,
    status: 200,
    errors: [401, 403],
    handler: async ({ res, services }) => {
      res.json({ members: await listCompanyDirects(services.db) });
    },
  }),

  // The same members as joiners of the company, oldest first, as the older clients list them.
  defineRestRoute({
    method: 'get',
    path: '/api/admin/direct-company-joiners',
    summary: 'The same members, oldest first, with their total (permission: members)',
    auth: { admin: ['members'] },
    response: ZMemberListSchema.extend({ total: z.number().int() }),
    status: 200,
    errors: [401, 403],
    handler: async ({ res, services }) => {
      const members = await listCompanyDirects(services.db);
      res.json({ members: members.reverse(), total: members.length });
    },
  }),

  // The staff queues the caller may work, with counts and the oldest item's age (the dashboard's, for other clients).
  defineRestRoute({
    method: 'get',
    path: '/api/admin/queues',
    summary: 'The staff queues the caller may work, each with its count and its oldest item\'s age; for any admin, who sees only the queues their permissions cover',
    auth: 'any-admin',
    response: ZQueuesResponseSchema,
    status: 200,
    errors: [401, 403],
    handler: async ({ res, services, user }) => {
      res.json(await listQueues(services, user));
    },
  }),

  // A super-admin invites a staff member by e-mail (the link sets the password of the new account).
  defineRestRoute({
    method: 'post',
    path: '/api/admin/staff',
    summary: 'Invite a staff member by e-mail: a one-time link, valid 48 hours, sets the password of a new staff account holding these permissions; recorded as StaffInvited. Only an admin holding every permission may; an address that has an account is refused (permission: members)',
    auth: { admin: ['members'] },
    request: ZInviteStaffRequestSchema,
    response: ZStaffInvitationCreatedSchema,
    status: 201,
    errors: [400, 401, 403, 409, 413],
    handler: async ({ res, services, user, meta, body }) => {
      const input = body();
      res.status(201).json(await inviteStaff(services, input, user, meta));
    },
  }),

  // A super-admin withdraws an invitation nobody has used: its link stops working.
  defineRestRoute({
    method: 'post',
    path: '/api/admin/staff/invitations/{invitationId}/withdraw',
    params: ZWithdrawStaffInvitationSchema,
    summary: 'Withdraw a staff invitation nobody has used (expired ones too): its link no longer opens an account; recorded as StaffInvitationWithdrawn, once however often asked. Only an admin holding every permission may; a used invitation is a 409 (permission: members)',
    auth: { admin: ['members'] },
    request: z.strictObject({}),
    response: ZStaffInvitationWithdrawnSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409, 413],
    handler: async ({ res, services, user, meta, body, params }) => {
      const { invitationId } = params();
      body();
      res.json(await withdrawStaffInvitation(services, { invitationId }, user, meta));
    },
  }),

  // A super-admin grants or revokes a staff account's permissions: the full set it is to hold, with a reason.
  defineRestRoute({
    method: 'put',
    path: '/api/admin/staff/{userId}/permissions',
    params: ZMemberIdSchema,
    summary: "Grant or revoke a staff account's permissions: the full set it is to hold, with a reason, recorded as StaffPermissionsChanged. Only an admin holding every permission may; nobody reduces their own; the last super-admin keeps every permission (permission: members)",
    auth: { admin: ['members'] },
    request: ZSetPermissionsRestRequestSchema,
    response: ZSetPermissionsResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409, 413],
    handler: async ({ res, services, user, meta, body, params }) => {
      const { userId } = params();
      const input = body();
      res.json(await setStaffPermissions(services, { userId, ...input }, user, meta));
    },
  }),

  // "Check all read models": a job, then its progress and result.
  defineRestRoute({
    method: 'post',
    path: '/api/admin/replay-checks',
    summary: 'Check all read models: queues a job that rebuilds every read model from the events into fresh tables and compares them with the live ones, without blocking requests; while one is queued or running, answers that one. The request and outcome are events with the actor (permission: settings)',
    auth: { admin: ['settings'] },
    request: z.strictObject({}),
    response: ZReplayCheckSchema,
    status: 202,
    errors: [400, 401, 403, 413],
    handler: async ({ res, services, user, meta, body }) => {
      body();
      res.status(202).json(await startReplayCheck(services, user, meta));
    },
  }),
  defineRestRoute({
    method: 'get',
    path: '/api/admin/replay-checks/{checkId}',
    params: ZReplayCheckIdSchema,
    summary: "A read-model check's progress (events replayed of the total) and, once done, each projection as equal or with its differing rows (permission: settings)",
    auth: { admin: ['settings'] },
    response: ZReplayCheckSchema,
    status: 200,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, params }) => {
      const { checkId } = params();
      res.json(await requireReplayCheck(services.db, checkId));
    },
  }),

  // A record's dispute bundle: asked for (a job makes the PDF), then downloaded.
  defineRestRoute({
    method: 'post',
    path: '/api/admin/audit/{streamId}/bundle',
    summary: "Ask for a record's dispute bundle: a job makes one PDF with every event, its actors, the references and the payment screenshots' thumbnails; asking is itself an event (AuditBundleRequested). For any admin whose permissions cover the record",
    auth: 'any-admin',
    request: z.strictObject({}),
    response: ZAuditBundleSchema,
    status: 202,
    errors: [400, 401, 403, 404, 413],
    handler: async ({ req, res, services, user, meta, body }) => {
      const streamId = parseInput(ZStreamIdSchema, req.params.streamId);
      body();
      res.status(202).json(await requestBundle(services, user, streamId, meta));
    },
  }),
  defineRestRoute({
    method: 'get',
    path: '/api/admin/audit/bundles/{bundleId}.pdf',
    params: ZAuditBundleIdSchema,
    summary: 'Download a dispute bundle once made (409 while it is still being made); for any admin whose permissions cover its record',
    auth: 'any-admin',
    response: z.string(),
    produces: 'application/pdf',
    status: 200,
    errors: [400, 401, 403, 404, 409],
    handler: async ({ res, services, user, meta, params }) => {
      const { bundleId } = params();
      const bundle = await getBundle(services, user, bundleId);
      if (bundle.status !== 'ready' || !bundle.fileId) throw new AppError('CONFLICT', { userMessage: AUDIT_BUNDLE_NOT_READY });
      const file = await services.files.get(bundle.fileId, { subjectId: bundle.streamId, kind: AUDIT_BUNDLE_FILE_KIND });
      if (!file) throw new AppError('NOT_FOUND', { userMessage: AUDIT_BUNDLE_NOT_FOUND });
      await recordBundleDownload(services, user, bundle, meta);
      res
        .type('application/pdf')
        .set({ 'Content-Disposition': `attachment; filename="record-${bundle.streamId.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`, 'Cache-Control': 'private, no-store' })
        .send(file.bytes);
    },
  }),

  // A record's history as of a moment, for an auditor's own tools (the console's audit page reads the same).
  defineRestRoute({
    method: 'get',
    path: '/api/admin/audit/{streamId}',
    summary: "A record's history: every event of the stream up to ?asOf= (an ISO time; now without it) with its actor, time, client address while kept, correlation and causation, personal fields revealed; and the read-model rows those events alone fold to as of then. For any admin whose permissions cover the record (403 otherwise); every look is recorded as AuditRecordViewed",
    auth: 'any-admin',
    query: ZAuditHistoryQuerySchema,
    response: ZAuditHistoryResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404],
    handler: async ({ req, res, services, user, meta, query }) => {
      const streamId = parseInput(ZStreamIdSchema, req.params.streamId);
      const { asOf } = query();
      res.json(await auditHistory(services, user, { streamId, asOf }, meta));
    },
  }),
];
