import { twoFactorSetupProcedure } from '#server/trpc/procedures';
import { beginTotpSetup } from './admin-totp.ts';
import { ZTotpSetupSchema } from './admin-totp.schema.ts';

/** identity.totp.begin: a new secret for the signed-in admin's authenticator; any admin, whatever their permissions. */
export const beginTotpSetupRoute = twoFactorSetupProcedure
  .output(ZTotpSetupSchema)
  .mutation(({ ctx }) => beginTotpSetup(ctx.services, ctx.user));
