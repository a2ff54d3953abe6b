-- Up Migration

-- The public /transparency page's list of money paid out (PRODUCT.md §3: "disbursements with the
-- beneficiary anonymised"), in the site's projection "site_transparency": each Kanyadan benefit and
-- each help withdrawal paid, with only the day, the amount that reached the beneficiary, the cause
-- and which scheme paid it. No name, number, place or request: nothing here points at a person.
CREATE TABLE site_transparency_payments (
  payment_key   text PRIMARY KEY,          -- 'help-<disbursementId>' or 'kanyadan-<regNo>', never shown
  paid_on       date NOT NULL,
  amount_paise  bigint NOT NULL CHECK (amount_paise >= 0),
  cause         text NOT NULL,
  scheme        text NOT NULL CHECK (scheme IN ('help', 'kanyadan')),
  position      bigint NOT NULL            -- the event's global position: a stable order within a day
);
CREATE INDEX site_transparency_payments_newest_idx ON site_transparency_payments (paid_on DESC, position DESC);

-- The payments recorded before this table: the same rows the projection writes (it ignores a row
-- already here), so the live table equals a replay from the first event.
INSERT INTO site_transparency_payments (payment_key, paid_on, amount_paise, cause, scheme, position)
SELECT 'help-' || (data->>'disbursementId'), (data->>'paidOn')::date, (data->>'netPaise')::bigint, data->>'cause', 'help', global_position
  FROM events WHERE type = 'DisbursementPaid'
UNION ALL
SELECT 'kanyadan-' || (data->>'regNo'), (data->>'paidOn')::date, (data->>'amountPaise')::bigint, 'kanyadan', 'kanyadan', global_position
  FROM events WHERE type = 'KanyadanBenefitDisbursed'
ON CONFLICT (payment_key) DO NOTHING;

-- Down Migration
DROP TABLE site_transparency_payments;
