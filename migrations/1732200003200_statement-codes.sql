-- Up Migration

-- One-time codes that prove a donor holds an e-mail address or phone before anything gathered
-- across its donations is given (issue 29, docs/decisions/040). One live code per contact (its
-- blind index, never the contact): its tries, expiry, and once entered right, until when the proof
-- it gave may download the statement. The code itself is in no table: it is derived from code_id
-- with a key from the master key (docs/decisions/008). Security state changed only together with
-- the code's stream (StatementCodeRequested / StatementCodeVerified), like password_reset_codes;
-- expired rows are deleted daily by prune-statement-codes.
CREATE TABLE statement_codes (
  contact_key      text PRIMARY KEY,
  code_id          uuid NOT NULL UNIQUE,
  attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  requested_at     timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  verified_at      timestamptz,
  proof_expires_at timestamptz
);

-- Down Migration
DROP TABLE statement_codes;
