-- Up Migration

-- The nightly check compares the gateway's settlements too (issue 33, decision 081). Projection
-- "online_payment_checks": each day's settlement summary (payments settled that day, their amounts,
-- Razorpay's fees, what reached the bank; how many payments captured a settlement window before were
-- looked for) as JSON, null for a check recorded before. IDs and amounts only: no personal data.
ALTER TABLE online_payment_checks ADD COLUMN settlements jsonb;

-- No check recorded before this version carries settlements: null is what a replay gives them.

-- The check looks donations up by the payments a settlement names.
CREATE INDEX donations_payment_id_idx ON donations (payment_id) WHERE payment_id IS NOT NULL;

-- Down Migration
DROP INDEX donations_payment_id_idx;
ALTER TABLE online_payment_checks DROP COLUMN settlements;
