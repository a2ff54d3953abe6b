import { z } from 'zod';
import { DONATION_CAUSES, DONATION_STATUSES } from '../donation-fields.schema.ts';

/** `donations.getMine` (signed in): the member's own donations, newest first, with their receipts. */
export const ZMyDonationSchema = z.object({
  reference: z.string(),
  amountPaise: z.number().int(),
  cause: z.enum(DONATION_CAUSES),
  status: z.enum(DONATION_STATUSES),
  pledgedAt: z.string(),
  verifiedAt: z.string().nullable(),
  receiptSerial: z.string().nullable(),
  /** GET with the member's session: the receipt PDF (as issued, or marked CANCELLED); null until it is ready. */
  receiptUrl: z.string().nullable(),
});
export type TMyDonation = z.infer<typeof ZMyDonationSchema>;

export const ZGetMyDonationsResponseSchema = z.object({
  donations: z.array(ZMyDonationSchema),
  /** Verified and not cancelled, in paise: the "my verified giving" the impact card shows (it may lag a moment). */
  verifiedTotalPaise: z.number().int(),
});
export type TGetMyDonationsResponse = z.infer<typeof ZGetMyDonationsResponseSchema>;
