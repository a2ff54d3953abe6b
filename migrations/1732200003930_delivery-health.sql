-- Up Migration

-- Whether mail and text messages are getting out (issue 34, decision 073): one row per channel
-- ('mail', 'sms'), written only when a process sees the state change — its first failure after a
-- success (failing_since set, if not already), any failure (last_failure_at, last_error), and its
-- first success after a failure (failing_since cleared). The System health page alerts when
-- failing_since is 15 minutes old. last_error is the error's message only, shortened and with
-- e-mail addresses and long numbers masked (as job_failures.last_error): no recipient, no text.
CREATE TABLE delivery_health (
  channel         text PRIMARY KEY CHECK (channel IN ('mail', 'sms')),
  failing_since   timestamptz,
  last_failure_at timestamptz,
  last_success_at timestamptz,
  last_error      text
);

-- Down Migration

DROP TABLE delivery_health;
