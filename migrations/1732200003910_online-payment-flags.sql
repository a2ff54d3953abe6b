-- Up Migration

-- Online payments that verified nothing, for finance to look into (issue 33, decision 069).
-- Projection "online_payment_flags" (inline: the finance screen lists a flag at once): one row per
-- OnlinePaymentFlagged (stream online-payment-<payment ID>, recorded once per payment). IDs and
-- amounts only: no personal data, so no erasure touches it.
CREATE TABLE online_payment_flags (
  payment_id      text PRIMARY KEY,
  gateway         text NOT NULL,
  order_id        text,
  reference       text,
  reason          text NOT NULL,
  paid_paise      bigint NOT NULL,
  paid_currency   text NOT NULL,
  expected_paise  bigint,
  flagged_at      timestamptz NOT NULL
);
CREATE INDEX online_payment_flags_flagged_idx ON online_payment_flags (flagged_at DESC);

-- Flags recorded before this table: what a replay of their events gives, so that replay equals live.
INSERT INTO online_payment_flags (payment_id, gateway, order_id, reference, reason, paid_paise, paid_currency, expected_paise, flagged_at)
SELECT data->>'paymentId', data->>'gateway', data->>'orderId', data->>'reference', data->>'reason', (data->>'paidPaise')::bigint,
       data->>'paidCurrency', (data->>'expectedPaise')::bigint, (data->>'flaggedAt')::timestamptz
  FROM events WHERE type = 'OnlinePaymentFlagged'
ON CONFLICT (payment_id) DO NOTHING;

-- Down Migration
DROP TABLE online_payment_flags;
