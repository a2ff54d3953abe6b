-- Up Migration

-- Which master key this database's data keys are wrapped with, by a check value only (an HMAC under
-- a subkey of the master key, never the key): a server, worker or tool started with another
-- SAHAY_MASTER_KEY refuses to start before it writes anything (server/src/event-store/master-key-check.ts,
-- docs/decisions/044). One row, written by the first process that starts with a key.
CREATE TABLE master_key_check (
  id smallint PRIMARY KEY CHECK (id = 1),
  check_value text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
-- Recorded once, never changed by the app.
REVOKE UPDATE, DELETE, TRUNCATE ON master_key_check FROM sahay_app;

-- Down Migration

DROP TABLE master_key_check;
