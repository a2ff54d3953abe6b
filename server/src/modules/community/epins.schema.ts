import { z } from 'zod';

export const MAX_EPINS_PER_BATCH = 500;

export const ZGenerateEpinsRequestSchema = z.object({
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
});
export type TEpin = z.infer<typeof ZEpinSchema>;

export const ZEpinListResponseSchema = z.object({ epins: z.array(ZEpinSchema) });
export type TEpinListResponse = z.infer<typeof ZEpinListResponseSchema>;
