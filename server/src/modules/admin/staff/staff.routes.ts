import { inviteStaff, listStaffInvitations, withdrawStaffInvitation } from '#server/modules/identity/identity.api';
import {
  ZInviteStaffRequestSchema,
  ZStaffInvitationCreatedSchema,
  ZStaffInvitationListSchema,
  ZStaffInvitationWithdrawnSchema,
  ZWithdrawStaffInvitationSchema,
} from '#server/modules/identity/staff/staff-invitations.schema';
import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';

/** Staff are managed from the members pages; inviting takes every permission (checked by the decider). */
export const inviteStaffRoute = adminProcedure('members')
  .input(ZInviteStaffRequestSchema)
  .output(ZStaffInvitationCreatedSchema)
  .mutation(({ ctx, input }) => inviteStaff(ctx.services, input, ctx.user, metaOf(ctx)));

/** The invitations made, with whether each was used: members admins see them as they see the accounts. */
export const listStaffInvitationsRoute = adminProcedure('members')
  .output(ZStaffInvitationListSchema)
  .query(({ ctx }) => listStaffInvitations(ctx.services.db));

/** A super-admin withdraws an invitation not yet used (every permission, checked by the decider). */
export const withdrawStaffInvitationRoute = adminProcedure('members')
  .input(ZWithdrawStaffInvitationSchema)
  .output(ZStaffInvitationWithdrawnSchema)
  .mutation(({ ctx, input }) => withdrawStaffInvitation(ctx.services, input, ctx.user, metaOf(ctx)));
