-- Up Migration

-- Read model of the admins' second factor (projection "admin_totp", fed by AdminTotpEnabled and
-- AdminTotpDisabled). The secret stays sealed under the admin's data key, as in the event; sign-in
-- reveals it. A row is deleted when the admin turns it off or the person is erased.
CREATE TABLE admin_totp (
  user_id    text PRIMARY KEY,
  secret     jsonb NOT NULL,
  enabled_at timestamptz NOT NULL
);

-- Security state, written directly like sessions (docs/decisions/002), not projections: a secret
-- shown to the admin and waiting for its first code, and the last time step whose code signed the
-- admin in (a code works once).
CREATE TABLE admin_totp_setups (
  user_id    text PRIMARY KEY,
  secret     jsonb NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE admin_totp_used_steps (
  user_id   text PRIMARY KEY,
  last_step bigint NOT NULL
);

-- Down Migration

DROP TABLE admin_totp_used_steps;
DROP TABLE admin_totp_setups;
DROP TABLE admin_totp;
