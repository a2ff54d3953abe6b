import { z } from 'zod';
import { DONATION_STATUSES, ZReasonSchema, ZReferenceSchema } from '../donation-fields.schema.ts';

/** `donations.admin.cancel` (finance): a verified donation withdrawn; its receipt keeps its serial and is re-issued marked CANCELLED. */
export const ZCancelDonationRequestSchema = z.strictObject({ reference: ZReferenceSchema, reason: ZReasonSchema });
export type TCancelDonationRequest = z.input<typeof ZCancelDonationRequestSchema>;

/** POST /api/admin/donations/:reference/cancel. */
export const ZCancelDonationRestRequestSchema = z.strictObject({ reason: ZReasonSchema });

export const ZCancelDonationResponseSchema = z.object({ reference: z.string(), status: z.enum(DONATION_STATUSES), receiptSerial: z.string() });
export type TCancelDonationResponse = z.infer<typeof ZCancelDonationResponseSchema>;
