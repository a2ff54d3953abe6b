-- Up Migration

-- The client address of a request that recorded events (docs/decisions/022). It is personal data, so
-- it is kept out of the events (which outlive every retention period) and here instead, by the
-- request's correlation ID, for 90 days: long enough to look into abuse, then pruned daily. Erasing a
-- person deletes the addresses of their own requests.
CREATE TABLE request_addresses (
  correlation_id text PRIMARY KEY,
  actor          text NOT NULL,
  ip             text NOT NULL,
  recorded_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX request_addresses_recorded_at_idx ON request_addresses (recorded_at);
CREATE INDEX request_addresses_actor_idx ON request_addresses (actor);

-- Down Migration
DROP TABLE request_addresses;
