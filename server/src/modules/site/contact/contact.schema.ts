import { z } from 'zod';
import { isSingleLineText, SINGLE_LINE_ISSUE } from '#server/lib/text.schema';

export const MAX_CONTACT_MESSAGE = 5_000;

export const ZCreateContactMessageRequestSchema = z
  .strictObject({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').refine(isSingleLineText, SINGLE_LINE_ISSUE).max(100, 'At most 100 characters'),
    email: z.union([z.literal(''), z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address'))]).optional(),
    phone: z
      .union([z.literal(''), z.string().trim().regex(/^\+?[0-9][0-9 -]{6,14}$/, 'Enter a phone number of at most 15 characters')])
      .optional(),
    message: z
      .string({ error: 'Message is required' })
      .trim()
      .min(1, 'Message is required')
      .max(MAX_CONTACT_MESSAGE, `The message can be at most ${MAX_CONTACT_MESSAGE} characters`),
    /** Honeypot: a field people never see. Anything in it means a bot, and the message is dropped. */
    website: z.string().max(500).optional(),
  })
  .refine((value) => Boolean(value.email) || Boolean(value.phone), {
    message: 'Give an e-mail address or a phone number so that we can reply',
    path: ['email'],
  });
export type TCreateContactMessageRequest = z.input<typeof ZCreateContactMessageRequestSchema>;

export const ZCreateContactMessageResponseSchema = z.object({ ok: z.literal(true) });

export const ZContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string(),
  receivedAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type TContactMessage = z.infer<typeof ZContactMessageSchema>;

export const ZGetManyContactMessagesRequestSchema = z.strictObject({ status: z.enum(['open', 'handled', 'all']).default('open') });
export const ZGetManyContactMessagesResponseSchema = z.object({ messages: z.array(ZContactMessageSchema) });
export const ZContactMessageIdSchema = z.strictObject({ id: z.uuid('Unknown message') });
