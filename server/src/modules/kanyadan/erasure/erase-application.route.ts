import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { eraseApplication } from '../application-commands.ts';
import { ZEraseApplicationRequestSchema, ZEraseApplicationResponseSchema } from '../kanyadan-routes.schema.ts';

export const eraseApplicationRoute = adminProcedure('verification')
  .input(ZEraseApplicationRequestSchema)
  .output(ZEraseApplicationResponseSchema)
  .mutation(({ ctx, input }) => eraseApplication(ctx.services, input, metaOf(ctx)));
