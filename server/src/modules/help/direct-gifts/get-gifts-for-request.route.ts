import { metaOf } from '#server/trpc/context';
import { authedProcedure } from '#server/trpc/procedures';
import { ZDirectGiftsSchema } from './direct-gifts.schema.ts';
import { listGiftsForRequest } from './direct-gifts.ts';
import { ZHelpRequestIdRequestSchema } from '../help.schema.ts';

export const getGiftsForRequestRoute = authedProcedure
  .input(ZHelpRequestIdRequestSchema)
  .output(ZDirectGiftsSchema)
  .query(({ ctx, input }) => listGiftsForRequest(ctx.services, input.id, metaOf(ctx)));
