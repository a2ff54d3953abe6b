import { z } from 'zod';
import { ZUserIdSchema } from '../fields.schema.ts';

export const ERASE_REASON_PERSONAL = 'Write the reason without names, e-mail addresses or phone numbers: it is kept after the erasure.';

/**
 * The reason stays in the record after everything else about the person is gone, so it must not
 * itself be personal data: no e-mail address, no long run of digits (a phone or an ID number).
 */
export const ZErasureReasonSchema = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(3, 'Give a reason of at least 3 characters')
  .max(300, 'At most 300 characters')
  .refine((reason) => !/@/.test(reason) && !/\d[\d\s-]{6,}\d/.test(reason), ERASE_REASON_PERSONAL);

export const ZErasePersonRequestSchema = z.strictObject({ userId: ZUserIdSchema, reason: ZErasureReasonSchema });
export type TErasePersonRequest = z.infer<typeof ZErasePersonRequestSchema>;

export const ZErasePersonResponseSchema = z.object({ userId: z.string(), erasedAt: z.string(), isErasedNow: z.boolean() });
