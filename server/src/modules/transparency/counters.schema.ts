import { z } from 'zod';

/** Live counters: verified data plus the admin-set baseline for history before the platform. */
export const ZCountersSchema = z.object({
  happyDonors: z.number().int(),
  fundsRaisedPaise: z.number().int(),
  ongoingCampaigns: z.number().int(),
  peopleHelped: z.number().int(),
  kanyadanGirls: z.number().int(),
  kanyadanFundsPaise: z.number().int(),
  kanyadanDistricts: z.number().int(),
});
export type TCounters = z.infer<typeof ZCountersSchema>;
