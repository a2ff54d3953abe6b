-- Up Migration

-- The nightly check of online payments (issue 33, decision 069). Projection "online_payment_checks"
-- (inline): one row per day in India (OnlinePaymentsChecked on online-payments-check-<date>), with the
-- gateway's captured payments and the donations verified online that day, and every difference
-- (kind, payment ID, reference, both amounts) as JSON. IDs and amounts only: no personal data.
CREATE TABLE online_payment_checks (
  date            date PRIMARY KEY,
  captured_count  integer NOT NULL,
  captured_paise  bigint NOT NULL,
  verified_count  integer NOT NULL,
  verified_paise  bigint NOT NULL,
  differences     jsonb NOT NULL,
  checked_at      timestamptz NOT NULL
);

-- Down Migration
DROP TABLE online_payment_checks;
