-- Up Migration

-- Since when a System health condition without a time of its own has held (issue 34, decision 078):
-- a store above 80 % of its configured size ('storage-database', 'storage-files'). Written by the
-- check that first sees it (the page, or the schedule every 5 minutes), removed by the first that
-- no longer does.
CREATE TABLE health_conditions (
  kind  text PRIMARY KEY,
  since timestamptz NOT NULL
);

-- Down Migration

DROP TABLE health_conditions;
