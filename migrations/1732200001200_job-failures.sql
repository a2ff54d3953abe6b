-- Up Migration

-- Jobs that gave up after their last attempt, for the admins' failed-jobs view (decision 020).
-- Written by whichever queue runs the job (in-process or the BullMQ worker), so the list is the same
-- for both and survives a restart of the embedded server. A row goes when a retried run succeeds.
-- The source columns say where the job came from: an event (event_id, event_type, stream_id; stream
-- IDs hold no personal data, rule 9) or a schedule's time slot (scheduled_at). last_error is the
-- error's message only, shortened and with e-mail addresses and long numbers masked: no stack.
CREATE TABLE job_failures (
  job_id          text PRIMARY KEY,
  handler         text NOT NULL,
  event_id        uuid,
  event_type      text,
  stream_id       text,
  scheduled_at    timestamptz,
  attempts        integer NOT NULL CHECK (attempts >= 0),
  last_error      text NOT NULL,
  first_failed_at timestamptz NOT NULL,
  last_failed_at  timestamptz NOT NULL,
  -- Set when an admin asks for a retry; cleared when the retry gives up again.
  retried_at      timestamptz,
  CHECK ((event_id IS NULL) <> (scheduled_at IS NULL))
);
CREATE INDEX job_failures_last_failed_at_idx ON job_failures (last_failed_at DESC);

-- Time slots of schedules run by the in-process queue, claimed before a run so that two server
-- processes sharing one PostgreSQL without Redis do not both run a slot (BullMQ's job scheduler
-- does the same in Redis). Old claims are deleted as new ones are made.
CREATE TABLE job_schedule_slots (
  schedule   text NOT NULL,
  slot       timestamptz NOT NULL,
  claimed_at timestamptz NOT NULL,
  PRIMARY KEY (schedule, slot)
);

-- Down Migration

DROP TABLE job_schedule_slots;
DROP TABLE job_failures;
