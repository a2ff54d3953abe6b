import { adminProcedure } from '#server/trpc/procedures';
import { ZContactMessageIdSchema, ZContactMessageSchema } from './contact.schema.ts';
import { getContactMessage } from './contact.ts';

export const getContactMessageRoute = adminProcedure('content')
  .input(ZContactMessageIdSchema)
  .output(ZContactMessageSchema)
  .query(({ ctx, input }) => getContactMessage(ctx.services.db, input.id));
