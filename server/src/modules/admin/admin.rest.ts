import { Router } from 'express';
import { handle, parseInput, requestMeta, requireAdmin } from '#server/http/rest';
import { inviteStaff, listCompanyDirects, setStaffPermissions, withdrawStaffInvitation } from '#server/modules/identity/identity.api';
import { ZInviteStaffRequestSchema, ZWithdrawStaffInvitationSchema } from '#server/modules/identity/staff/staff-invitations.schema';
import { ZMemberIdSchema, ZSetPermissionsRestRequestSchema } from './members/members.schema.ts';
import type { Services } from '#server/services';
import { listQueues } from './dashboard/queues.ts';
import { requireReplayCheck, startReplayCheck } from './replay-checks/replay-checks.ts';
import { ZReplayCheckIdSchema } from './replay-checks/replay-checks.schema.ts';
import { z } from 'zod';

/** A POST that takes no fields: anything sent is an unknown field. */
const ZEmptyBodySchema = z.strictObject({});
import { auditHistory } from './audit/audit.ts';
import { AUDIT_BUNDLE_NOT_FOUND, AUDIT_BUNDLE_NOT_READY, ZAuditBundleIdSchema, ZAuditHistoryQuerySchema, ZStreamIdSchema } from './audit/audit.schema.ts';
import { AUDIT_BUNDLE_FILE_KIND, getBundle, recordBundleDownload, requestBundle } from './audit/audit-bundle.ts';
import { AppError } from '#server/errors/app-error';

export function adminRest(services: Services): Router {
  const rest = Router();

  // Company directs: members who joined with no sponsor, i.e. directly under the foundation.
  rest.get(
    '/admin/company-directs',
    handle(async (_req, res) => {
      requireAdmin(res, 'members');
      res.json({ members: await listCompanyDirects(services.db) });
    }),
  );

  // The same members as joiners of the company, oldest first, as the older clients list them.
  rest.get(
    '/admin/direct-company-joiners',
    handle(async (_req, res) => {
      requireAdmin(res, 'members');
      const members = await listCompanyDirects(services.db);
      res.json({ members: members.reverse(), total: members.length });
    }),
  );

  // The staff queues the caller may work, with counts and the oldest item's age (the dashboard's, for other clients).
  rest.get(
    '/admin/queues',
    handle(async (_req, res) => {
      const user = requireAdmin(res, null);
      res.json(await listQueues(services, user));
    }),
  );

  // A super-admin invites a staff member by e-mail (the link sets the password of the new account).
  rest.post(
    '/admin/staff',
    handle(async (req, res) => {
      const user = requireAdmin(res, 'members');
      const body = parseInput(ZInviteStaffRequestSchema, req.body);
      res.status(201).json(await inviteStaff(services, body, user, requestMeta(req, res)));
    }),
  );

  // A super-admin withdraws an invitation nobody has used: its link stops working.
  rest.post(
    '/admin/staff/invitations/:invitationId/withdraw',
    handle(async (req, res) => {
      const user = requireAdmin(res, 'members');
      const { invitationId } = parseInput(ZWithdrawStaffInvitationSchema, { invitationId: req.params.invitationId });
      parseInput(z.strictObject({}), req.body ?? {});
      res.json(await withdrawStaffInvitation(services, { invitationId }, user, requestMeta(req, res)));
    }),
  );

  // A super-admin grants or revokes a staff account's permissions: the full set it is to hold, with a reason.
  rest.put(
    '/admin/staff/:userId/permissions',
    handle(async (req, res) => {
      const user = requireAdmin(res, 'members');
      const { userId } = parseInput(ZMemberIdSchema, { userId: req.params.userId });
      const body = parseInput(ZSetPermissionsRestRequestSchema, req.body);
      res.json(await setStaffPermissions(services, { userId, ...body }, user, requestMeta(req, res)));
    }),
  );

  // "Check all read models": a job, then its progress and result.
  rest.post(
    '/admin/replay-checks',
    handle(async (req, res) => {
      const user = requireAdmin(res, 'settings');
      parseInput(ZEmptyBodySchema, req.body ?? {});
      res.status(202).json(await startReplayCheck(services, user, requestMeta(req, res)));
    }),
  );
  rest.get(
    '/admin/replay-checks/:checkId',
    handle(async (req, res) => {
      requireAdmin(res, 'settings');
      const { checkId } = parseInput(ZReplayCheckIdSchema, { checkId: req.params.checkId });
      res.json(await requireReplayCheck(services.db, checkId));
    }),
  );

  // A record's dispute bundle: asked for (a job makes the PDF), then downloaded.
  rest.post(
    '/admin/audit/:streamId/bundle',
    handle(async (req, res) => {
      const user = requireAdmin(res, null);
      const streamId = parseInput(ZStreamIdSchema, req.params.streamId);
      parseInput(ZEmptyBodySchema, req.body ?? {});
      res.status(202).json(await requestBundle(services, user, streamId, requestMeta(req, res)));
    }),
  );
  rest.get(
    '/admin/audit/bundles/:bundleId.pdf',
    handle(async (req, res) => {
      const user = requireAdmin(res, null);
      const { bundleId } = parseInput(ZAuditBundleIdSchema, { bundleId: req.params.bundleId });
      const bundle = await getBundle(services, user, bundleId);
      if (bundle.status !== 'ready' || !bundle.fileId) throw new AppError('CONFLICT', { userMessage: AUDIT_BUNDLE_NOT_READY });
      const file = await services.files.get(bundle.fileId, { subjectId: bundle.streamId, kind: AUDIT_BUNDLE_FILE_KIND });
      if (!file) throw new AppError('NOT_FOUND', { userMessage: AUDIT_BUNDLE_NOT_FOUND });
      await recordBundleDownload(services, user, bundle, requestMeta(req, res));
      res
        .type('application/pdf')
        .set({ 'Content-Disposition': `attachment; filename="record-${bundle.streamId.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`, 'Cache-Control': 'private, no-store' })
        .send(file.bytes);
    }),
  );

  // A record's history as of a moment, for an auditor's own tools (the console's audit page reads the same).
  rest.get(
    '/admin/audit/:streamId',
    handle(async (req, res) => {
      const user = requireAdmin(res, null);
      const streamId = parseInput(ZStreamIdSchema, req.params.streamId);
      const { asOf } = parseInput(ZAuditHistoryQuerySchema, req.query);
      res.json(await auditHistory(services, user, { streamId, asOf }, requestMeta(req, res)));
    }),
  );

  return rest;
}
