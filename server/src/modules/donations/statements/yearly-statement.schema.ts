import { z } from 'zod';
import { LOOKUP_CONTACT_INVALID, ZLookupContactSchema, ZReferenceSchema } from '../donation-fields.schema.ts';
import { ZFinancialYearSchema } from '../exports/exports.schema.ts';
import { ZStatementProofSchema } from './statement-code.schema.ts';

/**
 * A donor's yearly statement (issue 13): ?fy= and the ?proof= a right one-time code gave (decision
 * 040), or nothing more when signed in (their own gifts). ?reference= with ?contact= is still read,
 * as old clients send it, and answered 403: a reference anyone can create by pledging proves nothing.
 */
export const REFERENCE_WITH_CONTACT = 'Enter the reference of one of your donations in that year.';

export const ZYearlyStatementQuerySchema = z
  .strictObject({ fy: ZFinancialYearSchema, proof: ZStatementProofSchema.optional(), reference: ZReferenceSchema.optional(), contact: ZLookupContactSchema.optional() })
  .superRefine((query, context) => {
    if (query.reference !== undefined && query.contact === undefined) context.addIssue({ code: 'custom', path: ['contact'], message: LOOKUP_CONTACT_INVALID });
    if (query.contact !== undefined && query.reference === undefined) context.addIssue({ code: 'custom', path: ['reference'], message: REFERENCE_WITH_CONTACT });
  });
export type TYearlyStatementQuery = z.input<typeof ZYearlyStatementQuerySchema>;
