import { AppError } from '#server/errors/app-error';
import { getTeamSummary } from '#server/modules/community/community.api';
import { getCardHolder, getMemberEntry, getMemberHistory, getTotpStatus, getUserAccess, MEMBER_NOT_FOUND, PERMISSIONS } from '#server/modules/identity/identity.api';
import { adminProcedure } from '#server/trpc/procedures';
import { ZMemberDetailSchema, ZMemberIdSchema } from './members.schema.ts';

export const getMemberRoute = adminProcedure('members')
  .input(ZMemberIdSchema)
  .output(ZMemberDetailSchema)
  .query(async ({ ctx, input }) => {
    const member = await getMemberEntry(ctx.services.db, input.userId);
    if (!member) throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
    const [sponsor, team, history, totp, card] = await Promise.all([
      member.sponsorId ? getMemberEntry(ctx.services.db, member.sponsorId) : Promise.resolve(null),
      getTeamSummary(ctx.services.db, member.userId),
      getMemberHistory(ctx.services, member.userId),
      getTotpStatus(ctx.services.db, member.userId),
      getCardHolder(ctx.services.db, member.userId),
    ]);
    const access = await getUserAccess(ctx.services.db, member.userId);
    const permissions = access?.role === 'admin' ? PERMISSIONS.filter((permission) => access.permissions.includes(permission)) : null;
    return { member, sponsorName: sponsor?.fullName ?? null, teamSize: team.teamSize, directJoinees: team.directJoinees, twoFactor: totp.enabled, permissions, idPhotoUrl: card?.idPhotoUrl ?? null, history };
  });
