import { twoFactorSetupProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { confirmTotpSetup } from './admin-totp.ts';
import { ZTotpCodeSchema, ZTotpStatusSchema } from './admin-totp.schema.ts';

/** identity.totp.confirm: the first code from the authenticator turns the second factor on; any admin, whatever their permissions. */
export const confirmTotpSetupRoute = twoFactorSetupProcedure
  .input(ZTotpCodeSchema)
  .output(ZTotpStatusSchema)
  .mutation(({ ctx, input }) => confirmTotpSetup(ctx.services, ctx.user, input.code, metaOf(ctx)));
