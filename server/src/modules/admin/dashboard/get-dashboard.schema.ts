import { z } from 'zod';

export const ZAdminDashboardResponseSchema = z.object({ memberCount: z.number().int().min(0) });
export type TAdminDashboardResponse = z.infer<typeof ZAdminDashboardResponseSchema>;
