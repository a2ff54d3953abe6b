import { z } from 'zod';
import { PAN_NAME_NOT_LATIN, ZPanNameSchema, ZReferenceSchema } from '../donation-fields.schema.ts';

/**
 * `donations.admin.recordPanName` (finance): sets or corrects the donor's name as on their PAN (or
 * the ID recorded), in Latin letters, for Form 10BD. Required here: an empty name records nothing.
 */
export const ZRecordPanNameRequestSchema = z.strictObject({
  reference: ZReferenceSchema,
  panName: ZPanNameSchema.refine((value) => value !== '', PAN_NAME_NOT_LATIN),
});
export type TRecordPanNameRequest = z.input<typeof ZRecordPanNameRequestSchema>;

export const ZRecordPanNameResponseSchema = z.object({ reference: z.string(), panName: z.string() });
export type TRecordPanNameResponse = z.infer<typeof ZRecordPanNameResponseSchema>;
