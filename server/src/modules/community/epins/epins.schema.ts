import { z } from 'zod';

export const MAX_EPINS_PER_BATCH = 500;

export const ZGenerateEpinsRequestSchema = z.strictObject({
  count: z
    .number({ error: 'Count must be a number' })
    .int('Count must be a whole number')
    .min(1, 'Count must be at least 1')
    .max(MAX_EPINS_PER_BATCH, `Count must be at most ${MAX_EPINS_PER_BATCH}`),
});
export type TGenerateEpinsRequest = z.infer<typeof ZGenerateEpinsRequestSchema>;

export const ZEpinSchema = z.object({
  code: z.string(),
  used: z.boolean(),
  usedBy: z.string().nullable(),
  usedAt: z.string().nullable(),
  assignedTo: z.string().nullable(),
  createdAt: z.string(),
  /** Until when a link its holder shared keeps it (null: not kept for a link now). */
  reservedUntil: z.string().nullable(),
});
export type TEpin = z.infer<typeof ZEpinSchema>;

/** A member shares one of their codes in a link: the code named, or the one the app picks. */
export const ZShareEpinRequestSchema = z.strictObject({
  code: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{8,16}$/, 'Enter a valid invite code').optional(),
});
export const ZShareEpinResponseSchema = z.object({ code: z.string(), reservedUntil: z.string() });

export const ZEpinListResponseSchema = z.object({ epins: z.array(ZEpinSchema) });
export type TEpinListResponse = z.infer<typeof ZEpinListResponseSchema>;

/** The admins' list of every code comes a page at a time, the newest first. */
export const EPIN_PAGE_SIZE = 20;
export const ZGetManyEpinsRequestSchema = z.strictObject({
  page: z.number({ error: 'Pages start at 1' }).int('Pages start at 1').min(1, 'Pages start at 1').max(100_000, 'Pages start at 1').default(1),
});
export const ZEpinPageSchema = z.object({ epins: z.array(ZEpinSchema), page: z.number().int(), pageCount: z.number().int(), total: z.number().int() });

export const ZTransferEpinsRequestSchema = z.strictObject({
  toUserId: z
    .string({ error: 'Enter the receiver’s user ID' })
    .trim()
    .toUpperCase()
    .min(1, 'Enter the receiver’s user ID')
    .max(20, 'User not found'),
  count: z.number({ error: 'Invalid transfer count.' }).int('Invalid transfer count.').min(1, 'Invalid transfer count.').max(MAX_EPINS_PER_BATCH, 'Invalid transfer count.'),
});
export type TTransferEpinsRequest = z.input<typeof ZTransferEpinsRequestSchema>;

export const ZTransferEpinsResponseSchema = z.object({
  transferId: z.string(),
  toUserId: z.string(),
  toName: z.string(),
  codes: z.array(z.string()),
  /** Unused codes the sender still holds. */
  remaining: z.number().int(),
});
export type TTransferEpinsResponse = z.infer<typeof ZTransferEpinsResponseSchema>;

export const ZHeldEpinsRequestSchema = z.strictObject({ userId: z.string().trim().toUpperCase().optional() });

export const ZEpinTransferSchema = z.object({
  transferId: z.string(),
  direction: z.enum(['sent', 'received']),
  otherUserId: z.string(),
  otherName: z.string(),
  count: z.number().int(),
  transferredAt: z.string(),
});
export const ZEpinTransferHistorySchema = z.object({ transfers: z.array(ZEpinTransferSchema) });
export type TEpinTransferHistory = z.infer<typeof ZEpinTransferHistorySchema>;
export type TEpinTransfer = z.infer<typeof ZEpinTransferSchema>;
