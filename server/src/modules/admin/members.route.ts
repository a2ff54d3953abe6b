import { AppError } from '#server/errors/app-error';
import { getTeamSummary } from '#server/modules/community/team';
import {
  getMemberEntry,
  getMemberHistory,
  listCompanyDirects,
  MEMBER_NOT_FOUND,
  reactivateMember,
  searchMembers,
  suspendMember,
} from '#server/modules/identity/member-admin';
import { getTotpStatus, resetTotpByAdmin } from '#server/modules/identity/admin-totp';
import { ZTotpStatusSchema } from '#server/modules/identity/admin-totp.schema';
import { adminProcedure } from '#server/trpc/procedures';
import {
  ZChangeMemberStatusRequestSchema,
  ZMemberDetailSchema,
  ZMemberEntrySchema,
  ZMemberIdSchema,
  ZMemberListSchema,
  ZSearchMembersRequestSchema,
} from './members.schema.ts';

export const searchMembersRoute = adminProcedure('members')
  .input(ZSearchMembersRequestSchema)
  .output(ZMemberListSchema)
  .query(async ({ ctx, input }) => ({ members: await searchMembers(ctx.services, input.query) }));

export const getMemberRoute = adminProcedure('members')
  .input(ZMemberIdSchema)
  .output(ZMemberDetailSchema)
  .query(async ({ ctx, input }) => {
    const member = await getMemberEntry(ctx.services.db, input.userId);
    if (!member) throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
    const [sponsor, team, history, totp] = await Promise.all([
      member.sponsorId ? getMemberEntry(ctx.services.db, member.sponsorId) : Promise.resolve(null),
      getTeamSummary(ctx.services.db, member.userId),
      getMemberHistory(ctx.services, member.userId),
      getTotpStatus(ctx.services.db, member.userId),
    ]);
    return { member, sponsorName: sponsor?.fullName ?? null, teamSize: team.teamSize, directJoinees: team.directJoinees, twoFactor: totp.enabled, history };
  });

export const getCompanyDirectsRoute = adminProcedure('members')
  .output(ZMemberListSchema)
  .query(async ({ ctx }) => ({ members: await listCompanyDirects(ctx.services.db) }));

export const suspendMemberRoute = adminProcedure('members')
  .input(ZChangeMemberStatusRequestSchema)
  .output(ZMemberEntrySchema)
  .mutation(({ ctx, input }) =>
    suspendMember(ctx.services, input.userId, input.reason, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip }),
  );

export const reactivateMemberRoute = adminProcedure('members')
  .input(ZChangeMemberStatusRequestSchema)
  .output(ZMemberEntrySchema)
  .mutation(({ ctx, input }) =>
    reactivateMember(ctx.services, input.userId, input.reason, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip }),
  );

/** An admin lost the phone with the authenticator: another admin turns the second factor off, with a reason. */
export const resetTotpRoute = adminProcedure('members')
  .input(ZChangeMemberStatusRequestSchema)
  .output(ZTotpStatusSchema)
  .mutation(async ({ ctx, input }) => {
    if (!(await getMemberEntry(ctx.services.db, input.userId))) throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
    return resetTotpByAdmin(ctx.services, input.userId, input.reason, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip }, ctx.user);
  });
