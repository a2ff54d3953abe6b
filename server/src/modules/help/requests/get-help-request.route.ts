import { publicProcedure } from '#server/trpc/procedures';
import { getPublicRequest } from './help-reads.ts';
import { ZHelpRequestIdRequestSchema, ZPublicHelpRequestDetailSchema } from '../help.schema.ts';

export const getHelpRequestRoute = publicProcedure
  .input(ZHelpRequestIdRequestSchema)
  .output(ZPublicHelpRequestDetailSchema)
  .query(({ ctx, input }) => getPublicRequest(ctx.services, input.id));
