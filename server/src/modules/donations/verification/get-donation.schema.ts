import { z } from 'zod';
import { CITIZENSHIPS, DONATION_MODES, DONATION_TYPES, ZReferenceSchema } from '../donation-fields.schema.ts';
import { OTHER_DONOR_ID_KINDS } from './donor-id.schema.ts';
import { ZAdminDonationSchema } from './get-many-donations.schema.ts';

/** `donations.admin.get` (finance): one donation with the donor's details, the proof and its history. */
export const ZGetDonationRequestSchema = z.strictObject({ reference: ZReferenceSchema });
export type TGetDonationRequest = z.input<typeof ZGetDonationRequestSchema>;

export const ZDonationDetailSchema = ZAdminDonationSchema.extend({
  pan: z.string().nullable(),
  /** Another ID of the donor, recorded by finance for Form 10BD (asked for when there is no PAN). */
  donorId: z.object({ kind: z.enum(OTHER_DONOR_ID_KINDS), number: z.string() }).nullable(),
  /** The name as on the PAN (Latin letters) for Form 10BD: given with the gift or recorded by finance; null when none. */
  panName: z.string().nullable(),
  /** Form 10BD's nature of the gift, chosen at verification; null before it. */
  donationType: z.enum(DONATION_TYPES).nullable(),
  address: z.string().nullable(),
  showName: z.boolean(),
  referrerId: z.string().nullable(),
  /** The help request the gift was given for (earmarked to it once verified); null for any other gift. */
  helpRequestId: z.string().nullable(),
  /** What the donor declared; null when they did not (a domestic gift, decision 058). A foreign contribution is matched against the FCRA account. */
  citizenship: z.enum(CITIZENSHIPS).nullable(),
  /** A foreign citizen's country (ISO 3166-1 alpha-2). */
  country: z.string().nullable(),
  memberId: z.string().nullable(),
  receivedOn: z.string().nullable(),
  mode: z.enum(DONATION_MODES).nullable(),
  instrumentNumber: z.string().nullable(),
  reason: z.string().nullable(),
  /** The processed screenshot, through the finance-only route; null while there is none. */
  screenshotUrl: z.string().nullable(),
  /** The receipt PDF (as issued, or marked CANCELLED), through the finance route; null until it is ready. */
  receiptUrl: z.string().nullable(),
  /**
   * The payment gateway's side (issue 33, decision 069), for a donation that had an order: the payment
   * that verified it, its refund (asked for, taken by the gateway, failed, or processed), and the
   * donor's attempts that failed. Absent for any other donation.
   */
  online: z
    .object({
      orderId: z.string().nullable(),
      paymentId: z.string().nullable(),
      refund: z
        .object({ status: z.enum(['requested', 'pending', 'failed', 'processed']), refundId: z.string().nullable(), reason: z.string().nullable(), requestedAt: z.string().nullable() })
        .nullable(),
      failedPayments: z.array(z.object({ paymentId: z.string(), errorCode: z.string().nullable(), errorReason: z.string().nullable(), failedAt: z.string() })),
    })
    .optional(),
  /** What happened, in order, and who did it (a user ID, "system", or "anonymous" for the donor). */
  history: z.array(z.object({ type: z.string(), at: z.string(), actor: z.string() })),
});
export type TDonationDetail = z.infer<typeof ZDonationDetailSchema>;
export const ZGetDonationResponseSchema = ZDonationDetailSchema;
