import { z } from 'zod';
import { ZReferenceSchema } from '../donation-fields.schema.ts';

/** `donations.admin.retainedReceipts` (finance): the receipt data kept past donors' erasures (issue 29); one donation, or all still kept. */
export const ZRetainedReceiptsRequestSchema = z.strictObject({ reference: ZReferenceSchema.optional() });
export type TRetainedReceiptsRequest = z.input<typeof ZRetainedReceiptsRequestSchema>;

export const ZRetainedReceiptSchema = z.object({
  reference: z.string(),
  serial: z.string(),
  financialYear: z.string(),
  /** YYYY-MM-DD: the last day it is kept; the daily job shreds it after. */
  keptUntil: z.string(),
  /** Null once shredded. */
  receipt: z
    .object({ name: z.string(), pan: z.string().nullable(), address: z.string().nullable(), amountPaise: z.number().int(), receivedOn: z.string().nullable() })
    .nullable(),
});
export const ZRetainedReceiptsResponseSchema = z.object({ receipts: z.array(ZRetainedReceiptSchema) });
export type TRetainedReceiptsResponse = z.infer<typeof ZRetainedReceiptsResponseSchema>;
