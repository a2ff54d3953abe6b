import { publicProcedure } from '#server/trpc/procedures';
import { verifyIdCard } from './id-card.ts';
import { ZVerifyCardRequestSchema, ZVerifyCardResponseSchema } from './id-card.schema.ts';

export const verifyCardRoute = publicProcedure
  .input(ZVerifyCardRequestSchema)
  .output(ZVerifyCardResponseSchema)
  .query(({ ctx, input }) => verifyIdCard(ctx.services, input));
