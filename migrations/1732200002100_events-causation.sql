-- Up Migration

-- The audit screen shows, for each event of a record, the events it caused in any stream (issue 15):
-- found by the causation ID in the metadata. Only events that name a cause are indexed.
CREATE INDEX events_causation_idx ON events ((metadata->>'causationId')) WHERE metadata->>'causationId' IS NOT NULL;

-- Down Migration
DROP INDEX events_causation_idx;
