-- Up Migration

-- Separate keys derived from the master key (docs/decisions/019). Each data key records how it is
-- wrapped: 1 = under the raw master key (every row written before this), 2 = under the derived
-- wrapping key. The default stays 1 so that a process still running the old code during a deploy
-- labels its new rows truthfully; the new code always writes 2. The key migration that runs after
-- the SQL migrations (server/src/event-store/key-migration.ts) re-wraps the 1s as 2s; a reader
-- unwraps with whichever scheme the row names, so a migration stopped half-way loses nothing.
ALTER TABLE data_keys ADD COLUMN key_scheme smallint NOT NULL DEFAULT 1 CHECK (key_scheme >= 1);

-- The blind-index key each module's read model was last indexed with (a key ID, not the key). A
-- module whose row is missing or names another key is re-indexed once by the key migration.
CREATE TABLE blind_index_versions (
  module     text PRIMARY KEY,
  key_id     text NOT NULL,
  indexed_at timestamptz NOT NULL
);

-- Down Migration

DROP TABLE blind_index_versions;
ALTER TABLE data_keys DROP COLUMN key_scheme;
