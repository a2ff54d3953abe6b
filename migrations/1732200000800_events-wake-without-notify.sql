-- Up Migration

-- No NOTIFY inside the writing transaction (docs/decisions/018). A transaction that NOTIFYs takes
-- one server-wide lock at commit and holds it through its WAL flush, so with this trigger every
-- appending transaction queued behind every other one. The app now wakes its readers after the
-- commit: in-process at once, and other processes through one NOTIFY per short interval sent on a
-- connection of its own (server/src/event-store/wake.ts). Readers still only ever read the table.
DROP TRIGGER events_notify_after_insert ON events;
DROP FUNCTION events_notify();

-- Down Migration
CREATE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sahay_events', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER events_notify_after_insert AFTER INSERT ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_notify();
