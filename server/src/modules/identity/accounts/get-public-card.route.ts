import { metaOf } from '#server/trpc/context';
import { publicProcedure } from '#server/trpc/procedures';
import { lookUpPublicCard } from './accounts.ts';
import { ZGetPublicCardRequestSchema, ZPublicCardSchema } from './get-public-card.schema.ts';

export const getPublicCardRoute = publicProcedure
  .input(ZGetPublicCardRequestSchema)
  .output(ZPublicCardSchema)
  .query(({ ctx, input }) => lookUpPublicCard(ctx.services, input.userId, metaOf(ctx)));
