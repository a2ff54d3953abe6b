-- Up Migration

-- Whether backups happen (issue 34, decision 078): one row per pgBackRest stanza, written by
-- docker-compose's `backup` service (docker/postgres/record-backup.sql, run by backup-daily.sh with
-- psql over the cluster's socket) when it starts and after every backup it takes, from the
-- repository's own account of its backups (`pgbackrest info --output=json`): the newest backup's
-- end, and the last failure of this service. The System health page alerts when the newest backup
-- (or, before any, the first report) is 26 hours old. No row: no backup service reports here (the
-- embedded default, or PostgreSQL backed up some other way), and no alert.
CREATE TABLE backup_status (
  stanza          text PRIMARY KEY,
  watching_since  timestamptz NOT NULL DEFAULT now(),
  last_backup_at  timestamptz,
  last_failure_at timestamptz,
  last_error      text,
  reported_at     timestamptz NOT NULL DEFAULT now()
);

-- Down Migration

DROP TABLE backup_status;
