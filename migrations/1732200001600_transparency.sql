-- Up Migration

-- The public /transparency page (site's projection "site_transparency", async like the counters).
-- Money received (verified donations, less cancelled ones) and disbursed (Kanyadan benefits paid;
-- help disbursements later) per month and cause: a handful of rows a month, so the page sums them
-- without reading the donations. Money is integer paise; a month is 'YYYY-MM' in India.
CREATE TABLE site_transparency_months (
  month            text NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
  cause            text NOT NULL,
  received_paise   bigint NOT NULL DEFAULT 0,
  gifts            integer NOT NULL DEFAULT 0,
  disbursed_paise  bigint NOT NULL DEFAULT 0,
  disbursements    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (month, cause)
);

-- Every verified, not cancelled donation as the page lists it: no donor here, only what is public.
CREATE TABLE site_transparency_gifts (
  reference     text PRIMARY KEY,
  received_on   date NOT NULL,
  amount_paise  bigint NOT NULL CHECK (amount_paise > 0),
  cause         text NOT NULL,
  verified_at   timestamptz NOT NULL
);
CREATE INDEX site_transparency_gifts_newest_idx ON site_transparency_gifts (received_on DESC, verified_at DESC, reference);

-- The names donors agreed to show ("show my name on the transparency page"), from the pledge; a
-- name goes when its donor's data is erased.
CREATE TABLE site_transparency_names (
  reference  text PRIMARY KEY,
  name       text NOT NULL
);

-- Down Migration
DROP TABLE site_transparency_names;
DROP TABLE site_transparency_gifts;
DROP TABLE site_transparency_months;
