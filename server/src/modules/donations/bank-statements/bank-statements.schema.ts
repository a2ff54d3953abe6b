import { z } from 'zod';

/**
 * Bank-statement matching (issue 13): the columns an admin chooses for a bank's layout, and what
 * an uploaded statement answers. Amounts are paise; references as people read them (ABCD-2345).
 */

export const COLUMN_REQUIRED = 'Choose the column';
export const MAPPING_INVALID = 'The columns must be given as JSON: {"date": "...", "narration": "...", "reference": "...", "credit": "..."}.';
export const STATEMENT_NOT_FOUND = 'This statement has not been uploaded.';

const ZColumnNameSchema = z.string({ error: COLUMN_REQUIRED }).trim().min(1, COLUMN_REQUIRED).max(200, COLUMN_REQUIRED);

export const ZStatementColumnsSchema = z.strictObject({
  date: ZColumnNameSchema,
  narration: ZColumnNameSchema,
  /** Some banks have no separate reference column: the UTR is then read from the narration alone. */
  reference: ZColumnNameSchema.nullable().default(null),
  /** The credit column; or the column of amounts both ways, each marked Cr or Dr (by `direction`, or on the amount). */
  credit: ZColumnNameSchema,
  /**
   * The column saying Dr or Cr of each amount (Kotak's "Dr / Cr"); null when there is none. Left
   * out, it is the one remembered or guessed for the layout when the credit column is theirs.
   */
  direction: ZColumnNameSchema.nullable().optional(),
});
export type TStatementColumns = z.output<typeof ZStatementColumnsSchema>;

/** The multipart form's text field: `mapping`, the columns as JSON, optional. */
export const ZStatementFormFieldsSchema = z.strictObject({ mapping: z.string().max(2_000, MAPPING_INVALID).optional() });

export const ZStatementIdParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, STATEMENT_NOT_FOUND) });

const ZLineSchema = z.object({
  line: z.number().int(),
  date: z.string(),
  narration: z.string(),
  reference: z.string(),
  amountPaise: z.number().int(),
  utrs: z.array(z.string()),
});
export type TStatementLine = z.infer<typeof ZLineSchema>;

export const ZBankStatementSchema = z.object({
  id: z.string(),
  columns: ZStatementColumnsSchema,
  creditLines: z.number().int(),
  /** UTR and amount agree with a pledge whose proof is in: verified in one action. */
  sure: z.array(ZLineSchema.extend({ reference: z.string() })),
  /** Amount and date agree (or the UTR, with another amount): for a person to decide. */
  possible: z.array(ZLineSchema.extend({ references: z.array(z.string()) })),
  unmatched: z.array(ZLineSchema),
  /** UTR and amount agree with a donation verified already (from this statement, or by hand): nothing to do. */
  verified: z.array(ZLineSchema.extend({ reference: z.string() })),
});
export type TBankStatement = z.infer<typeof ZBankStatementSchema>;

export const ZStatementColumnsPreviewSchema = z.object({
  headers: z.array(z.string()),
  /** Remembered for this layout, else guessed from the header names; null when neither. */
  columns: ZStatementColumnsSchema.nullable(),
  isRemembered: z.boolean(),
});
export type TStatementColumnsPreview = z.infer<typeof ZStatementColumnsPreviewSchema>;

export const ZVerifySureMatchesResponseSchema = z.object({
  verified: z.array(z.object({ line: z.number().int(), reference: z.string(), receiptSerial: z.string() })),
  /** Sure matches the verification refused (a date before the pledge, verified meanwhile): with the reason. */
  refused: z.array(z.object({ line: z.number().int(), reference: z.string(), message: z.string() })),
  statement: ZBankStatementSchema,
});
export type TVerifySureMatchesResponse = z.infer<typeof ZVerifySureMatchesResponseSchema>;
