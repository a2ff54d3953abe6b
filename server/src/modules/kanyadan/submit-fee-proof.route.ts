import { metaOf } from '#server/trpc/context';
import { publicProcedure } from '#server/trpc/procedures';
import { submitFeeProof } from './application-commands.ts';
import { ZApplicationStatusSchema, ZSubmitFeeProofRequestSchema } from './kanyadan-routes.schema.ts';

export const submitFeeProofRoute = publicProcedure
  .input(ZSubmitFeeProofRequestSchema)
  .output(ZApplicationStatusSchema)
  .mutation(({ ctx, input }) => submitFeeProof(ctx.services, input, metaOf(ctx)));
