import { z } from 'zod';
import {
  checkDonor,
  checkInstrumentDetails,
  checkInstrumentDetailsGiven,
  checkInstrumentNumber,
  DONOR_FIELDS,
  ZAmountPaiseSchema,
  ZAmountRupeesSchema,
  ZDateSchema,
  ZDonationTypeSchema,
  ZOfflineModeSchema,
  ZOptionalInstrumentBankSchema,
  ZOptionalInstrumentDateSchema,
  ZOptionalInstrumentNumberSchema,
} from '../donation-fields.schema.ts';

const OFFLINE_FIELDS = {
  ...DONOR_FIELDS,
  /** Cash, cheque or demand draft, received at the office. */
  mode: ZOfflineModeSchema,
  /** The cheque or DD number (its reference); none for cash. */
  instrumentNumber: ZOptionalInstrumentNumberSchema,
  /** The bank a cheque or DD is drawn on and the date on it (issue 31): optional, given together. */
  instrumentBank: ZOptionalInstrumentBankSchema,
  instrumentDate: ZOptionalInstrumentDateSchema,
  receivedOn: ZDateSchema,
  /** Form 10BD's nature of the gift; absent: the default of its cause (decision 057). */
  donationType: ZDonationTypeSchema.optional(),
};

type OfflineChecked = {
  email?: string | null;
  phone?: string | null;
  pan?: string | null;
  panName?: string | null;
  mode: string;
  instrumentNumber?: string | null;
  instrumentBank?: string | null;
  instrumentDate?: string | null;
  citizenship?: string;
  country?: string;
};

function checkOffline(value: OfflineChecked, ctx: z.RefinementCtx): void {
  checkDonor(value, ctx);
  checkInstrumentNumber(value, ctx);
  checkInstrumentDetails(value, ctx);
}

/** `donations.admin.recordOffline` (finance): a gift received at the office, verified on entry. Up to ₹9,99,99,999. */
export const ZRecordOfflineDonationRequestSchema = z.strictObject({ amountPaise: ZAmountPaiseSchema, ...OFFLINE_FIELDS }).superRefine(checkOffline);
export type TRecordOfflineDonationRequest = z.input<typeof ZRecordOfflineDonationRequestSchema>;

/** The office's web form: the same, and a cheque or DD is entered with its bank and date. */
export const ZRecordOfflineDonationFormSchema = ZRecordOfflineDonationRequestSchema.superRefine((value: OfflineChecked, ctx) => checkInstrumentDetailsGiven(value, ctx));
export type TRecordOfflineDonationInput = z.output<typeof ZRecordOfflineDonationRequestSchema>;

/** POST /api/admin/donations/offline: the same with `amount` in rupees. */
export const ZRecordOfflineDonationRestRequestSchema = z.strictObject({ amount: ZAmountRupeesSchema, ...OFFLINE_FIELDS }).superRefine(checkOffline);

export const ZRecordOfflineDonationResponseSchema = z.object({ reference: z.string(), receiptSerial: z.string() });
export type TRecordOfflineDonationResponse = z.infer<typeof ZRecordOfflineDonationResponseSchema>;
