-- Up Migration

-- Whether the payment gateway's webhook deliveries are taken (issue 34, decision 078): one row per
-- webhook ('razorpay'), written at each delivery while online payments are on. A refused or failing
-- delivery (bad signature, unreadable body, an error) counts one more failure since the last taken
-- one and keeps failing_since; a taken delivery clears both. last_reason is a fixed word
-- ('signature', 'body', 'error'), never the body or an error's message.
CREATE TABLE webhook_health (
  webhook         text PRIMARY KEY CHECK (webhook IN ('razorpay')),
  failing_since   timestamptz,
  failures        integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  last_failure_at timestamptz,
  last_reason     text CHECK (last_reason IN ('signature', 'body', 'error')),
  last_success_at timestamptz
);

-- Down Migration

DROP TABLE webhook_health;
