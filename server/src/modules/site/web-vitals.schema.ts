import { z } from 'zod';

/** A page as the client names it: a route pattern such as `/`, `/KanyadanYojna`, `/admin` or `404`. */
export const WEB_VITALS_PAGE_PATTERN = /^(?:\/[A-Za-z0-9_:-]*){1,4}$|^404$/;
const milliseconds = z.number().int('A whole number of milliseconds').min(0, 'Cannot be negative').max(120_000, 'At most 120,000 ms');

/**
 * What a sampled browser reports as it leaves a page (sendBeacon). A metric it could not measure
 * (no interaction, so no INP; a browser without the API) is null.
 */
export const ZWebVitalsReportSchema = z.strictObject({
  page: z.string().max(60, 'At most 60 characters').regex(WEB_VITALS_PAGE_PATTERN, 'A route pattern such as /contact'),
  lcp: milliseconds.nullable(),
  inp: milliseconds.nullable(),
  cls: z.number().min(0, 'Cannot be negative').max(100, 'At most 100').nullable(),
});
export type TWebVitalsReport = z.infer<typeof ZWebVitalsReportSchema>;

const p75 = z.number().nullable();
export const ZWebVitalsSummarySchema = z.object({
  days: z.number().int(),
  pages: z.array(z.object({ page: z.string(), visits: z.number().int(), lcpMs: p75, inpMs: p75, cls: p75 })),
});
export type TWebVitalsSummary = z.infer<typeof ZWebVitalsSummarySchema>;
