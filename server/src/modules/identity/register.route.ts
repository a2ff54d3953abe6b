import { publicProcedure } from '#server/trpc/procedures';
import { registerMember } from './accounts.ts';
import { logIn } from './login.ts';
import { ZRegisterRequestSchema, ZRegisterResponseSchema } from './register.schema.ts';

export const registerRoute = publicProcedure
  .input(ZRegisterRequestSchema)
  .output(ZRegisterResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await registerMember(ctx.services, input, { actor: 'anonymous', correlationId: ctx.requestId, ip: ctx.ip });
    // Signed in straight away (PRODUCT.md §4), with a fresh session.
    const session = await logIn(ctx.services, { userId: result.userId, password: input.password }, { kind: 'cookie', previousToken: ctx.sessionToken });
    ctx.setSessionCookie(session.token);
    return result;
  });
