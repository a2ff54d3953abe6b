import { publicProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { logIn } from '#server/modules/identity/identity.api';
import { registerMember } from './register.ts';
import { ZRegisterRequestSchema, ZRegisterResponseSchema } from './register.schema.ts';

export const registerRoute = publicProcedure
  .input(ZRegisterRequestSchema)
  .output(ZRegisterResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await registerMember(ctx.services, input, metaOf(ctx));
    // Signed in straight away (PRODUCT.md §4), with a fresh session.
    const session = await logIn(ctx.services, { userId: result.userId, password: input.password }, { kind: 'cookie', previousToken: ctx.sessionToken });
    ctx.setSessionCookie(session.token);
    return result;
  });
