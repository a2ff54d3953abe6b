import type { Queryable } from '#server/db/db';
import { indiaDateOf, sumDonationsReceivedByMonth } from '#server/modules/donations/donations.api';
import { countHelpRequestsByStatus, sumWithdrawalsPaidByMonth } from '#server/modules/help/help.api';
import { HELP_STATUS_VALUES } from '#server/modules/help/help.schema';
import { countApplicationsByWeekAndState, sumBenefitsPaidByMonth } from '#server/modules/kanyadan/kanyadan.api';
import type { IndianState } from '#server/modules/kanyadan/kanyadan-rules.schema';
import { CHART_MONTHS, CHART_TOP_STATES, CHART_WEEKS, type ChartStateGroup, type TChartsResponse, type TKanyadanWeek } from './charts.schema.ts';

const DAY_MS = 86_400_000;

/** A calendar date (YYYY-MM-DD) `days` later (or earlier); dates are worked on as UTC midnights, which have no daylight saving. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` months up to and including the month of `today` (YYYY-MM-DD), oldest first. */
export function monthsEndingWith(today: string, count: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, index) => new Date(Date.UTC(year, month - (count - 1 - index), 1)).toISOString().slice(0, 7));
}

/** The Mondays of the `count` ISO weeks up to and including the week of `today` (YYYY-MM-DD), oldest first. */
export function weeksEndingWith(today: string, count: number): string[] {
  const sinceMonday = (new Date(`${today}T00:00:00.000Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, -sinceMonday);
  return Array.from({ length: count }, (_, index) => addDays(monday, -7 * (count - 1 - index)));
}

/** The first day of the month after `month` (YYYY-MM). */
function firstDayAfter(month: string): string {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 10);
}

/** The moment a day starts in India (UTC+05:30 all year). */
function indiaMidnight(date: string): Date {
  return new Date(`${date}T00:00:00.000+05:30`);
}

/** One value per month of the window, 0 for a month without a row. */
function fillMonths<T>(months: readonly string[], rows: ReadonlyArray<{ month: string } & T>, zero: T): T[] {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return months.map((month) => byMonth.get(month) ?? zero);
}

/**
 * The weeks broken down by state: the CHART_TOP_STATES states with the most applications in the
 * window (ties by name, so the order is stable), and "other" for the rest when any other state had
 * one. Every week of the window is listed, an empty one with zeros.
 */
export function groupWeeksByState(
  weeks: readonly string[],
  rows: ReadonlyArray<{ weekStart: string; state: IndianState; count: number }>,
  top = CHART_TOP_STATES,
): TChartsResponse['kanyadanByWeek'] {
  const totals = new Map<IndianState, number>();
  for (const row of rows) totals.set(row.state, (totals.get(row.state) ?? 0) + row.count);
  const ranked = [...totals].sort(([stateA, countA], [stateB, countB]) => countB - countA || stateA.localeCompare(stateB)).map(([state]) => state);
  const named = new Set<IndianState>(ranked.slice(0, top));
  const states: ChartStateGroup[] = ranked.length > top ? [...named, 'other'] : [...named];
  const groupOf = (state: IndianState): ChartStateGroup => (named.has(state) ? state : 'other');
  return {
    states,
    weeks: weeks.map((weekStart): TKanyadanWeek => {
      const counts = new Map<ChartStateGroup, number>();
      for (const row of rows) if (row.weekStart === weekStart) counts.set(groupOf(row.state), (counts.get(groupOf(row.state)) ?? 0) + row.count);
      const byState = states.map((state) => ({ state, count: counts.get(state) ?? 0 }));
      return { weekStart, total: byState.reduce((sum, group) => sum + group.count, 0), byState };
    }),
  };
}

/**
 * `admin.getCharts`: the dashboard's charts (issue 15), aggregates only — sums and counts, nobody
 * named. Each module sums its own tables (donations, Kanyadan, help, through their .api.ts); the
 * windows end with the month and the ISO week of the server's clock in India. Counted afresh on
 * each call through indexes (bench:admin gives the figures at 2,00,000 donations), like the queues.
 */
export async function getCharts(services: { db: Queryable; now: () => Date }): Promise<TChartsResponse> {
  const now = services.now();
  const today = indiaDateOf(now);
  const months = monthsEndingWith(today, CHART_MONTHS);
  const monthRange = { from: `${months[0]!}-01`, to: firstDayAfter(months.at(-1)!) };
  const weeks = weeksEndingWith(today, CHART_WEEKS);
  const weekRange = { from: indiaMidnight(weeks[0]!), to: indiaMidnight(addDays(weeks.at(-1)!, 7)) };
  const [donations, applications, helpRequests, benefits, withdrawals] = await Promise.all([
    sumDonationsReceivedByMonth(services.db, monthRange),
    countApplicationsByWeekAndState(services.db, weekRange),
    countHelpRequestsByStatus(services.db),
    sumBenefitsPaidByMonth(services.db, monthRange),
    sumWithdrawalsPaidByMonth(services.db, monthRange),
  ]);
  const none = { paise: 0, count: 0 };
  const benefitsByMonth = fillMonths(months, benefits, none);
  const withdrawalsByMonth = fillMonths(months, withdrawals, none);
  const helpCounts = new Map(helpRequests.map((row) => [row.status, row.count]));
  return {
    donationsByMonth: fillMonths(months, donations, none).map(({ paise, count }, index) => ({ month: months[index]!, amountPaise: paise, count })),
    kanyadanByWeek: groupWeeksByState(weeks, applications),
    helpByStatus: HELP_STATUS_VALUES.map((status) => ({ status, count: helpCounts.get(status) ?? 0 })),
    disbursementsByMonth: months.map((month, index) => ({
      month,
      kanyadanPaise: benefitsByMonth[index]!.paise,
      kanyadanCount: benefitsByMonth[index]!.count,
      helpPaise: withdrawalsByMonth[index]!.paise,
      helpCount: withdrawalsByMonth[index]!.count,
    })),
    asOf: now.toISOString(),
  };
}
