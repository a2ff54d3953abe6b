import { adminProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { disableOwnTotp } from './admin-totp.ts';
import { ZTotpCodeSchema, ZTotpStatusSchema } from './admin-totp.schema.ts';

/** identity.totp.disable: the signed-in admin turns their own second factor off with a current code; any admin, whatever their permissions. */
export const disableTotpRoute = adminProcedure(null)
  .input(ZTotpCodeSchema)
  .output(ZTotpStatusSchema)
  .mutation(({ ctx, input }) => disableOwnTotp(ctx.services, ctx.user, input.code, metaOf(ctx)));
