import { z } from 'zod';
import { DONATION_STATUSES, ZLookupContactSchema, ZReferenceSchema, ZUtrSchema } from '../donation-fields.schema.ts';

/** The form fields of a proof: the contact given with the donation (which proves it is the donor's) and the UTR. */
export const PROOF_FIELDS = { contact: ZLookupContactSchema, utr: ZUtrSchema };

/** `donations.submitProof` (public): the UTR without a screenshot (a screenshot goes to POST /api/donations/:reference/proof). */
export const ZSubmitProofRequestSchema = z.strictObject({ reference: ZReferenceSchema, ...PROOF_FIELDS });
export type TSubmitProofRequest = z.input<typeof ZSubmitProofRequestSchema>;

/** POST /api/donations/:reference/proof: multipart fields `contact` and `utr` (and the file `screenshot`), or the same as JSON. */
export const ZProofFormSchema = z.strictObject(PROOF_FIELDS);
export type TProofForm = z.input<typeof ZProofFormSchema>;

export const ZSubmitProofResponseSchema = z.object({ reference: z.string(), status: z.enum(DONATION_STATUSES) });
export type TSubmitProofResponse = z.infer<typeof ZSubmitProofResponseSchema>;

/** The screenshot: JPEG, PNG or WebP, at most 5 MB (PRODUCT.md §11). */
export const PROOF_SCREENSHOT_FIELD = 'screenshot';
export const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;
