-- Up Migration

-- What the law keeps of a verified donation when its donor is erased (issue 29, docs/decisions/041):
-- its receipt data (name, PAN, address, amount, serial) sealed under a key of its own
-- (donation_receipt-<reference>), shown to finance only, until kept_until (the tax retention period
-- after the financial year), when the daily job destroys the key and sets record to NULL.
-- Projection "donations" (inline), from DonationReceiptRetained and RetainedReceiptShredded.
CREATE TABLE donation_receipt_retention (
  reference       text PRIMARY KEY,
  receipt_serial  text NOT NULL,
  financial_year  text NOT NULL,
  kept_until      date NOT NULL,
  record          jsonb,
  retained_at     timestamptz NOT NULL,
  shredded_at     timestamptz
);
CREATE INDEX donation_receipt_retention_due_idx ON donation_receipt_retention (kept_until) WHERE record IS NOT NULL;

-- Down Migration
DROP TABLE donation_receipt_retention;
