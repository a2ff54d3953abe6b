-- Up Migration

-- Withdrawals of money the foundation holds for a help request (projection "help_requests", inline,
-- beside help_requests: the beneficiary's history and finance's queue change at once; issue 14).
-- The balance itself is never stored: each command folds the request's stream. contact_number is
-- revealed from the sealed event and set to NULL when the request's data is erased.
CREATE TABLE help_disbursements (
  disbursement_id     uuid PRIMARY KEY,
  request_id          text NOT NULL,
  amount_paise        bigint NOT NULL CHECK (amount_paise > 0),
  admin_charge_paise  bigint NOT NULL CHECK (admin_charge_paise >= 0),
  net_paise           bigint NOT NULL CHECK (net_paise >= 0),
  status              text NOT NULL CHECK (status IN ('requested', 'approved', 'rejected', 'paid')),
  contact_number      text,
  requested_by        text NOT NULL,
  requested_at        timestamptz NOT NULL,
  approved_by         text,
  approved_at         timestamptz,
  rejection_reason    text,
  rejected_by         text,
  utr                 text,
  paid_on             date,
  paid_by             text,
  updated_at          timestamptz NOT NULL
);
CREATE INDEX help_disbursements_request_idx ON help_disbursements (request_id, requested_at DESC);
CREATE INDEX help_disbursements_queue_idx ON help_disbursements (status, requested_at);

-- Direct gifts: paid by a signed-in giver straight to the beneficiary's UPI, confirmed or disputed by
-- the beneficiary, disputes decided by staff (projection "help_requests", inline). A confirmed gift,
-- or a dispute decided 'received', adds to help_requests.raised_direct_paise.
CREATE TABLE help_gifts (
  gift_id              uuid PRIMARY KEY,
  request_id           text NOT NULL,
  giver_id             text NOT NULL,
  amount_paise         bigint NOT NULL CHECK (amount_paise > 0),
  utr                  text NOT NULL,
  screenshot_file_id   uuid NOT NULL,
  status               text NOT NULL CHECK (status IN ('pending', 'confirmed', 'disputed', 'received', 'not-received')),
  submitted_at         timestamptz NOT NULL,
  disputed_at          timestamptz,
  decision_reason      text,
  decided_by           text,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX help_gifts_request_idx ON help_gifts (request_id, submitted_at DESC);
CREATE INDEX help_gifts_giver_idx ON help_gifts (giver_id, submitted_at DESC);
CREATE INDEX help_gifts_disputed_idx ON help_gifts (disputed_at) WHERE status = 'disputed';

-- Updates the requester or staff post on a published request's page: [{text: {en, hi}, by, postedAt}].
ALTER TABLE help_requests ADD COLUMN updates jsonb NOT NULL DEFAULT '[]';

-- The help requests that have reached their beneficiary (a withdrawal paid), for the People Helped
-- counter: one person helped per request, however many payments or gifts (site's projection "site_counters").
CREATE TABLE site_counter_helped (
  request_id  text PRIMARY KEY
);

-- Down Migration
ALTER TABLE help_requests DROP COLUMN updates;
DROP TABLE help_gifts;
DROP TABLE site_counter_helped;
DROP TABLE help_disbursements;
