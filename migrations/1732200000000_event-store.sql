-- Up Migration

-- The event store (ARCHITECTURE.md, "The event store"). Every fact the foundation records lands here.
CREATE TABLE streams (
  stream_id  text PRIMARY KEY,
  version    integer NOT NULL CHECK (version >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id        uuid NOT NULL UNIQUE,
  stream_id       text NOT NULL,
  stream_version  integer NOT NULL CHECK (stream_version >= 1),
  type            text NOT NULL,
  schema_version  integer NOT NULL DEFAULT 1 CHECK (schema_version >= 1),
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL,
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_stream_version_unique UNIQUE (stream_id, stream_version)
);

-- Async processors read in (transaction_id, global_position) order.
CREATE INDEX events_transaction_position_idx ON events (transaction_id, global_position);
CREATE INDEX events_type_idx ON events (type);

CREATE FUNCTION events_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER events_no_update_or_delete BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_reject_change();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_reject_change();

-- A wake-up for processors; they always read the table itself, never the payload.
CREATE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sahay_events', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER events_notify_after_insert AFTER INSERT ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_notify();

REVOKE UPDATE, DELETE, TRUNCATE ON events FROM PUBLIC;

-- Where each async processor has read up to, and who owns it now.
CREATE TABLE processor_checkpoints (
  processor       text PRIMARY KEY,
  transaction_id  xid8 NOT NULL DEFAULT '0',
  global_position bigint NOT NULL DEFAULT 0,
  owner           text,
  lease_until     timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- Per-person data keys, wrapped with the master key. Erasure sets wrapped_key to NULL.
CREATE TABLE data_keys (
  subject_id  text PRIMARY KEY,
  wrapped_key bytea,
  created_at  timestamptz NOT NULL DEFAULT now(),
  erased_at   timestamptz
);

-- Effects of jobs that have happened, so a job delivered twice does its work once.
CREATE TABLE job_effects (
  job_id  text PRIMARY KEY,
  done_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE job_effects;
DROP TABLE data_keys;
DROP TABLE processor_checkpoints;
DROP TABLE events;
DROP FUNCTION events_notify();
DROP FUNCTION events_reject_change();
DROP TABLE streams;
