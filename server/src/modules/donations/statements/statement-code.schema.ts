import { z } from 'zod';
import { ZLookupContactSchema } from '../donation-fields.schema.ts';

/**
 * The one-time code that proves a donor holds an e-mail address or phone (issue 29, decision 040):
 * asked for with the contact, entered with the contact and the code; a right code gives a proof
 * that downloads the contact's yearly statements for a while.
 */
export const STATEMENT_CODE_FORMAT = 'Enter the 6-digit code we sent you.';
export const STATEMENT_PROOF_MALFORMED = 'This download link is not valid. Please ask for a new code.';

export const ZRequestStatementCodeRequestSchema = z.strictObject({ contact: ZLookupContactSchema });
export type TRequestStatementCodeRequest = z.input<typeof ZRequestStatementCodeRequestSchema>;
export const ZRequestStatementCodeResponseSchema = z.object({ message: z.string() });

export const ZVerifyStatementCodeRequestSchema = z.strictObject({
  contact: ZLookupContactSchema,
  code: z
    .string({ error: STATEMENT_CODE_FORMAT })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, STATEMENT_CODE_FORMAT)),
});
export type TVerifyStatementCodeRequest = z.input<typeof ZVerifyStatementCodeRequestSchema>;
export const ZVerifyStatementCodeResponseSchema = z.object({
  /** Pass as ?proof= to GET /api/donations/statement.pdf until `expiresAt`. */
  proof: z.string(),
  expiresAt: z.string(),
});
export type TVerifyStatementCodeResponse = z.infer<typeof ZVerifyStatementCodeResponseSchema>;

/** A proof as verifyStatementCode gives it: the code's ID and a MAC (letters, digits, - and _). */
export const ZStatementProofSchema = z.string().trim().min(1).max(200).regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{20,100}$/, STATEMENT_PROOF_MALFORMED);
