#!/bin/sh
# The daily full backup of Sahay's PostgreSQL with pgBackRest (docs/decisions/070): the compose
# file's `backup` service runs it. pgBackRest reads its settings from PGBACKREST_* variables
# (stanza, repository on a volume or S3, the cluster's data directory and socket).
#
#   backup-daily          creates the stanza if needed, checks that WAL reaches the repository,
#                         takes a first full backup when there is none, then one full backup a day
#                         at BACKUP_FULL_AT (UTC); each backup expires those older than
#                         BACKUP_RETENTION_DAYS (and the WAL only they needed)
#   backup-daily --once   the same, with one full backup now, then exits (a backup before an upgrade)
set -eu

fail() {
  echo "Invalid configuration: $*" >&2
  exit 1
}

at="${BACKUP_FULL_AT:-20:30}"
days="${BACKUP_RETENTION_DAYS:-14}"
case "$at" in
  [01][0-9]:[0-5][0-9] | 2[0-3]:[0-5][0-9]) ;;
  *) fail "BACKUP_FULL_AT must be a time of day HH:MM in UTC (20:30 is 02:00 in India), not '$at'" ;;
esac
case "$days" in
  '' | *[!0-9]*) fail "BACKUP_RETENTION_DAYS must be a whole number of days from 1 to 3650, not '$days'" ;;
esac
if [ "$days" -lt 1 ] || [ "$days" -gt 3650 ]; then fail "BACKUP_RETENTION_DAYS must be a whole number of days from 1 to 3650, not '$days'"; fi
case "${1:-}" in
  '' | --once) ;;
  *) echo "Usage: backup-daily [--once]" >&2; exit 2 ;;
esac
# Full backups are kept for that many days; the WAL between them with them (any minute in the window).
export PGBACKREST_REPO1_RETENTION_FULL_TYPE=time PGBACKREST_REPO1_RETENTION_FULL="$days"

log() { echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) backup-daily: $*"; }

# Tells the app's database (BACKUP_REPORT_DATABASE, `sahay`) what the repository holds, and the
# failure just met if any, for the System health page (docs/decisions/078). Over the cluster's
# socket as the postgres role; a database not migrated yet (or away) is logged, never fatal.
report() {
  info=$(pgbackrest info --output=json 2>/dev/null) || info='[]'
  psql -X -q -v ON_ERROR_STOP=1 -h "${PGBACKREST_PG1_SOCKET_PATH:-/var/run/postgresql}" -d "${BACKUP_REPORT_DATABASE:-sahay}" \
    -v stanza="${PGBACKREST_STANZA:-sahay}" -v info="$info" -v error="${1:-}" \
    -f "${BACKUP_REPORT_SQL:-/usr/local/share/sahay/record-backup.sql}" >/dev/null \
    || log "could not record the backups' state in the database (the System health page may say there is no backup)"
}

# PostgreSQL may still be starting: the stanza is made (or found matching) once it answers.
tries=0
until pgbackrest stanza-create; do
  tries=$((tries + 1))
  [ "$tries" -lt 30 ] || { log "PostgreSQL did not answer pgBackRest in 60 s"; exit 1; }
  sleep 2
done
# archive_command works: a WAL segment is switched and must reach the repository.
pgbackrest check
log "WAL archiving to the repository works"
report

full() {
  started=$(date +%s)
  if pgbackrest backup --type=full; then
    log "full backup done in $(($(date +%s) - started)) s; kept: $days days"
    report
  else
    code=$?
    log "FULL BACKUP FAILED (exit $code)"
    report "The full backup failed (pgBackRest exit code $code); its log has the reason."
    return 1
  fi
}

if [ "${1:-}" = --once ]; then
  full
  exit $?
fi
if ! pgbackrest info --output=json | grep -q '"type":"full"'; then full || true; fi
while :; do
  now=$(date -u +%s)
  next=$(date -u -d "today $at" +%s)
  [ "$next" -gt "$now" ] || next=$(date -u -d "tomorrow $at" +%s)
  log "next full backup at $(date -u -d "@$next" +%Y-%m-%dT%H:%M:%SZ)"
  sleep $((next - now))
  # A failure is logged and tried again at the next day's time. Whether backups happen is told by
  # the repository (pgbackrest info), not by this loop: report() copies its newest backup's end
  # into backup_status, whose age the System health page alerts on.
  full || true
done
