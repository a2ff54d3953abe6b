import { AppError } from '#server/errors/app-error';
import { getMemberEntry, MEMBER_NOT_FOUND, resetTotpByAdmin } from '#server/modules/identity/identity.api';
import { ZTotpStatusSchema } from '#server/modules/identity/two-factor/admin-totp.schema';
import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZChangeMemberStatusRequestSchema } from './members.schema.ts';

/** An admin lost the phone with the authenticator: another admin turns the second factor off, with a reason. */
export const resetTotpRoute = adminProcedure('members')
  .input(ZChangeMemberStatusRequestSchema)
  .output(ZTotpStatusSchema)
  .mutation(async ({ ctx, input }) => {
    if (!(await getMemberEntry(ctx.services.db, input.userId))) throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
    return resetTotpByAdmin(ctx.services, input.userId, input.reason, metaOf(ctx), ctx.user);
  });
