-- Up Migration

-- Personal data written in clear by older versions (HelpRequested version 1 held a request's title
-- and story in clear) is sealed in place by the owner's one-time reseal (docs/decisions/041), which
-- `npm run migrate` runs as the role that owns the tables. Events stay append-only for everyone
-- else: the app's role still has no UPDATE on events, and the trigger lets an UPDATE through only
-- when the transaction said it is the reseal (SET LOCAL sahay.reseal = 'on') and the row keeps its
-- identity, place, type, metadata and time while its schema version goes up.
CREATE OR REPLACE FUNCTION events_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('sahay.reseal', true) = 'on'
     AND NEW.global_position = OLD.global_position AND NEW.event_id = OLD.event_id
     AND NEW.stream_id = OLD.stream_id AND NEW.stream_version = OLD.stream_version
     AND NEW.type = OLD.type AND NEW.metadata = OLD.metadata
     AND NEW.transaction_id = OLD.transaction_id AND NEW.recorded_at = OLD.recorded_at
     AND NEW.schema_version > OLD.schema_version THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'events are append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;

-- Down Migration
CREATE OR REPLACE FUNCTION events_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
