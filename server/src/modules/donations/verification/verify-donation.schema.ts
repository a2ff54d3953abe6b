import { z } from 'zod';
import { checkInstrumentNumber, DONATION_STATUSES, ZDateSchema, ZDonationTypeSchema, ZModeSchema, ZOptionalInstrumentNumberSchema, ZReferenceSchema, ZUtrSchema } from '../donation-fields.schema.ts';

const VERIFY_FIELDS = {
  /** The day the money arrived (YYYY-MM-DD); its financial year is the receipt's. */
  receivedOn: ZDateSchema,
  mode: ZModeSchema,
  /** The cheque or DD number: required for those two modes, refused for the others. */
  instrumentNumber: ZOptionalInstrumentNumberSchema,
  /**
   * The UTR the admin matched with the bank statement (the console always sends it): if the donor
   * changed the proof since, the verification is refused, so the UTR claimed is the one checked.
   */
  utr: ZUtrSchema.optional(),
  /** Form 10BD's nature of the gift (corpus, specific grant, others); absent: the default of its cause (decision 057). */
  donationType: ZDonationTypeSchema.optional(),
};

/** `donations.admin.verify` (finance). */
export const ZVerifyDonationRequestSchema = z.strictObject({ reference: ZReferenceSchema, ...VERIFY_FIELDS }).superRefine(checkInstrumentNumber);
export type TVerifyDonationRequest = z.input<typeof ZVerifyDonationRequestSchema>;

/** POST /api/admin/donations/:reference/verify. */
export const ZVerifyDonationRestRequestSchema = z.strictObject(VERIFY_FIELDS).superRefine(checkInstrumentNumber);

export const ZVerifyDonationResponseSchema = z.object({ reference: z.string(), status: z.enum(DONATION_STATUSES), receiptSerial: z.string() });
export type TVerifyDonationResponse = z.infer<typeof ZVerifyDonationResponseSchema>;
