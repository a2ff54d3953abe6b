-- Up Migration

-- Read model of accounts (projection "users", fed by identity events). Personal fields are
-- scrubbed to NULL when a person's data is erased; lookups by e-mail go through a keyed hash.
CREATE TABLE users (
  user_id            text PRIMARY KEY,
  full_name          text,
  email              text,
  email_hash         text,
  phone              text,
  address            text,
  city               text,
  state              text,
  sponsor_id         text,
  role               text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
  permissions        text[] NOT NULL DEFAULT '{}',
  password_hash      text,
  status             text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'erased')),
  email_verified_at  timestamptz,
  joined_at          timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_email_hash_unique ON users (email_hash);
CREATE INDEX users_sponsor_idx ON users (sponsor_id, joined_at);

-- Sessions are security state, not business facts: kept as rows, not events (docs/decisions/002).
CREATE TABLE sessions (
  id_hash      text PRIMARY KEY,
  user_id      text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('cookie', 'bearer')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- Failed sign-ins per account, for backoff and temporary locks.
CREATE TABLE login_failures (
  account_key     text PRIMARY KEY,
  failures        integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz
);

-- Fixed-window counters for rate limits (per IP, per account), shared by every server process.
CREATE TABLE rate_limits (
  bucket       text NOT NULL,
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, window_start)
);

-- Read model of invite codes (projection "epins").
CREATE TABLE epins (
  code         text PRIMARY KEY,
  generated_by text NOT NULL,
  held_by      text,
  used_by      text,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL
);
CREATE INDEX epins_held_unused_idx ON epins (held_by, created_at) WHERE used_by IS NULL;

-- Down Migration
DROP TABLE epins;
DROP TABLE rate_limits;
DROP TABLE login_failures;
DROP TABLE sessions;
DROP TABLE users;
