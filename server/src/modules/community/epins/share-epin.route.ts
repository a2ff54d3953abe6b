import { metaOf } from '#server/trpc/context';
import { authedProcedure } from '#server/trpc/procedures';
import { shareEpin } from './epin-sharing.ts';
import { ZShareEpinRequestSchema, ZShareEpinResponseSchema } from './epins.schema.ts';

/** community.epins.share: one of the member's own codes, kept 48 hours for the link they share. */
export const shareEpinRoute = authedProcedure
  .input(ZShareEpinRequestSchema)
  .output(ZShareEpinResponseSchema)
  .mutation(({ ctx, input }) => shareEpin(ctx.services, ctx.user.userId, input, metaOf(ctx)));
