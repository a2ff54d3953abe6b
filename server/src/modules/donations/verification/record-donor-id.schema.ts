import { z } from 'zod';
import { aadhaarProblem, normaliseAadhaar } from '#server/modules/kanyadan/submission/aadhaar.schema';
import { ZReferenceSchema } from '../donation-fields.schema.ts';
import { OTHER_DONOR_ID_KINDS } from './donor-id.schema.ts';

/**
 * `donations.admin.recordDonorId` (finance): an ID of the donor other than a PAN, asked for after the
 * gift so that Form 10BD can list it (the missing-ID report names the gifts that need one). Aadhaar
 * is checked as the Kanyadan form checks it; the other documents by their shape only.
 */
export const DONOR_ID_KIND_REQUIRED = 'Choose the kind of ID';
export const DONOR_ID_INVALID = 'Enter the ID number: 4 to 30 letters or digits.';

export const ZRecordDonorIdRequestSchema = z
  .strictObject({
    reference: ZReferenceSchema,
    kind: z.enum(OTHER_DONOR_ID_KINDS, { error: DONOR_ID_KIND_REQUIRED }),
    number: z.string({ error: DONOR_ID_INVALID }).max(40, DONOR_ID_INVALID),
  })
  .transform((input) => ({ ...input, number: input.kind === 'aadhaar' ? normaliseAadhaar(input.number) : input.number.replace(/[\s-]/g, '').toUpperCase() }))
  .superRefine((input, context) => {
    const problem = input.kind === 'aadhaar' ? aadhaarProblem(input.number) : /^[A-Z0-9/]{4,30}$/.test(input.number) ? null : DONOR_ID_INVALID;
    if (problem) context.addIssue({ code: 'custom', path: ['number'], message: problem });
  });
export type TRecordDonorIdRequest = z.input<typeof ZRecordDonorIdRequestSchema>;

export const ZRecordDonorIdResponseSchema = z.object({ reference: z.string(), kind: z.enum(OTHER_DONOR_ID_KINDS) });
export type TRecordDonorIdResponse = z.infer<typeof ZRecordDonorIdResponseSchema>;
