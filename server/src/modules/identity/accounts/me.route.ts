import { publicProcedure } from '#server/trpc/procedures';
import { getMe } from './accounts.ts';
import { ZMeResponseSchema } from './me.schema.ts';

/** The signed-in person, or null: the web client asks this to decide where to send a visitor. */
export const meRoute = publicProcedure.output(ZMeResponseSchema).query(async ({ ctx }) => {
  if (!ctx.user) return null;
  const me = await getMe(ctx.services.db, ctx.user.userId);
  return me && { ...me, twoFactorSetupRequired: ctx.user.twoFactorSetupRequired };
});
