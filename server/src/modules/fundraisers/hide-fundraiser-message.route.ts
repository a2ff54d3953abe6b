import { z } from 'zod';
import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { hideFundraiserMessage } from './fundraiser-commands.ts';
import { ZHideFundraiserMessageRequestSchema } from './fundraisers.schema.ts';

export const hideFundraiserMessageRoute = adminProcedure('verification')
  .input(ZHideFundraiserMessageRequestSchema)
  .output(z.object({ id: z.string(), reference: z.string(), isHidden: z.literal(true) }))
  .mutation(({ ctx, input }) => hideFundraiserMessage(ctx.services, input, metaOf(ctx)));
