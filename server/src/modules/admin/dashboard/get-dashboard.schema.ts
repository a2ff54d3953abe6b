import { z } from 'zod';
import { ZSetupItemSchema } from '#server/modules/site/setup-checklist.schema';

export const ZAdminDashboardResponseSchema = z.object({
  memberCount: z.number().int().min(0),
  /** What the public pages, receipts and payments still need from the settings (issue 15); empty once all is set. */
  setupMissing: z.array(ZSetupItemSchema),
});
export type TAdminDashboardResponse = z.infer<typeof ZAdminDashboardResponseSchema>;
