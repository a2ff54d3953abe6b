-- Up Migration

-- A flagged online payment marked resolved by finance, with what was done (issue 33, decision 081).
-- Projection "online_payment_flags": OnlinePaymentFlagResolved (stream online-payment-<payment ID>, once
-- per flag) fills these; null while the flag is open. The note is finance's words about a payment;
-- resolved_by an account ID. No donor's personal data.
ALTER TABLE online_payment_flags ADD COLUMN resolved_at timestamptz;
ALTER TABLE online_payment_flags ADD COLUMN resolved_by text;
ALTER TABLE online_payment_flags ADD COLUMN resolution_note text;

-- Down Migration
ALTER TABLE online_payment_flags DROP COLUMN resolution_note;
ALTER TABLE online_payment_flags DROP COLUMN resolved_by;
ALTER TABLE online_payment_flags DROP COLUMN resolved_at;
