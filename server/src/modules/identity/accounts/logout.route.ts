import { z } from 'zod';
import { publicProcedure } from '#server/trpc/procedures';
import { revokeSession } from './sessions.ts';

export const logoutRoute = publicProcedure.output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
  if (ctx.sessionToken) await revokeSession(ctx.services.db, ctx.sessionToken, ctx.services.now());
  ctx.setSessionCookie(null);
  return { ok: true as const };
});
