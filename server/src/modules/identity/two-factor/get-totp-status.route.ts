import { twoFactorSetupProcedure } from '#server/trpc/procedures';
import { getTotpStatus } from './admin-totp.ts';
import { ZTotpStatusSchema } from './admin-totp.schema.ts';

/** identity.totp.status: whether the signed-in admin's own second factor is on; any admin, whatever their permissions. */
export const getTotpStatusRoute = twoFactorSetupProcedure
  .output(ZTotpStatusSchema)
  .query(({ ctx }) => getTotpStatus(ctx.services.db, ctx.user.userId));
