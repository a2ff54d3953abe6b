import { anyAdminProcedure } from '#server/trpc/procedures';
import { listApplications } from '../application-reads.ts';
import { ZApplicationFilterSchema, ZApplicationPageSchema } from '../kanyadan-routes.schema.ts';

export const getManyApplicationsRoute = anyAdminProcedure('verification', 'finance')
  .input(ZApplicationFilterSchema)
  .output(ZApplicationPageSchema)
  .query(({ ctx, input }) => listApplications(ctx.services, input));
