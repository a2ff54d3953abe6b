-- Up Migration

-- The app's database role (docs/decisions/019; rule 3 of the event store). Migrations run as the
-- role that owns the tables; the server and the worker connect as a login role that is a member of
-- the group role sahay_app and owns nothing. sahay_app may read and write the read models and the
-- bookkeeping tables, append to events, and nothing more: no UPDATE, DELETE or TRUNCATE on events,
-- and since it owns nothing it can neither drop the triggers that guard events nor change any table.
-- Roles are cluster-wide: docker/postgres-init creates sahay_app (so the owner needs no CREATEROLE);
-- elsewhere this creates it if it is missing. On PGlite (one superuser) the grants change nothing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'sahay_app') THEN
    BEGIN
      CREATE ROLE sahay_app NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      -- Another database of this cluster created it a moment ago (parallel test databases).
      NULL;
    END;
  END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO sahay_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO sahay_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO sahay_app;
-- Tables and sequences later migrations create (as this same role) get the same grants. A table
-- that must be append-only too revokes in its own migration, as events does below.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO sahay_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO sahay_app;

-- Append-only for real: the triggers reject UPDATE, DELETE and TRUNCATE for everyone, and the app
-- role lacks the privileges in the first place.
REVOKE UPDATE, DELETE, TRUNCATE ON events FROM sahay_app;
-- A stream's row only ever moves forward (append); deleting it would let its versions be claimed again.
REVOKE DELETE, TRUNCATE ON streams FROM sahay_app;
-- Erasure sets wrapped_key to NULL and keeps the row: deleting it would let a new key be made for
-- an erased person.
REVOKE DELETE, TRUNCATE ON data_keys FROM sahay_app;
-- The app reads which migrations ran (a process refuses to start on a schema it would have to
-- migrate without owning it) and records none: a row it added would make the owner skip a file.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON schema_migrations FROM sahay_app;

-- Down Migration

REVOKE ALL ON ALL TABLES IN SCHEMA public FROM sahay_app;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM sahay_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM sahay_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON SEQUENCES FROM sahay_app;
REVOKE USAGE ON SCHEMA public FROM sahay_app;
