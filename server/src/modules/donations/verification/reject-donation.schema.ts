import { z } from 'zod';
import { DONATION_STATUSES, ZReasonSchema, ZReferenceSchema } from '../donation-fields.schema.ts';

/** `donations.admin.reject` (finance): the reason is shown to the donor on the status page. */
export const ZRejectDonationRequestSchema = z.strictObject({ reference: ZReferenceSchema, reason: ZReasonSchema });
export type TRejectDonationRequest = z.input<typeof ZRejectDonationRequestSchema>;

/** POST /api/admin/donations/:reference/reject. */
export const ZRejectDonationRestRequestSchema = z.strictObject({ reason: ZReasonSchema });

export const ZRejectDonationResponseSchema = z.object({ reference: z.string(), status: z.enum(DONATION_STATUSES) });
export type TRejectDonationResponse = z.infer<typeof ZRejectDonationResponseSchema>;
