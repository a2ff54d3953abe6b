import { metaOf } from '#server/trpc/context';
import { publicProcedure } from '#server/trpc/procedures';
import { ZSubmitProofRequestSchema, ZSubmitProofResponseSchema } from './submit-proof.schema.ts';
import { consumeLookup, submitProof } from './submit-proof.ts';

export const submitProofRoute = publicProcedure
  .input(ZSubmitProofRequestSchema)
  .output(ZSubmitProofResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const meta = metaOf(ctx);
    await consumeLookup(ctx.services, meta);
    return submitProof(ctx.services, { reference: input.reference, contact: input.contact, utr: input.utr }, null, meta);
  });
