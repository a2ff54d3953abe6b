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
    const [sponsor, team, history] = await Promise.all([
      member.sponsorId ? getMemberEntry(ctx.services.db, member.sponsorId) : Promise.resolve(null),
      getTeamSummary(ctx.services.db, member.userId),
      getMemberHistory(ctx.services, member.userId),
    ]);
    return { member, sponsorName: sponsor?.fullName ?? null, teamSize: team.teamSize, directJoinees: team.directJoinees, history };
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
