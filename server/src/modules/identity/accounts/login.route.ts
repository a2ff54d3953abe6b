import { publicProcedure } from '#server/trpc/procedures';
import { logIn } from './login.ts';
import { ZLoginRequestSchema, ZSessionUserSchema } from './login.schema.ts';

export const loginRoute = publicProcedure
  .input(ZLoginRequestSchema)
  .output(ZSessionUserSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, token } = await logIn(ctx.services, input, { kind: 'cookie', ip: ctx.ip, previousToken: ctx.sessionToken });
    ctx.setSessionCookie(token);
    return user;
  });
