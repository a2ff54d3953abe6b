import { adminProcedure } from '#server/trpc/procedures';
import type { Services } from '#server/services';
import { formatReference } from '../donation-fields.schema.ts';
import type { OnlinePaymentFlagReason } from '../donations.events.ts';
import { FLAGGED_PAYMENTS_LIMIT, ONLINE_PAYMENT_CHECKS_SHOWN, type TOnlinePaymentCheck, ZFlaggedPaymentsRequestSchema, ZFlaggedPaymentsResponseSchema, type TFlaggedPaymentsResponse } from './flagged-payments.schema.ts';

interface FlagRow {
  payment_id: string;
  order_id: string | null;
  reference: string | null;
  reason: OnlinePaymentFlagReason;
  paid_paise: string | number;
  paid_currency: string;
  expected_paise: string | number | null;
  flagged_at: Date | string;
  resolved_at: Date | string | null;
  resolution_note: string | null;
  total: number;
  open_count: number;
}

/** The flags from the read model, open ones first, with how many there are in all and open, and the newest nightly checks. */
export async function getFlaggedPayments(services: Pick<Services, 'db'>): Promise<TFlaggedPaymentsResponse> {
  const { rows } = await services.db.query<FlagRow>(
    `SELECT payment_id, order_id, reference, reason, paid_paise, paid_currency, expected_paise, flagged_at, resolved_at, resolution_note,
            count(*) OVER ()::int AS total, (count(*) FILTER (WHERE resolved_at IS NULL) OVER ())::int AS open_count
       FROM online_payment_flags ORDER BY resolved_at IS NOT NULL, resolved_at DESC, flagged_at DESC, payment_id LIMIT $1`,
    [FLAGGED_PAYMENTS_LIMIT],
  );
  const checks = await services.db.query<{ date: string; captured_count: number; captured_paise: string | number; verified_count: number; verified_paise: string | number; differences: TOnlinePaymentCheck['differences']; settlements: TOnlinePaymentCheck['settlements']; checked_at: Date | string }>(
    `SELECT date::text AS date, captured_count, captured_paise, verified_count, verified_paise, differences, settlements, checked_at FROM online_payment_checks ORDER BY date DESC LIMIT $1`,
    [ONLINE_PAYMENT_CHECKS_SHOWN],
  );
  return {
    checks: checks.rows.map((row) => ({
      date: row.date,
      capturedCount: row.captured_count,
      capturedPaise: Number(row.captured_paise),
      verifiedCount: row.verified_count,
      verifiedPaise: Number(row.verified_paise),
      differences: row.differences,
      settlements: row.settlements ?? null,
      checkedAt: new Date(row.checked_at).toISOString(),
    })),
    total: rows[0]?.total ?? 0,
    openCount: rows[0]?.open_count ?? 0,
    items: rows.map((row) => ({
      paymentId: row.payment_id,
      orderId: row.order_id,
      reference: row.reference ? formatReference(row.reference) : null,
      reason: row.reason,
      paidPaise: Number(row.paid_paise),
      paidCurrency: row.paid_currency,
      expectedPaise: row.expected_paise === null ? null : Number(row.expected_paise),
      flaggedAt: new Date(row.flagged_at).toISOString(),
      resolution: row.resolved_at === null ? null : { resolvedAt: new Date(row.resolved_at).toISOString(), note: row.resolution_note ?? '' },
    })),
  };
}

/** Finance only: the list names payments and donations, not people. */
export const flaggedPaymentsRoute = adminProcedure('finance')
  .input(ZFlaggedPaymentsRequestSchema)
  .output(ZFlaggedPaymentsResponseSchema)
  .query(({ ctx }) => getFlaggedPayments(ctx.services));
