-- Up Migration

-- "Check all read models" run from the console (issue 15): each check's progress and result. The
-- request and the outcome are events too (stream replay_check-<id>, with the actor); this table is
-- what the console polls while the job runs. One check at a time: a second request while one is
-- queued or running gets that one.
CREATE TABLE read_model_checks (
  check_id        uuid PRIMARY KEY,
  status          text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  requested_by    text NOT NULL,
  requested_at    timestamptz NOT NULL,
  events_total    bigint NOT NULL DEFAULT 0,
  events_replayed bigint NOT NULL DEFAULT 0,
  -- [{projection, events, differences: [{table, onlyInLive, onlyInReplay, onlyInLiveCount, onlyInReplayCount}]}]
  result          jsonb,
  error           text,
  finished_at     timestamptz
);
CREATE UNIQUE INDEX read_model_checks_one_at_a_time ON read_model_checks ((true)) WHERE status IN ('queued', 'running');
CREATE INDEX read_model_checks_recent_idx ON read_model_checks (requested_at DESC);

-- Down Migration
DROP TABLE read_model_checks;
