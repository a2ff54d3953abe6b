import { adminProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { ZContactMessageIdSchema, ZContactMessageSchema } from './contact.schema.ts';
import { markContactMessageHandled } from './contact.ts';

export const markContactMessageHandledRoute = adminProcedure('content')
  .input(ZContactMessageIdSchema)
  .output(ZContactMessageSchema)
  .mutation(({ ctx, input }) => markContactMessageHandled(ctx.services, input.id, metaOf(ctx)));
