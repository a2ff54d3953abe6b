import type { Queryable } from '#server/db/db';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import type { Services } from '#server/services';
import type { TWebVitalsReport, TWebVitalsSummary } from './web-vitals.schema.ts';

export const UNKNOWN_PAGE = 'Not a page of this site';

/** How far back the admin dashboard looks, as the Chrome UX Report does. */
export const WEB_VITALS_DAYS = 28;

/**
 * Stores one sampled visit's Core Web Vitals. Nothing about the visitor is kept (the address only
 * counts against the rate limit); a visit that measured nothing is not stored.
 */
export async function recordWebVitals(services: Services, report: TWebVitalsReport, ip: string | null): Promise<void> {
  const now = services.now();
  if (ip) await consumeRateLimit(services.db, addressBucket('web-vitals', ip), services.limits.webVitalsPerIp, now);
  if (report.lcp === null && report.inp === null && report.cls === null) return;
  await services.db.query(`INSERT INTO web_vitals (page, lcp_ms, inp_ms, cls, recorded_at) VALUES ($1, $2, $3, $4, $5)`, [
    report.page,
    report.lcp,
    report.inp,
    report.cls,
    now,
  ]);
}

/** The 75th percentile of each metric per page over the last `days` days (the figure Core Web Vitals are judged by). */
export async function summarizeWebVitals(db: Queryable, now: Date, days = WEB_VITALS_DAYS): Promise<TWebVitalsSummary> {
  const { rows } = await db.query<{ page: string; visits: number; lcp: number | null; inp: number | null; cls: number | null }>(
    `SELECT page, count(*)::int AS visits,
            percentile_cont(0.75) WITHIN GROUP (ORDER BY lcp_ms) AS lcp,
            percentile_cont(0.75) WITHIN GROUP (ORDER BY inp_ms) AS inp,
            percentile_cont(0.75) WITHIN GROUP (ORDER BY cls) AS cls
     FROM web_vitals WHERE recorded_at > $1
     GROUP BY page ORDER BY count(*) DESC, page LIMIT 100`,
    [new Date(now.getTime() - days * 24 * 60 * 60 * 1000)],
  );
  const round = (value: number | null, digits: number) => (value === null ? null : Number(Number(value).toFixed(digits)));
  return {
    days,
    pages: rows.map((row) => ({ page: row.page, visits: row.visits, lcpMs: round(row.lcp, 0), inpMs: round(row.inp, 0), cls: round(row.cls, 3) })),
  };
}
