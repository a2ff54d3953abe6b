import { z } from 'zod';

export const ZConfirmEmailRequestSchema = z.strictObject({
  token: z.string({ error: 'The confirmation link is incomplete' }).min(1, 'The confirmation link is incomplete').max(200, 'The confirmation link is invalid'),
});
export const ZConfirmEmailResponseSchema = z.object({ userId: z.string() });
