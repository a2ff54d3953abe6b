import { adminProcedure, publicProcedure } from '#server/trpc/procedures';
import {
  ZContactMessageIdSchema,
  ZContactMessageSchema,
  ZCreateContactMessageRequestSchema,
  ZCreateContactMessageResponseSchema,
  ZGetManyContactMessagesRequestSchema,
  ZGetManyContactMessagesResponseSchema,
} from './contact.schema.ts';
import { getContactMessage, listContactMessages, markContactMessageHandled, receiveContactMessage } from './contact.ts';

export const createContactMessageRoute = publicProcedure
  .input(ZCreateContactMessageRequestSchema)
  .output(ZCreateContactMessageResponseSchema)
  .mutation(async ({ ctx, input }) => {
    await receiveContactMessage(ctx.services, input, { actor: ctx.user?.userId ?? 'anonymous', correlationId: ctx.requestId, ip: ctx.ip });
    return { ok: true as const };
  });

export const getManyContactMessagesRoute = adminProcedure('content')
  .input(ZGetManyContactMessagesRequestSchema)
  .output(ZGetManyContactMessagesResponseSchema)
  .query(async ({ ctx, input }) => ({ messages: await listContactMessages(ctx.services.db, input.status) }));

export const getContactMessageRoute = adminProcedure('content')
  .input(ZContactMessageIdSchema)
  .output(ZContactMessageSchema)
  .query(({ ctx, input }) => getContactMessage(ctx.services.db, input.id));

export const markContactMessageHandledRoute = adminProcedure('content')
  .input(ZContactMessageIdSchema)
  .output(ZContactMessageSchema)
  .mutation(({ ctx, input }) => markContactMessageHandled(ctx.services, input.id, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip }));
