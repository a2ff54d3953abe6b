-- What docker-compose's `backup` service tells the app's database about its backups (issue 34,
-- docs/decisions/078), for the System health page's "no successful backup for 26 hours". Run by
-- backup-daily.sh with psql over the cluster's socket, when the service starts and after every
-- backup it tries:
--   psql -v stanza=sahay -v info="$(pgbackrest info --output=json)" -v error='' -f record-backup.sql
-- :'info' is pgBackRest's own account of the repository: the newest backup that did not end in
-- error is the last successful one, whoever took it (this service, or `backup-daily --once` by
-- hand). :'error' is empty, or a short fixed sentence after a failed backup (never its output).
INSERT INTO backup_status AS status (stanza, last_backup_at, last_failure_at, last_error, reported_at)
SELECT :'stanza',
       (SELECT to_timestamp(max((backup->'timestamp'->>'stop')::bigint))
          FROM jsonb_array_elements(:'info'::jsonb) AS stanza,
               jsonb_array_elements(COALESCE(stanza->'backup', '[]'::jsonb)) AS backup
         WHERE stanza->>'name' = :'stanza'
           AND COALESCE((backup->>'error')::boolean, false) = false),
       CASE WHEN :'error' <> '' THEN now() END,
       NULLIF(left(:'error', 300), ''),
       now()
ON CONFLICT (stanza) DO UPDATE SET
  last_backup_at  = COALESCE(EXCLUDED.last_backup_at, status.last_backup_at),
  last_failure_at = COALESCE(EXCLUDED.last_failure_at, status.last_failure_at),
  last_error      = CASE WHEN EXCLUDED.last_failure_at IS NOT NULL THEN EXCLUDED.last_error ELSE status.last_error END,
  reported_at     = EXCLUDED.reported_at;
