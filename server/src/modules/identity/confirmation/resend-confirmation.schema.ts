import { z } from 'zod';

export const ZResendConfirmationResponseSchema = z.object({ ok: z.literal(true) });
