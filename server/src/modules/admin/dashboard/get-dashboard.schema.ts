import { z } from 'zod';
import { MONEY_SETTINGS } from '#server/modules/site/settings/settings.schema';
import { ZSetupItemSchema } from '#server/modules/site/settings/setup-checklist.schema';

/** How long the dashboard shows a change to where money goes (issue 29). */
export const MONEY_CHANGE_NOTICE_DAYS = 7;

export const ZAdminDashboardResponseSchema = z.object({
  memberCount: z.number().int().min(0),
  /** What the public pages, receipts and payments still need from the settings (issue 15); empty once all is set. */
  setupMissing: z.array(ZSetupItemSchema),
  /** Changes to where money goes in the last MONEY_CHANGE_NOTICE_DAYS days, newest first: who, when, which settings. */
  moneySettingsChanges: z.array(
    z.object({ at: z.string(), by: z.object({ id: z.string(), name: z.string().nullable() }), fields: z.array(z.enum(MONEY_SETTINGS)) }),
  ),
  /**
   * The tax-exemption approval and the FCRA registration within 90 days of the end of their validity,
   * or past it (issue 31): for finance and settings staff; empty for other staff.
   */
  validityWarnings: z.array(z.object({ kind: z.enum(['approval', 'fcra']), validUntil: z.string(), daysLeft: z.number().int() })),
});
export type TAdminDashboardResponse = z.infer<typeof ZAdminDashboardResponseSchema>;
