import { z } from 'zod';
import {
  DONATION_CAUSES,
  DONATION_STATUSES,
  ZAmountPaiseSchema,
  ZAmountRupeesSchema,
  ZCauseSchema,
  ZDateSchema,
} from '../donation-fields.schema.ts';

export const DONATIONS_PAGE_SIZE = 50;
export const FILTER_STATUS_INVALID = 'Choose a state from the list';
export const FILTER_HAS_PAN_INVALID = 'Choose yes or no';
export const FILTER_PAGE_INVALID = 'Pages start at 1';

const ZStatusFilterSchema = z.enum(DONATION_STATUSES, { error: FILTER_STATUS_INVALID });
const ZPageSchema = z.number({ error: FILTER_PAGE_INVALID }).int(FILTER_PAGE_INVALID).min(1, FILTER_PAGE_INVALID).max(100_000, FILTER_PAGE_INVALID);

/** `donations.admin.getMany` (finance): the queue, filtered by state, cause, pledge dates (India), amount and PAN. */
export const ZGetManyDonationsRequestSchema = z.strictObject({
  status: ZStatusFilterSchema.optional(),
  cause: ZCauseSchema.optional(),
  /** Pledged on or after this day (YYYY-MM-DD, India). */
  from: ZDateSchema.optional(),
  /** Pledged on or before this day. */
  to: ZDateSchema.optional(),
  minAmountPaise: ZAmountPaiseSchema.optional(),
  maxAmountPaise: ZAmountPaiseSchema.optional(),
  hasPan: z.boolean({ error: FILTER_HAS_PAN_INVALID }).optional(),
  page: ZPageSchema.default(1),
});
export type TGetManyDonationsRequest = z.input<typeof ZGetManyDonationsRequestSchema>;
export type TDonationFilters = z.output<typeof ZGetManyDonationsRequestSchema>;

/** GET /api/admin/donations?status=&cause=&from=&to=&minAmount=&maxAmount=&hasPan=&page= (amounts in rupees). */
export const ZGetManyDonationsRestQuerySchema = z.strictObject({
  status: ZStatusFilterSchema.optional(),
  cause: ZCauseSchema.optional(),
  from: ZDateSchema.optional(),
  to: ZDateSchema.optional(),
  minAmount: ZAmountRupeesSchema.optional(),
  maxAmount: ZAmountRupeesSchema.optional(),
  hasPan: z.enum(['true', 'false'], { error: FILTER_HAS_PAN_INVALID }).optional(),
  page: z.string().regex(/^[1-9]\d{0,5}$/, FILTER_PAGE_INVALID).optional(),
});

export const ZAdminDonationSchema = z.object({
  reference: z.string(),
  status: z.enum(DONATION_STATUSES),
  amountPaise: z.number().int(),
  cause: z.enum(DONATION_CAUSES),
  channel: z.enum(['online', 'offline']),
  /** Null once the donor's personal data was erased. */
  donorName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  hasPan: z.boolean(),
  utr: z.string().nullable(),
  utrKind: z.enum(['upi-imps', 'neft-rtgs']).nullable(),
  screenshotStatus: z.enum(['processing', 'ready', 'rejected']).nullable(),
  pledgedAt: z.string(),
  proofAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  receiptSerial: z.string().nullable(),
});
export type TAdminDonation = z.infer<typeof ZAdminDonationSchema>;

export const ZGetManyDonationsResponseSchema = z.object({
  donations: z.array(ZAdminDonationSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TGetManyDonationsResponse = z.infer<typeof ZGetManyDonationsResponseSchema>;
