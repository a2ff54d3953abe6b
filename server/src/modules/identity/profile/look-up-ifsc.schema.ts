import { z } from 'zod';
import { IFSC_PATTERN } from './profile.schema.ts';

export const IFSC_SHAPE_INVALID = 'Enter an 11-character IFSC like SBIN0001234';

/** An IFSC as a form holds it while the member types: any case, spaces around. */
export const ZLookUpIfscRequestSchema = z.strictObject({
  ifsc: z.string({ error: IFSC_SHAPE_INVALID }).max(20, IFSC_SHAPE_INVALID).trim().toUpperCase().regex(IFSC_PATTERN, IFSC_SHAPE_INVALID),
});
export type TLookUpIfscRequest = z.input<typeof ZLookUpIfscRequestSchema>;

/** `bankName` is null exactly when the IFSC is not in the banks' published list. */
export const ZIfscLookupSchema = z.object({ ifsc: z.string(), isInList: z.boolean(), bankName: z.string().nullable() });
export type TIfscLookup = z.infer<typeof ZIfscLookupSchema>;
