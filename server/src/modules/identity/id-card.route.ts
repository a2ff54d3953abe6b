import { authedProcedure, publicProcedure } from '#server/trpc/procedures';
import { getIdCard, verifyIdCard } from './id-card.ts';
import { ZIdCardSchema, ZVerifyCardRequestSchema, ZVerifyCardResponseSchema } from './id-card.schema.ts';

export const getIdCardRoute = authedProcedure.output(ZIdCardSchema).query(({ ctx }) => getIdCard(ctx.services, ctx.user.userId));

export const verifyCardRoute = publicProcedure
  .input(ZVerifyCardRequestSchema)
  .output(ZVerifyCardResponseSchema)
  .query(({ ctx, input }) => verifyIdCard(ctx.services, input));
