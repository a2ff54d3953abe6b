import { z } from 'zod';
import { HELP_STATUS_VALUES } from '#server/modules/help/help.schema';
import { INDIAN_STATES } from '#server/modules/kanyadan/kanyadan-rules.schema';

/** The dashboard's windows (issue 15): the last 12 months and the last 12 ISO weeks, the current one included, India time. */
export const CHART_MONTHS = 12;
export const CHART_WEEKS = 12;
/**
 * The weekly Kanyadan chart names the states with the most applications in its 12 weeks and adds
 * the rest up as "other": 36 states and territories side by side would be unreadable on a phone,
 * and a few states bring most applications.
 */
export const CHART_TOP_STATES = 4;
export const CHART_STATE_GROUPS = [...INDIAN_STATES, 'other'] as const;
export type ChartStateGroup = (typeof CHART_STATE_GROUPS)[number];

const ZMonthSchema = z.string().regex(/^\d{4}-\d{2}$/);
const ZCountSchema = z.number().int().min(0);
const ZPaiseSchema = z.number().int().min(0);

export const ZChartsResponseSchema = z.object({
  /** Verified donations by the month the money arrived: 12 months, oldest first, months without any at 0. */
  donationsByMonth: z.array(z.object({ month: ZMonthSchema, amountPaise: ZPaiseSchema, count: ZCountSchema })),
  kanyadanByWeek: z.object({
    /** The groups the weeks are broken down into, biggest first: the top states, then "other" if any other state had one. */
    states: z.array(z.enum(CHART_STATE_GROUPS)),
    /** 12 ISO weeks, oldest first; `byState` in the order of `states`. */
    weeks: z.array(
      z.object({
        /** The Monday the week starts on (YYYY-MM-DD, India). */
        weekStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        total: ZCountSchema,
        byState: z.array(z.object({ state: z.enum(CHART_STATE_GROUPS), count: ZCountSchema })),
      }),
    ),
  }),
  /** Every help request by its status now, each status listed (0 when none). */
  helpByStatus: z.array(z.object({ status: z.enum(HELP_STATUS_VALUES), count: ZCountSchema })),
  /** Money paid out to beneficiaries by the month it was paid: Kanyadan benefits and help withdrawals (net of the admin charge). */
  disbursementsByMonth: z.array(
    z.object({ month: ZMonthSchema, kanyadanPaise: ZPaiseSchema, kanyadanCount: ZCountSchema, helpPaise: ZPaiseSchema, helpCount: ZCountSchema }),
  ),
  /** The server's clock when counted: the windows end with its month and week in India. */
  asOf: z.string().datetime(),
});
export type TChartsResponse = z.infer<typeof ZChartsResponseSchema>;
export type TKanyadanWeek = TChartsResponse['kanyadanByWeek']['weeks'][number];
