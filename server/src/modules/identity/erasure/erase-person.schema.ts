import { z } from 'zod';
import { ZLookupContactSchema } from '#server/shared/contact';
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

/** What the law keeps despite an erasure (a verified donation's receipt data), why, and the day it is shredded. */
export const ZErasureKeptSchema = z.object({ kind: z.string(), reference: z.string(), why: z.string(), keptUntil: z.string() });

/** What an erasure did: per kind of record how many went, and what was kept. */
const ZErasureOutcomeSchema = z.object({ erasedAt: z.string(), isErasedNow: z.boolean(), erased: z.record(z.string(), z.number().int()), kept: z.array(ZErasureKeptSchema) });

export const ZErasePersonResponseSchema = ZErasureOutcomeSchema.extend({ userId: z.string() });
export type TErasePersonResponse = z.infer<typeof ZErasePersonResponseSchema>;

/** A donor who never had an account, by the e-mail address or phone they gave (issue 29). */
export const ZEraseContactRequestSchema = z.strictObject({ contact: ZLookupContactSchema, reason: ZErasureReasonSchema });
export type TEraseContactRequest = z.input<typeof ZEraseContactRequestSchema>;
export const ZEraseContactResponseSchema = ZErasureOutcomeSchema;
export type TEraseContactResponse = z.infer<typeof ZEraseContactResponseSchema>;
