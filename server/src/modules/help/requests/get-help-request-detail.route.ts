import { adminProcedure } from '#server/trpc/procedures';
import { getAdminDetail } from './help-reads.ts';
import { ZHelpRequestAdminDetailSchema, ZHelpRequestIdRequestSchema } from '../help.schema.ts';

export const getHelpRequestDetailRoute = adminProcedure('verification')
  .input(ZHelpRequestIdRequestSchema)
  .output(ZHelpRequestAdminDetailSchema)
  .query(({ ctx, input }) => getAdminDetail(ctx.services, input.id));
