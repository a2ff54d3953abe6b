import { anyAdminProcedure } from '#server/trpc/procedures';
import { getApplicationDetail } from '../application-reads.ts';
import { ZApplicationDetailSchema, ZRegNoRequestSchema } from '../kanyadan-routes.schema.ts';

export const getApplicationRoute = anyAdminProcedure('verification', 'finance')
  .input(ZRegNoRequestSchema)
  .output(ZApplicationDetailSchema)
  .query(({ ctx, input }) => getApplicationDetail(ctx.services, input.regNo, ctx.user.userId));
