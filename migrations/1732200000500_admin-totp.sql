-- Up Migration

-- The admins' second factor (docs/decisions/013). Security state, written directly like sessions
-- (docs/decisions/002) in the same transaction as the AdminTotpEnabled / AdminTotpDisabled events,
-- which record the fact but not the secret. The secret is sealed under the admin's data key, so
-- erasing the person makes it unreadable. The row goes when the factor is turned off or reset.
CREATE TABLE admin_totp (
  user_id    text PRIMARY KEY,
  secret     jsonb NOT NULL,
  enabled_at timestamptz NOT NULL
);

-- A secret shown to the admin and waiting for its first code, and the last time step whose code
-- was used (a code works once).
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
