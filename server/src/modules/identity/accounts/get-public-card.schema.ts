import { z } from 'zod';
import { ZUserIdSchema } from '../fields.schema.ts';

export const ZGetPublicCardRequestSchema = z.strictObject({ userId: ZUserIdSchema });
export const ZPublicCardSchema = z.object({ userId: z.string(), fullName: z.string() });
export type TPublicCard = z.infer<typeof ZPublicCardSchema>;
