import { publicProcedure } from '#server/trpc/procedures';
import { logIn } from './login.ts';
import { ZLoginRequestSchema, ZSessionUserSchema } from './login.schema.ts';

/** The admin console's sign-in: the same form as a member's, but only admins get through. */
export const adminLoginRoute = publicProcedure
  .input(ZLoginRequestSchema)
  .output(ZSessionUserSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, token } = await logIn(ctx.services, input, { kind: 'cookie', ip: ctx.ip, requireAdmin: true, previousToken: ctx.sessionToken });
    ctx.setSessionCookie(token);
    return user;
  });
