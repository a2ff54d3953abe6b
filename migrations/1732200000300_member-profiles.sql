-- Up Migration

-- Read model of a member's payout details and UPI QR image (projection "member_profiles", fed by
-- ProfileUpdated and the QrCode* events; docs/decisions/009). Phone, address, city and state stay
-- in users, which the same ProfileUpdated event updates. Rows are deleted when a person is erased.
CREATE TABLE member_profiles (
  user_id              text PRIMARY KEY,
  upi_id               text,
  bank_name            text,
  account_holder       text,
  account_number       text,
  ifsc                 text,
  -- The state of the latest QR upload: none yet, waiting for the job, shown, or refused by the job.
  qr_status            text NOT NULL DEFAULT 'none' CHECK (qr_status IN ('none', 'processing', 'ready', 'rejected')),
  qr_pending_upload_id uuid,
  -- The processed image shown now (a name the server chose under files/qr-codes) and its upload.
  qr_upload_id         uuid,
  qr_file              text,
  updated_at           timestamptz NOT NULL
);

-- Password reset codes (docs/decisions/008): one live code per account, its tries and expiry. The
-- code itself is not stored anywhere: it is derived from reset_id with a key from the master key.
-- Security state, written directly like sessions (docs/decisions/002), not a projection.
CREATE TABLE password_reset_codes (
  user_id      text PRIMARY KEY,
  reset_id     uuid NOT NULL,
  attempts     integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  requested_at timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);

-- Down Migration
DROP TABLE password_reset_codes;
DROP TABLE member_profiles;
