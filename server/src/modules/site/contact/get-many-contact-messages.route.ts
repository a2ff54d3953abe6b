import { adminProcedure } from '#server/trpc/procedures';
import { ZGetManyContactMessagesRequestSchema, ZGetManyContactMessagesResponseSchema } from './contact.schema.ts';
import { listContactMessages } from './contact.ts';

export const getManyContactMessagesRoute = adminProcedure('content')
  .input(ZGetManyContactMessagesRequestSchema)
  .output(ZGetManyContactMessagesResponseSchema)
  .query(async ({ ctx, input }) => ({ messages: await listContactMessages(ctx.services.db, input.status) }));
