-- Up Migration

-- Donations (projection "donations", inline: the pay step, the status page and the admin queue read
-- it at once). One row per donation, keyed by its reference (8 characters, no personal data). The
-- donor_* columns are revealed from the sealed details and set to NULL when the donation's key is
-- erased; contact_keys are blind indexes (keyed hashes) of the e-mail and phone, computed with the
-- key in force, for the status look-up by reference and contact. Money is integer paise.
CREATE TABLE donations (
  reference                 text PRIMARY KEY CHECK (reference ~ '^[A-Z2-9]{8}$'),
  status                    text NOT NULL CHECK (status IN ('awaiting_payment', 'proof_received', 'verified', 'rejected', 'abandoned', 'cancelled')),
  amount_paise              bigint NOT NULL CHECK (amount_paise > 0),
  cause                     text NOT NULL,
  donor_name                text,
  donor_email               text,
  donor_phone               text,
  donor_pan                 text,
  donor_address             text,
  contact_keys              text[] NOT NULL DEFAULT '{}',
  donor_key                 text,
  has_pan                   boolean NOT NULL,
  show_name                 boolean NOT NULL,
  referrer_id               text,
  member_id                 text,
  channel                   text NOT NULL CHECK (channel IN ('online', 'offline')),
  utr                       text,
  utr_kind                  text,
  -- The latest screenshot sent, and the processed image of the latest one processed.
  screenshot_upload_id      uuid,
  screenshot_status         text CHECK (screenshot_status IN ('processing', 'ready', 'rejected')),
  screenshot_file_id        uuid,
  received_on               date,
  mode                      text,
  instrument_number         text,
  receipt_serial            text UNIQUE,
  receipt_issued_on         date,
  financial_year            text,
  -- The stored PDFs (ReceiptRendered): as issued, and re-issued marked CANCELLED.
  receipt_file_id           uuid,
  cancelled_receipt_file_id uuid,
  -- Why it was rejected or cancelled.
  reason                    text,
  pledged_at                timestamptz NOT NULL,
  proof_at                  timestamptz,
  verified_at               timestamptz,
  updated_at                timestamptz NOT NULL
);
CREATE INDEX donations_queue_idx ON donations (status, pledged_at DESC);
CREATE INDEX donations_pledged_at_idx ON donations (pledged_at DESC);
CREATE INDEX donations_member_idx ON donations (member_id, pledged_at DESC) WHERE member_id IS NOT NULL;
CREATE INDEX donations_awaiting_idx ON donations (reference) WHERE status = 'awaiting_payment';

-- Distinct donors behind the public Happy Donors counter (site's projection "site_counters", async):
-- verified and not cancelled gifts per donor key (a blind index of the donor's e-mail or phone).
CREATE TABLE site_counter_donors (
  donor_key text PRIMARY KEY,
  gifts     integer NOT NULL CHECK (gifts > 0)
);

-- Down Migration
DROP TABLE site_counter_donors;
DROP TABLE donations;
