import { publicProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { ZCreateContactMessageRequestSchema, ZCreateContactMessageResponseSchema } from './contact.schema.ts';
import { receiveContactMessage } from './contact.ts';

export const createContactMessageRoute = publicProcedure
  .input(ZCreateContactMessageRequestSchema)
  .output(ZCreateContactMessageResponseSchema)
  .mutation(async ({ ctx, input }) => {
    await receiveContactMessage(ctx.services, input, metaOf(ctx));
    return { ok: true as const };
  });
