-- Up Migration

-- Foreign contributions under the FCRA 2010 (issue 31; decision 058). The donations read model
-- (projection "donations") learns what the donor declared: `citizenship` ('indian', 'foreign', or
-- NULL when not declared: a domestic gift, as every pledge before this migration), the foreign
-- citizen's `country` (ISO 3166-1 alpha-2), and `is_foreign`, which keeps a foreign contribution out
-- of every domestic figure: the dashboard, Form 10BD, and bank-statement matching.
ALTER TABLE donations
  ADD COLUMN citizenship text CHECK (citizenship IN ('indian', 'foreign')),
  ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$'),
  ADD COLUMN is_foreign boolean NOT NULL DEFAULT false;

-- The dashboard's domestic months: the same index-only range, foreign contributions left out.
DROP INDEX donations_received_idx;
CREATE INDEX donations_received_idx ON donations (received_on) INCLUDE (amount_paise) WHERE status = 'verified' AND NOT is_foreign;

-- The quarterly disclosure of foreign contributions on /transparency (projection "site_transparency"):
-- one row per foreign citizen's pledge, listed once verified (received_on set) and taken off the list
-- when cancelled. The donor's name is published, as the FCRA rules require (the donor is told when
-- pledging); an erasure removes the name and keeps the row, marked as erased.
CREATE TABLE site_transparency_foreign (
  reference      text PRIMARY KEY,
  donor_name     text,
  is_name_erased boolean NOT NULL DEFAULT false,
  country        text NOT NULL,
  cause          text NOT NULL,
  amount_paise   bigint NOT NULL CHECK (amount_paise > 0),
  received_on    date,
  verified_at    timestamptz
);
CREATE INDEX site_transparency_foreign_received_idx ON site_transparency_foreign (received_on DESC, verified_at DESC, reference) WHERE received_on IS NOT NULL;

-- Down Migration
DROP TABLE site_transparency_foreign;
DROP INDEX donations_received_idx;
CREATE INDEX donations_received_idx ON donations (received_on) INCLUDE (amount_paise) WHERE status = 'verified';
ALTER TABLE donations DROP COLUMN is_foreign, DROP COLUMN country, DROP COLUMN citizenship;
